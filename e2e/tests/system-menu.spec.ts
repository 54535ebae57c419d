import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { clickRowAction, deleteRow, describedValue, expandRow, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The menu screen: a tree table loading each level as it is opened; a menu created under
 * 系统管理, edited, given a button, and both deleted, children first.
 */

/** Opens the 新增 dialog of a child under a row, through its 新增子项 button. */
async function addChild(page: Page, parent: Locator) {
  await clickRowAction(parent, '新增子项');
  return page.getByRole('dialog', { name: '新增' });
}

/** Picks an option of a select in the dialog by its text. */
async function choose(page: Page, dialog: Locator, id: string, option: string) {
  await dialog.locator(`#${id}`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('an administrator adds a menu and a button under it, edits and deletes them', async ({ page }) => {
  const code = `e2e_menu_${Date.now()}`;
  const menuRow = rowWithCell(page, code);
  const buttonRow = rowWithCell(page, `${code}_add`);
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '菜单管理');
  await expect(page).toHaveURL(/\/system\/menu$/);

  await test.step('a top menu opens to load its children, icons shown', async () => {
    await expect(rowWithCell(page, 'param')).toHaveCount(0);
    await expandRow(page, 'system');
    const param = rowWithCell(page, 'param');
    await expect(param).toHaveClass(/ant-table-row-level-1/);
    await expect(param.locator('.anticon-profile')).toBeVisible();
    await expectNoAxeViolations(page, 'menus');
  });

  await test.step('a menu is created under 系统管理, each required field named on leaving it', async () => {
    const dialog = await addChild(page, rowWithCell(page, 'system'));
    for (const [id, message] of [
      ['name', '请输入菜单名称'],
      ['path', '请输入路由地址'],
      ['code', '请输入菜单编号'],
      ['sort', '请输入菜单排序'],
    ]) {
      const input = dialog.locator(`#${id}`);
      // The number input is a disabled stand-in until its code has loaded (web/src/components/Deferred.tsx), and
      // focusing that leaves nothing to check: as a person does, the walk waits for the field it can type in.
      await expect(input).toBeEditable();
      await input.focus();
      await input.blur();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    const parent = dialog.locator('.ant-select', { has: page.locator('#parentId') });
    await expect(parent).toContainText('系统管理');
    await dialog.locator('#name').fill('端到端菜单');
    await dialog.locator('#path').fill(`/e2e/${code}`);
    await dialog.locator('#code').fill(code);
    await dialog.locator('#source').fill('rocket');
    await expect(dialog.locator('.anticon-rocket')).toBeVisible();
    await dialog.locator('#sort').fill('99');
    await expectNoAxeViolations(page, 'menu dialog');
    await saveDialog(page, dialog, '新增成功');
    await expect(menuRow).toHaveClass(/ant-table-row-level-1/);
    await expect(menuRow).toContainText('菜单');
    await expect(menuRow.locator('.anticon-rocket')).toBeVisible();
  });

  await test.step('it is edited', async () => {
    await menuRow.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#code')).toHaveValue(code);
    await dialog.locator('#name').fill('改后菜单');
    await saveDialog(page, dialog, '更新成功');
    await expect(menuRow).toContainText('改后菜单');
  });

  await test.step('a button is added under it', async () => {
    const dialog = await addChild(page, menuRow);
    await dialog.locator('#name').fill('新增');
    await dialog.locator('#path').fill(`/e2e/${code}/add`);
    await dialog.locator('#code').fill(`${code}_add`);
    await choose(page, dialog, 'category', '按钮');
    await choose(page, dialog, 'action', '工具栏');
    await dialog.locator('#sort').fill('1');
    await saveDialog(page, dialog, '新增成功');
    await expandRow(page, code);
    await expect(buttonRow).toHaveClass(/ant-table-row-level-2/);
    await expect(buttonRow).toContainText('按钮');
    await expect(buttonRow.getByRole('button', { name: label('新增子项') })).toHaveCount(0);
  });

  await test.step('it is viewed read-only', async () => {
    await buttonRow.getByRole('button', { name: label('查看') }).click();
    const dialog = page.getByRole('dialog', { name: '查看' });
    await expect(describedValue(dialog, '菜单编号')).toContainText(`${code}_add`);
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the menu keeps its button, which goes first, then the menu', async () => {
    await clickRowAction(menuRow, '删除');
    const confirmDialog = await settled(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' }));
    await confirmDialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请先删除子节点')).toBeVisible();
    await expect(buttonRow).toBeVisible();
    await deleteRow(page, buttonRow);
    await deleteRow(page, menuRow);
  });
});
