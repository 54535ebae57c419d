import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, toast } from '../support/console.ts';

/**
 * The foundation's acceptance: the parameter screen, generic CRUD driven by the catalog,
 * used as a person would, from the sidebar to a deleted row.
 */
test('an administrator adds, finds, edits and deletes a parameter', async ({ page }) => {
  const key = `e2e.param.${Date.now()}`;
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param$/);

  await test.step('saving an empty form names every required field', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
  });

  await test.step('a filled form is saved', async () => {
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.locator('#paramName').fill('端到端测试参数');
    await dialog.locator('#paramKey').fill(key);
    await dialog.locator('#paramValue').fill('first value');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  const search = async () => {
    await page.locator('#search_paramKey').fill(key);
    await page.getByRole('button', { name: label('搜索') }).click();
  };
  const row = page.getByRole('row').filter({ hasText: key });

  await test.step('the search form finds it', async () => {
    await search();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('端到端测试参数');
    await expect(row).toContainText('first value');
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
    await expect(dialog.locator('#paramKey')).toHaveValue(key);
    await dialog.locator('#paramValue').fill('second value');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '更新成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('second value');
  });

  await test.step('it is deleted after the confirmation', async () => {
    await row.getByRole('button', { name: label('删除') }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  await test.step('a new search no longer finds it', async () => {
    await search();
    await expect(row).toHaveCount(0);
  });
});
