import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, sidebarItem, submitLogin } from '../support/console.ts';
import { deleteRow, saveDialog, selectRow } from '../support/system.ts';

/**
 * The tenant screen: a tenant created, edited, given a package and a licence; its admin then
 * sees its package's menus and its own users only; and it is deleted.
 */
test('an administrator creates a tenant, sets its package and licence, and deletes it', async ({ page, browser }) => {
  const tenantId = `e2e${String(Date.now()).slice(-8)}`;
  const row = page.getByRole('row').filter({ hasText: tenantId });
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '租户管理');
  await expect(page).toHaveURL(/\/system\/tenant$/);

  await test.step('a tenant is created', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.locator('#tenantId').fill(tenantId);
    await dialog.locator('#tenantName').fill('端到端租户');
    await dialog.locator('#linkman').fill('张三');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('端到端租户');
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await expect(dialog.locator('#tenantName')).toHaveValue('端到端租户');
    await dialog.locator('#linkman').fill('李四');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('李四');
  });

  await test.step('it is given a package', async () => {
    await row.getByRole('button', { name: label('产品包配置') }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '产品包配置' });
    await dialog.locator('#packageId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('基础套餐', { exact: true }).click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('基础套餐');
  });

  await test.step('its account limit is set', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('授权配置') }).click();
    const dialog = page.getByRole('dialog', { name: '授权配置' });
    await dialog.locator('#accountNumber').fill('5');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  });

  await test.step("the tenant's admin sees only its package's menus and only its own users", async () => {
    const context = await browser.newContext();
    const tenantPage = await context.newPage();
    await submitLogin(tenantPage, { tenantId, username: 'admin', password: '123456' });
    await expect(sidebarItem(tenantPage, '系统管理')).toBeVisible();
    await expect(sidebarItem(tenantPage, '食堂管理')).toHaveCount(0);
    await openMenu(tenantPage, '系统管理', '用户管理');
    await expect(tenantPage.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
    await expect(tenantPage.getByText('共 1 条')).toBeVisible();
    await context.close();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
