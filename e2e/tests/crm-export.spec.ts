import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';
import { callApi } from '../support/system.ts';

/**
 * 导出 of a CRM list as a person reads the file: the list's search narrows it, and the workbook
 * names the enterprise and shows the contract status's label and the amount as money, not the
 * stored ids and keys.
 */
test('the project list exports what it shows: enterprise names, dictionary labels, money', async ({ page }) => {
  const stamp = Date.now();
  const enterpriseName = `导出企业${stamp}`;
  const projectNo = `EXP-${stamp}`;

  await loginAsAdmin(page);
  const enterprise = await callApi<{ id: string }>(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName,
      creditCode: `77${stamp}`, // the older 15-digit form
      agentName: '导出联系人',
      agentPhone: '13900005678',
      account: `e2e_exp_${stamp}`,
      password: 'Secret-123',
    },
  });
  await callApi(page, 'blade-crm/project/submit', {
    method: 'POST',
    data: {
      enterpriseId: enterprise.id,
      projectNo,
      projectName: '导出测试项目',
      dueTime: '2026-03-31',
      amount: 98765.4,
      contractStatus: 2,
    },
  });

  await openMenu(page, '企业管理', '科研项目');
  await expect(page).toHaveURL(/\/crm\/project$/);
  await page.locator('#search_projectNo').fill(projectNo);
  await page.getByRole('button', { name: label('搜索') }).click();
  await expect(dataRows(page)).toHaveCount(1);
  await expect(dataRows(page)).toContainText(enterpriseName);
  await expectNoAxeViolations(page, 'projects');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: label('导出') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('科研项目.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(expect.arrayContaining(['项目编号', '所属企业', '项目金额(元)', '合同状态']));
  // The search applies to the export: the header and this one project.
  expect(sheet.rowCount).toBe(2);
  const cell = (name: string) => sheet.getRow(2).getCell(header.indexOf(name) + 1);
  expect(cell('项目编号').value).toBe(projectNo);
  expect(cell('所属企业').value).toBe(enterpriseName);
  expect(cell('合同状态').value).toBe('提前终止');
  expect(cell('项目金额(元)').value).toBe(98765.4);
  expect(cell('项目金额(元)').numFmt).toBe('#,##0.00');
});
