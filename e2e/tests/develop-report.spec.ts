import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { callApi, clickRowAction, confirm, requestApi, rowWithCell, today } from '../support/system.ts';

const API = 'blade-report/report/rest';

/** The month before `day` (yyyy-MM-dd), as yyyy-MM. */
function monthBefore(day: string): string {
  const [year, month] = day.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** A download started by `click`, its suggested name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const event = page.waitForEvent('download');
  await click();
  const file = await event;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path()) as string) };
}

/**
 * 报表管理 (/report/reportlist) as the administrator over the demo park: 生成报表 opens on last month and makes its
 * report; the row shows it done with its sizes; its PDF and Excel download under the month's name (their first
 * bytes a PDF's and a zip's); the screen and the dialog in English pass axe; the report is deleted after the
 * confirmation.
 */
test('报表管理 generates last month’s park report, downloads its PDF and Excel, and deletes it', async ({ page }) => {
  const month = monthBefore(today());
  await loginAsAdmin(page, { at: '/report/reportlist' });
  // A database kept from an earlier run may hold the month already: start without it.
  const left = await callApi<{ records: { id: string }[] }>(page, `${API}/list`, { params: { period: month } });
  if (left.records.length) {
    await requestApi(page, `${API}/remove`, {
      method: 'POST',
      params: { ids: left.records.map((r) => r.id).join(',') },
    });
    await page.reload();
  }

  await page.getByRole('button', { name: label('生成报表') }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '生成报表' }));
  await expect(dialog.getByLabel('统计月份')).toHaveValue(month);
  await dialog.getByRole('button', { name: label('生成') }).click();
  await expect(toast(page, '操作成功!').first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const row = rowWithCell(page, month);
  await expect(row.getByText('已完成')).toBeVisible();
  await expect(row.getByRole('cell', { name: `园区运营月报 ${month}`, exact: true })).toBeVisible();

  const pdf = await downloaded(page, () => clickRowAction(row, '下载 PDF'));
  expect(pdf.name).toBe(`园区运营月报-${month}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.length).toBeGreaterThan(5000);
  const xlsx = await downloaded(page, () => clickRowAction(row, '下载 Excel'));
  expect(xlsx.name).toBe(`园区运营月报-${month}.xlsx`);
  expect([...xlsx.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);

  // Searched by its month, it is the only one.
  await page.locator('#reportSearch_period').click();
  await page.locator('#reportSearch_period').fill(month);
  await page.locator('#reportSearch_period').press('Enter');
  await page.getByRole('button', { name: label('搜索') }).click();
  await expect(page.getByTestId('report-list').locator('tr.ant-table-row')).toHaveCount(1);

  await switchToEnglish(page);
  await expect(row.getByText('Ready')).toBeVisible();
  await expectNoAxeViolations(page, '/report/reportlist en', 'screen');
  await page.getByRole('button', { name: label('Generate report') }).click();
  const english = await settled(page.getByRole('dialog', { name: 'Generate report' }));
  await expectNoAxeViolations(page, '/report/reportlist generate dialog en');
  await english.getByRole('button', { name: label('Cancel') }).click();
  await expect(english).toBeHidden();

  await page.getByRole('button', { name: 'English (Language)' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await clickRowAction(row, '删除');
  await confirm(page, '确定将选择数据删除?', '删除成功');
  await expect(row).toHaveCount(0);
  const gone = await callApi<{ total: number }>(page, `${API}/list`, { params: { period: month } });
  expect(gone.total).toBe(0);
});
