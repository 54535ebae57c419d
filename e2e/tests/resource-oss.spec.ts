import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { walkProvider } from '../support/resource.ts';
import { callApi, clickRowAction, rowWithCell } from '../support/system.ts';

/** The object storage screen (spec parts 1 and 7): one provider enabled at a time, the secret never shown. */
test('an administrator adds, edits, enables and deletes OSS configurations', async ({ page }) => {
  await walkProvider(page, {
    menu: '对象存储',
    path: /\/resource\/oss$/,
    api: 'blade-resource/oss',
    codeField: 'ossCode',
    fill: async (p, dialog) => {
      await pickOption(p, dialog, 'category', 'minio');
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
 * 测试连接 against a store nobody answers at (no S3 server in this run): the row action says the
 * connection failed and why, in the store's own words. The configuration is never enabled, so no
 * other walk's uploads go to it.
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
    page
      .locator('.ant-message')
      .getByText(/^连接失败（写入测试文件时）：.*ECONNREFUSED/)
      .first(),
  ).toBeVisible();

  const { records } = await callApi<{ records: { id: string; ossCode: string }[] }>(page, 'blade-resource/oss/page', {
    params: { ossCode: code },
  });
  const id = records.find((r) => r.ossCode === code)?.id;
  expect(id).toBeTruthy();
  await callApi(page, 'blade-resource/oss/remove', { method: 'POST', params: { ids: String(id) } });
});
