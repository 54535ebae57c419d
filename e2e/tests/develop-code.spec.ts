import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { clickRowAction, confirm, deleteRow, rowWithCell, saveDialog, selectRow } from '../support/system.ts';

/**
 * The code generator screen (spec part 7 develop/code): a configuration for the parameters table
 * is added, copied after a question, generated as a zip (by its row and for picked rows) and deleted.
 */
test('an administrator configures, copies and generates code for a table', async ({ page }) => {
  const name = `e2e_code_${Date.now()}`;
  await loginAsAdmin(page);
  await openMenu(page, '开发工具', '代码生成');
  await expect(page).toHaveURL(/\/tool\/code$/);

  await test.step('a configuration for blade_param is added, on the console’s own database', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await expect(dialog.locator('#pkName')).toHaveValue('id');
    await expect(dialog.getByText('本库 (控制台自己的数据库)')).toBeVisible();
    await dialog.locator('#codeName').fill(name);
    await dialog.locator('#tableName').fill('blade_param');
    await dialog.locator('#tablePrefix').fill('blade_');
    await dialog.locator('#packageName').fill('system');
    await dialog.locator('#apiPath').fill('blade-system/param');
    await dialog.locator('#webPath').fill('system/param');
    await expectNoAxeViolations(page, 'code generation dialog');
    await dialog.getByRole('button', { name: label('保存') }).click();
    // The server's own check of the path fields.
    await expect(toast(page, '菜单路径格式应为 /xxx/yyy').first()).toBeVisible();
    await dialog.locator('#webPath').fill('/system/param');
    await saveDialog(page, dialog, '新增成功');
  });

  await page.locator('#search_codeName').fill(name);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, name);
  const copy = rowWithCell(page, `${name}-copy`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('本库');
  await expectNoAxeViolations(page, 'code generation');

  await test.step('复制 asks first, then lists the copy', async () => {
    await clickRowAction(row, '复制');
    await confirm(page, '确定复制该配置?', '复制成功');
    await expect(copy).toHaveCount(1);
    await expect(copy).toContainText('blade_param');
  });

  await test.step('生成 on the row downloads the zip of the table’s files', async () => {
    const download = page.waitForEvent('download');
    await clickRowAction(row, '生成');
    const file = await download;
    expect(file.suggestedFilename()).toBe('param.zip');
    // A zip file starts with its local-header signature PK\x03\x04.
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('catalog/src/system/param.ts'))).toBe(true);
    await expect(toast(page, '已生成').first()).toBeVisible();
  });

  await test.step('the toolbar’s 生成 needs picked rows, and refuses two that write the same files', async () => {
    // The toolbar's comes before the rows' own.
    const generatePicked = page.getByRole('button', { name: label('生成') }).first();
    await generatePicked.click();
    await expect(toast(page, '请选择至少一条数据').first()).toBeVisible();
    await selectRow(row);
    await selectRow(copy);
    await generatePicked.click();
    await expect(toast(page, '生成的文件重名: catalog/src/system/param.ts').first()).toBeVisible();
  });

  await test.step('both are deleted', async () => {
    await deleteRow(page, copy);
    await deleteRow(page, row);
  });
});
