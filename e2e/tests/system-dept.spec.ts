import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { clickRowAction, deleteRow, expandRow, pickInTree, rowWithCell, saveDialog } from '../support/system.ts';

/** The department screen: a tree table; a department is placed under another, edited and deleted. */
test('an administrator creates, edits and deletes a department in the tree', async ({ page }) => {
  const name = `e2e部门${String(Date.now()).slice(-6)}`;
  const row = page.getByRole('row').filter({ hasText: name });
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '机构管理');
  await expect(page).toHaveURL(/\/system\/dept$/);

  await test.step('a department is created under another', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#deptName').fill(name);
    await dialog.locator('#fullName').fill(`${name}全称`);
    await pickInTree(page, dialog, 'parentId', ['招商部']);
    await dialog.locator('#deptCategory').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('部门', { exact: true }).click();
    await dialog.locator('#sort').fill('5');
    await expectNoAxeViolations(page, 'department dialog');
    await saveDialog(page, dialog, '新增成功');
    await expandRow(page, '园区运营中心');
    await expandRow(page, '招商部');
    await expect(row).toHaveClass(/ant-table-row-level-2/);
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#deptName')).toHaveValue(name);
    await dialog.locator('#fullName').fill(`${name}新全称`);
    await saveDialog(page, dialog, '更新成功');
    await expandRow(page, '园区运营中心');
    await expandRow(page, '招商部');
    await expect(row).toContainText(`${name}新全称`);
  });

  await test.step('a department with children is kept, the new one deleted', async () => {
    await clickRowAction(rowWithCell(page, '招商部').first(), '删除');
    const confirm = await settled(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' }));
    await confirm.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请先删除子节点')).toBeVisible();
    await expandRow(page, '园区运营中心');
    await expandRow(page, '招商部');
    await deleteRow(page, row);
  });
});
