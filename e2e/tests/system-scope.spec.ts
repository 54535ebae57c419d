import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * Data-scope and API-scope rules: each is added under a menu picked from the menu tree (the
 * list shows the menu's name), edited, viewed and deleted.
 */
async function pickMenu(page: Page, dialog: Locator, name: string) {
  const input = dialog.locator('#menuId');
  await input.click();
  await input.fill(name);
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
}

test('an administrator manages a data-scope rule', async ({ page }) => {
  const code = `e2e_data_${Date.now()}`;
  const row = rowWithCell(page, code);
  await loginAsAdmin(page);
  await openMenu(page, '权限管理', '数据权限');
  await expect(page).toHaveURL(/\/authority\/datascope$/);

  await test.step('a rule is added under a menu', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请选择所属菜单', '请输入资源编号', '请输入权限名称', '请选择权限类型']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'data scope dialog with its problems');
    await pickMenu(page, dialog, '岗位管理');
    await dialog.locator('#resourceCode').fill(code);
    await dialog.locator('#scopeName').fill('本人创建的岗位');
    await dialog.locator('#scopeColumn').fill('create_user');
    await pickOption(page, dialog, 'scopeType', '本人可见');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('岗位管理');
    await expect(row).toContainText('本人可见');
    await expectNoAxeViolations(page, 'data scopes');
  });

  await test.step('it is edited and viewed', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(edit.locator('#resourceCode')).toHaveValue(code);
    await edit.locator('#scopeName').fill('本人创建的岗位(改)');
    await saveDialog(page, edit, '更新成功');
    await expect(row).toContainText('本人创建的岗位(改)');

    await row.getByRole('button', { name: label('查看') }).click();
    const view = page.getByRole('dialog', { name: '查看' });
    await expect(view.getByText('岗位管理')).toBeVisible();
    await expect(describedValue(view, '权限字段列')).toHaveText('create_user');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});

test('an administrator manages an API-scope rule', async ({ page }) => {
  const code = `e2e_api_${Date.now()}`;
  const row = rowWithCell(page, code);
  await loginAsAdmin(page);
  await openMenu(page, '权限管理', '接口权限');
  await expect(page).toHaveURL(/\/authority\/apiscope$/);

  await test.step('a rule is added under a menu', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await pickMenu(page, dialog, '通知公告');
    await dialog.locator('#resourceCode').fill(code);
    await dialog.locator('#scopeName').fill('通知删除接口');
    await dialog.locator('#scopePath').fill('/api/blade-desk/notice/remove');
    await pickOption(page, dialog, 'scopeType', '系统接口');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('通知公告');
    await expect(row).toContainText('/api/blade-desk/notice/remove');
    await expectNoAxeViolations(page, 'API scopes');
  });

  await test.step('it is edited and viewed', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑' }));
    await edit.locator('#scopePath').fill('/api/blade-desk/notice/submit');
    await saveDialog(page, edit, '更新成功');
    await expect(row).toContainText('/api/blade-desk/notice/submit');

    await row.getByRole('button', { name: label('查看') }).click();
    const view = page.getByRole('dialog', { name: '查看' });
    await expect(view.getByText('通知公告')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
