import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/** The client screen as the platform administrator uses it: a client is added, found, edited, viewed and deleted. */
test('an administrator manages an OAuth client', async ({ page }) => {
  const clientId = `e2e_client_${Date.now()}`;
  const row = rowWithCell(page, clientId);
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '应用管理');
  await expect(page).toHaveURL(/\/system\/client$/);

  await test.step('an empty form names the required fields', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入应用ID', '请输入应用密钥', '请输入授权类型', '请输入授权范围']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
    }
  });

  await test.step('a client is added', async () => {
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.locator('#clientId').fill(clientId);
    await dialog.locator('#clientSecret').fill('e2e_secret');
    await dialog.locator('#authorizedGrantTypes').fill('password,refresh_token');
    await dialog.locator('#scope').fill('all');
    await dialog.locator('#accessTokenValidity').fill('3600');
    await dialog.locator('#refreshTokenValidity').fill('7200');
    await saveDialog(page, dialog, '新增成功');
  });

  await test.step('the search finds it', async () => {
    await page.locator('#search_clientId').fill(clientId);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('password,refresh_token');
    await expect(page.getByRole('row').filter({ hasText: 'saber_secret' })).toHaveCount(0);
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#clientId')).toHaveValue(clientId);
    await dialog.locator('#accessTokenValidity').fill('1800');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('1800');
  });

  await test.step('it is viewed without being editable', async () => {
    await row.getByRole('button', { name: label('查看') }).click();
    const dialog = page.getByRole('dialog', { name: '查看' });
    // The secret never leaves the server in clear: the edit above sent the mask back and kept it.
    await expect(describedValue(dialog, '应用密钥')).toHaveText('******');
    await expect(dialog.getByRole('button', { name: label('保存') })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
