import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/** The post screen: a post is added with its category from the dictionary, found, edited, viewed and deleted. */
test('an administrator manages a post', async ({ page }) => {
  const code = `p${Date.now() % 1e9}`;
  const row = rowWithCell(page, code);
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '岗位管理');
  await expect(page).toHaveURL(/\/system\/post$/);
  await expect(rowWithCell(page, '首席执行官')).toBeVisible();

  await test.step('a post is added', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请选择岗位类型', '请输入岗位编号', '请输入岗位名称']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
    }
    await pickOption(page, dialog, 'category', '中层');
    await dialog.locator('#postCode').fill(code);
    await dialog.locator('#postName').fill('端到端岗位');
    await dialog.locator('#sort').fill('9');
    await saveDialog(page, dialog, '新增成功');
  });

  await test.step('the search by category and name finds it, the category shown by its label', async () => {
    await pickOption(page, page.locator('form[id=search]'), 'search_category', '中层');
    await page.locator('#search_postName').fill('端到端');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('中层');
    await expect(rowWithCell(page, '首席执行官')).toHaveCount(0);
  });

  await test.step('a second post with the same code is refused', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await pickOption(page, dialog, 'category', '基层');
    await dialog.locator('#postCode').fill(code);
    await dialog.locator('#postName').fill('重复岗位');
    await dialog.locator('#sort').fill('10');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(page.getByText('岗位编号已存在').first()).toBeVisible();
    await dialog.getByRole('button', { name: label('取消') }).click();
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#postCode')).toHaveValue(code);
    await dialog.locator('#postName').fill('端到端岗位改');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('端到端岗位改');
  });

  await test.step('it is viewed', async () => {
    await row.getByRole('button', { name: label('查看') }).click();
    const dialog = page.getByRole('dialog', { name: '查看' });
    await expect(describedValue(dialog, '岗位名称')).toHaveText('端到端岗位改');
    await expect(dialog.getByText('中层')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
