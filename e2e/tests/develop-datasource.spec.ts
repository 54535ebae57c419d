import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { deleteRow, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The data source screen (spec part 7): every save tests the connection first, so a wrong port
 * is refused with one generic message (the driver's reason stays in the server log: no port probing)
 * and a working PostgreSQL (the local one, trust auth) is saved.
 */
test('an administrator saves a data source only once its connection works', async ({ page }) => {
  const name = `e2e_ds_${Date.now()}`;
  await loginAsAdmin(page);
  await openMenu(page, '开发工具', '数据源管理');
  await expect(page).toHaveURL(/\/tool\/datasource$/);

  await page.getByRole('button', { name: label('新增') }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
  await expect(dialog.locator('#driverClass')).toBeVisible();
  await expect(dialog.getByTitle('org.postgresql.Driver')).toBeVisible();
  await dialog.locator('#name').fill(name);
  await dialog.locator('#username').fill('postgres');
  await expect(dialog.locator('#password')).toHaveAttribute('type', 'password');
  await dialog.locator('#password').fill('e2e-password');

  await test.step('a wrong port is refused with the generic connection error, and the dialog stays', async () => {
    await dialog.locator('#url').fill('postgresql://127.0.0.1:1/test');
    await dialog.getByRole('button', { name: label('保存') }).click();
    const refusal = page.locator('.ant-message, .ant-notification').getByText(/数据源连接失败/);
    await expect(refusal).toBeVisible();
    await expect(refusal).not.toContainText('ECONNREFUSED');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'data source dialog');
  });

  await test.step('the right port is saved', async () => {
    await dialog.locator('#url').fill('postgresql://127.0.0.1:5432/test');
    await saveDialog(page, dialog, '新增成功');
  });

  const row = rowWithCell(page, name);
  await test.step('an edit keeps the masked password and tests again', async () => {
    await expect(row).toHaveCount(1);
    await expectNoAxeViolations(page, 'data sources');
    await row.getByRole('button', { name: label('编辑') }).click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(edit.locator('#password')).toHaveValue('******');
    await edit.locator('#remark').fill('端到端');
    await saveDialog(page, edit, '更新成功');
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
