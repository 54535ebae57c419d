import { expect, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { fillDate, pickOption } from '../support/crm.ts';
import { deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The notice screen: a notice is published with its category from the `notice` dictionary and
 * a release time, found by title and category, edited, viewed and deleted.
 */
test('an administrator publishes, edits and deletes a notice', async ({ page }) => {
  const title = `端到端通知${Date.now()}`;
  const row = rowWithCell(page, title);
  await loginAsAdmin(page);
  await openMenu(page, '工作台', '通知公告');
  await expect(page).toHaveURL(/\/desk\/notice$/);

  await test.step('a notice is added with category and release time', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入通知标题', '请选择通知类型', '请选择通知时间']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
    }
    await dialog.locator('#title').fill(title);
    await pickOption(page, dialog, 'category', '转发通知');
    await fillDate(dialog, 'releaseTime', '2026-03-01 09:30:00');
    await dialog.locator('#content').fill('园区将于三月一日进行消防演练。');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('转发通知');
    await expect(row).toContainText('2026-03-01 09:30:00');
  });

  await test.step('the search by title and category finds it', async () => {
    await page.locator('#search_title').fill(title);
    await pickOption(page, page.locator('form[id=search]'), 'search_category', '转发通知');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toHaveCount(1);
    await pickOption(page, page.locator('form[id=search]'), 'search_category', '发布通知');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: label('清空') }).click();
    await expect(row).toHaveCount(1);
  });

  await test.step('it is edited: another category and release time', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#title')).toHaveValue(title);
    await pickOption(page, dialog, 'category', '指示通知');
    await fillDate(dialog, 'releaseTime', '2026-03-02 10:00:00');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('指示通知');
    await expect(row).toContainText('2026-03-02 10:00:00');
  });

  await test.step('it is viewed with its content', async () => {
    await row.getByRole('button', { name: label('查看') }).click();
    const dialog = page.getByRole('dialog', { name: '查看' });
    await expect(describedValue(dialog, '通知内容')).toHaveText('园区将于三月一日进行消防演练。');
    await expect(dialog.getByText('指示通知')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});
