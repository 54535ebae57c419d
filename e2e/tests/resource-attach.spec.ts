import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { contrastOf } from '../support/contrast.ts';
import { callApi, clickRowAction, confirm, rowWithCell } from '../support/system.ts';

/** 星河智能科技有限公司 of the demo data. */
const XINGHE = '190000000000010100';
/** A small PDF the server recognises by its content. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x20)]);

/**
 * Attachment management: a file attached to a certificate shows in the tenant's list with its size,
 * owner and uploader, is found by name, downloads under its name, and is deleted after a confirmation.
 */
test('an administrator finds, downloads and deletes an attached file', async ({ page }) => {
  const stamp = String(Date.now()).slice(-6);
  const fileName = `端到端附件${stamp}.pdf`;
  await loginAsAdmin(page);
  const certificate = await callApi<{ id: string }>(page, 'blade-crm/certificate/submit', {
    method: 'POST',
    data: {
      enterpriseId: XINGHE,
      certificateNo: `E2E-${stamp}`,
      certificateName: `附件证书${stamp}`,
      certificateType: 2,
    },
  });
  await callApi(page, 'blade-crm/certificate/save-attach', {
    method: 'POST',
    params: { certificateId: certificate.id },
    multipart: { file: { name: fileName, mimeType: 'application/pdf', buffer: PDF } },
  });

  await openMenu(page, '资源管理', '附件管理');
  await expect(page).toHaveURL(/\/resource\/attach$/);
  const row = rowWithCell(page, fileName);

  await test.step('the file is listed with its size, type, owner and uploader, and found by name', async () => {
    await expect(page.getByRole('button', { name: label('新增') })).toHaveCount(0);
    await page.locator('#search_name').fill(`端到端附件${stamp}`);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
    await expect(row).toContainText('3 KB');
    await expect(row).toContainText('pdf');
    await expect(row).toContainText('证书奖项');
    await expect(row).toContainText('管理员');
    await expect(row.getByRole('button', { name: label('编辑') })).toHaveCount(0);
    await expectNoAxeViolations(page, 'attachments');
  });

  await test.step('it downloads under its own name', async () => {
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: label('下载') }).click();
    expect((await download).suggestedFilename()).toBe(fileName);
  });

  await test.step('its name reads as a link on the dark theme too (WCAG AA)', async () => {
    await page.getByRole('button', { name: '主题' }).click();
    await page.getByTestId('theme-dark').click();
    await page.keyboard.press('Escape');
    const link = row.getByRole('link', { name: fileName });
    await expect.poll(async () => (await link.evaluate(contrastOf)).ratio).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page, 'attachments, dark theme');
  });

  await test.step('it is deleted after a confirmation, and leaves its certificate too', async () => {
    await clickRowAction(row, '删除');
    await confirm(page, '确定将选择数据删除?', '删除成功');
    await expect(row).toHaveCount(0);
    const left = await callApi<unknown[]>(page, 'blade-crm/certificate/attach-list', {
      params: { certificateId: certificate.id },
    });
    expect(left).toEqual([]);
  });

  await callApi(page, 'blade-crm/certificate/remove', { method: 'POST', params: { ids: certificate.id } });
});
