import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, toast } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { E2E_S3, e2eS3Endpoint } from '../support/fake-s3.ts';
import { walkProvider } from '../support/resource.ts';
import { callApi, clickRowAction, confirm, rowWithCell, saveDialog } from '../support/system.ts';

/** The object storage screen (spec parts 1 and 7): one provider enabled at a time, the secret never shown. */
test('an administrator adds, edits, enables and deletes OSS configurations', async ({ page }) => {
  await walkProvider(page, {
    menu: '对象存储',
    path: /\/resource\/oss$/,
    api: 'blade-resource/oss',
    codeField: 'ossCode',
    fill: async (p, dialog) => {
      await pickOption(p, dialog, 'category', 'MinIO');
      await dialog.locator('#endpoint').fill('http://127.0.0.1:9000');
      await dialog.locator('#accessKey').fill('minio');
      await dialog.locator('#secretKey').fill('e2e-secret');
      await dialog.locator('#bucketName').fill('park');
    },
    body: {
      category: 3,
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      accessKey: 'ali',
      secretKey: 's2',
      bucketName: 'b2',
    },
    edit: { field: 'bucketName', value: 'e2e-bucket' },
  });
});

/**
 * 测试连接 against a store nobody answers at (a port nothing listens on): the row action says the
 * connection failed, in one plain message that never tells what answered (issue 28). The
 * configuration is never enabled, so no other walk's uploads go to it.
 */
test('测试连接 shows a clear failure for an unreachable store', async ({ page }) => {
  const code = `t${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  await callApi(page, 'blade-resource/oss/submit', {
    method: 'POST',
    data: {
      ossCode: code,
      category: 1,
      endpoint: 'http://127.0.0.1:9',
      accessKey: 'minio',
      secretKey: 'e2e-secret',
      bucketName: 'park',
    },
  });
  await openMenu(page, '资源管理', '对象存储');
  await page.locator('#search_ossCode').fill(code);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, code);
  await expect(row).toHaveCount(1);

  await clickRowAction(row, '测试连接');
  await expect(
    page.locator('.ant-message').getByText('连接测试失败：无法连接到该存储，请检查地址、端口、空间名与密钥').first(),
  ).toBeVisible();

  const { records } = await callApi<{ records: { id: string; ossCode: string }[] }>(page, 'blade-resource/oss/page', {
    params: { ossCode: code },
  });
  const id = records.find((r) => r.ossCode === code)?.id;
  expect(id).toBeTruthy();
  await callApi(page, 'blade-resource/oss/remove', { method: 'POST', params: { ids: String(id) } });
});

type OssRow = { id: string; ossCode: string; status: number };
const ENABLED = 2;

/**
 * The enabled configuration really stores the files (issue 21): a MinIO configuration pointed at the
 * run's S3 server (support/fake-s3.ts) passes 测试连接 and is enabled; the avatar uploaded next goes
 * to its bucket and shows from the new link. The avatar is not saved, and whatever was enabled before
 * is enabled again, so the walks after this one store their files as before.
 */
test('an enabled configuration stores the avatar uploaded next in its bucket', async ({ page }) => {
  const code = `s${String(Date.now()).slice(-8)}`;
  await loginAsAdmin(page);
  const rows = (params: Record<string, string>) =>
    callApi<{ records: OssRow[] }>(page, 'blade-resource/oss/page', { params: { size: '100', ...params } });
  const wasEnabled = (await rows({})).records.find((r) => r.status === ENABLED)?.id;
  let id: string | undefined;
  try {
    await openMenu(page, '资源管理', '对象存储');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.locator('#ossCode').fill(code);
    await pickOption(page, dialog, 'category', 'MinIO');
    await dialog.locator('#endpoint').fill(e2eS3Endpoint());
    await dialog.locator('#accessKey').fill(E2E_S3.accessKey);
    await dialog.locator('#secretKey').fill(E2E_S3.secretKey);
    await dialog.locator('#bucketName').fill(E2E_S3.bucket);
    await saveDialog(page, dialog, '新增成功');
    id = (await rows({ ossCode: code })).records.find((r) => r.ossCode === code)?.id;
    expect(id).toBeTruthy();

    await page.locator('#search_ossCode').fill(code);
    await page.getByRole('button', { name: label('搜索') }).click();
    const row = rowWithCell(page, code);
    await expect(row).toHaveCount(1);
    await clickRowAction(row, '测试连接');
    await expect(toast(page, '连接成功：测试文件已写入、读取并删除')).toBeVisible();
    await expectNoAxeViolations(page, 'object storage');
    await clickRowAction(row, '启用');
    await confirm(page, '确定启用该配置?', '操作成功');
    await expect(row.locator('.ant-tag')).toHaveText('启用');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人信息' }).click();
    await expect(page).toHaveURL(/\/info\/index$/);
    // A real PNG, drawn by the browser, so that the <img> can decode it.
    const png = Buffer.from(
      await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 16;
        const g = canvas.getContext('2d');
        if (g) {
          g.fillStyle = '#1677ff';
          g.fillRect(0, 0, 16, 16);
        }
        return canvas.toDataURL('image/png').split(',')[1];
      }),
      'base64',
    );
    const uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
    await page.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    const avatar = page.getByTestId('avatar').locator('img');
    // The link names the configuration's store: the file went to its bucket, not the local disk.
    await expect(avatar).toHaveAttribute('src', new RegExp(`/oss/endpoint/file/oss-${id}/000000/[0-9a-f]{32}\\.png$`));
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

    // And it is in the bucket itself, byte for byte (s3rver answers an unsigned GetObject).
    const key = String(await avatar.getAttribute('src'))
      .split('/')
      .slice(-2)
      .join('/');
    const object = await page.request.get(`${e2eS3Endpoint()}/${E2E_S3.bucket}/${key}`);
    expect(object.status()).toBe(200);
    expect((await object.body()).equals(png)).toBe(true);
  } finally {
    if (wasEnabled) await callApi(page, 'blade-resource/oss/enable', { method: 'POST', params: { id: wasEnabled } });
    if (id) await callApi(page, 'blade-resource/oss/remove', { method: 'POST', params: { ids: id } });
  }
});
