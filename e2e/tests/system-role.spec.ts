import { expect, type Page, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, toast } from '../support/console.ts';
import { deleteRow, expandRow, rowWithCell, saveDialog, selectRow } from '../support/system.ts';

/** The role screen: a tree table of roles, a child role created, edited, granted and deleted. */

async function openRoles(page: Page) {
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/\/system\/role$/);
}

/** A role's row by any text in it (name or alias). */
function roleRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

test('an administrator creates, edits and deletes a child role in the tree', async ({ page }) => {
  const alias = `e2e_role_${Date.now()}`;
  const row = roleRow(page, alias);
  await openRoles(page);

  await test.step('the roles are a tree', async () => {
    await expect(roleRow(page, '超级管理员')).toHaveCount(1);
    await expandRow(page, 'user');
    await expect(roleRow(page, '园区员工')).toBeVisible();
  });

  await test.step('a role is created under another', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入角色名称', '请输入角色别名', '请输入角色排序']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await dialog.locator('#roleName').fill('端到端角色');
    await dialog.locator('#roleAlias').fill(alias);
    await dialog.locator('#parentId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('用户', { exact: true }).click();
    await dialog.locator('#sort').fill('9');
    await saveDialog(page, dialog, '新增成功');
    await expandRow(page, 'user');
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/ant-table-row-level-1/);
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await expect(dialog.locator('#roleAlias')).toHaveValue(alias);
    await dialog.locator('#roleName').fill('改后角色');
    await saveDialog(page, dialog, '更新成功');
    await expandRow(page, 'user');
    await expect(row).toContainText('改后角色');
  });

  await test.step('a role with children cannot be deleted', async () => {
    await rowWithCell(page, 'user')
      .getByRole('button', { name: label('删除') })
      .click();
    const confirmDialog = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirmDialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请先删除子节点')).toBeVisible();
  });

  await test.step('it is deleted', async () => {
    await expandRow(page, 'user');
    await deleteRow(page, row);
  });
});

test('an administrator grants menus, data scopes and API scopes to a role', async ({ page }) => {
  await openRoles(page);
  await expandRow(page, 'user');
  const row = roleRow(page, '园区员工');
  await selectRow(row);
  await page.getByRole('button', { name: label('权限设置') }).click();
  const dialog = page.getByRole('dialog', { name: '角色权限配置' });
  for (const tab of ['菜单权限', '数据权限', '接口权限']) {
    await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
  }
  const menu = dialog.locator('.ant-tree-treenode').filter({ hasText: /^参数管理$/ });
  const wasChecked = await menu.locator('.ant-tree-checkbox-checked').count();
  // A menu with buttons is ticked by its box (clicking the name ticks leaves only).
  await menu.locator('.ant-tree-checkbox').click();
  await expect(menu.locator('.ant-tree-checkbox-checked')).toHaveCount(1 - wasChecked);
  await dialog.getByRole('button', { name: label('保存') }).click();
  await expect(toast(page, '授权成功')).toBeVisible();

  await selectRow(row);
  await page.getByRole('button', { name: label('权限设置') }).click();
  await expect(menu.locator('.ant-tree-checkbox-checked')).toHaveCount(1 - wasChecked);
});
