import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, toast } from '../support/console.ts';

/**
 * User import as an administrator does it: download the template, fill it in, import it and
 * find the new users in the list; then a broken file is refused with a row-by-row report
 * that can be downloaded, and nothing of it is imported.
 */
async function openImport(page: Page) {
  await page.getByRole('button', { name: label('导入') }).click();
  const dialog = page.getByRole('dialog', { name: '用户数据导入' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an administrator imports users from the template and reads the report of a broken file', async ({ page }) => {
  const stamp = Date.now();
  const accounts = [`imp_a_${stamp}`, `imp_b_${stamp}`];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-import-'));

  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);

  let template: ExcelJS.Workbook;
  await test.step('the template is downloaded with its Chinese header row', async () => {
    const dialog = await openImport(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: label('下载模板') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('用户导入模板.xlsx');
    template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await file.path());
    const header = (template.worksheets[0].getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(expect.arrayContaining(['登录账号', '用户姓名', '用户昵称', '所属部门', '所属角色']));
  });

  await test.step('the filled-in template imports two users who then show in the list', async () => {
    const sheet = template.worksheets[0];
    const columns = (sheet.getRow(1).values as string[]).map((v) => v ?? '');
    const row = (values: Record<string, string>) => columns.map((header) => values[header] ?? '');
    sheet.addRow(
      row({ 登录账号: accounts[0], 用户姓名: '导入甲', 用户昵称: '甲', 所属部门: '招商部', 所属角色: '园区员工' }),
    );
    sheet.addRow(
      row({
        登录账号: accounts[1],
        用户姓名: '导入乙',
        用户昵称: '乙',
        所属部门: '物业部',
        所属角色: '用户',
        手机号码: '13900001111',
      }),
    );
    const filled = path.join(dir, 'users.xlsx');
    await template.xlsx.writeFile(filled);

    const dialog = page.getByRole('dialog', { name: '用户数据导入' });
    await dialog.locator('input[type=file]').setInputFiles(filled);
    await expect(dialog.getByText('users.xlsx')).toBeVisible();
    await dialog.getByRole('button', { name: label('开始导入') }).click();
    await expect(toast(page, '成功导入2条数据').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const account of accounts) await expect(page.getByRole('row').filter({ hasText: account })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: accounts[0] })).toContainText('园区员工');
    await expect(page.getByRole('row').filter({ hasText: accounts[1] })).toContainText('物业部');
  });

  await test.step('a broken file is refused with a row report, downloadable, and nothing is imported', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户数据');
    sheet.addRow(['登录账号', '用户姓名', '用户昵称', '所属部门', '所属角色', '电子邮箱']);
    sheet.addRow([`imp_c_${stamp}`, '', '丙', '不存在的部门', '用户', 'c@park.example']);
    sheet.addRow([accounts[0], '重复', '丁', '招商部', '用户', 'not-an-email']);
    const broken = path.join(dir, 'broken.xlsx');
    await book.xlsx.writeFile(broken);

    const dialog = await openImport(page);
    await dialog.locator('input[type=file]').setInputFiles(broken);
    await dialog.getByRole('button', { name: label('开始导入') }).click();
    await expect(dialog.getByText('导入数据有4处错误, 未导入任何数据').first()).toBeVisible();
    const report = dialog.locator('.ant-table');
    for (const [row, column, message] of [
      ['2', '用户姓名', '请输入用户姓名'],
      ['2', '所属部门', '"不存在的部门"不存在'],
      ['3', '电子邮箱', '邮箱格式不正确'],
      ['3', '登录账号', '当前用户已存在'],
    ]) {
      await expect(report.getByRole('row').filter({ hasText: message })).toContainText(`${row}${column}`);
    }
    await expectNoAxeViolations(page, 'import dialog with its report');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: label('下载错误报告') }).click();
    const saved = new ExcelJS.Workbook();
    await saved.xlsx.readFile(await (await download).path());
    expect(saved.worksheets[0].rowCount).toBe(5);

    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(page.getByRole('row').filter({ hasText: `imp_c_${stamp}` })).toHaveCount(0);
  });
});
