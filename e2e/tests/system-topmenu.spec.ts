import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, sidebarItem, toast } from '../support/console.ts';
import { loginAsCompany } from '../support/crm.ts';
import { deleteRow, rowWithCell, saveDialog, selectRow } from '../support/system.ts';

/**
 * Top menus: one is created, given menus in its 菜单配置 dialog, picked in the top bar where the
 * sidebar then shows exactly its menus, and deleted.
 */
const topBar = (page: Page) => page.getByRole('navigation', { name: '顶部菜单' });
const sidebarEntries = (page: Page) => page.getByRole('complementary').getByRole('menuitem');
const treeNode = (page: Page, name: string) =>
  page
    .getByRole('dialog', { name: '菜单配置' })
    .locator('.ant-tree-treenode')
    .filter({ hasText: new RegExp(`^${name}$`) });

test('a company account is offered no top menu holding nothing it may open, and its sidebar keeps its menus', async ({
  page,
}) => {
  await loginAsCompany(page, { tenantId: '000000', username: 'xinghe', password: '123456' });
  await expect(sidebarItem(page, '企业管理')).toBeVisible();
  // The seeded 工作台 and 系统管理 hold none of the company's menus: neither is offered, nor is the bar.
  await expect(page.getByRole('button', { name: label('工作台') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: label('系统管理') })).toHaveCount(0);
  await expect(topBar(page)).toHaveCount(0);
});

test('an administrator gives a top menu its menus and the sidebar follows the top bar', async ({ page }) => {
  const name = `端到端顶部${String(Date.now()).slice(-6)}`;
  const row = rowWithCell(page, name);
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '顶部菜单');
  await expect(page).toHaveURL(/\/system\/topmenu$/);

  await test.step('a top menu is created, not offered in the top bar while it holds no menu', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#code').fill(`e2e_top_${Date.now()}`);
    await dialog.locator('#name').fill(name);
    await dialog.locator('#source').fill('star');
    await dialog.locator('#sort').fill('99');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: '全部菜单' })).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: label(name) })).toHaveCount(0);
    await expectNoAxeViolations(page, 'top menus');
  });

  await test.step('it is given two menus in 菜单配置, which stay ticked', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('菜单配置') }).click();
    const dialog = page.getByRole('dialog', { name: '菜单配置' });
    await expect(treeNode(page, '参数管理')).toBeVisible();
    await expect(dialog.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
    await expectNoAxeViolations(page, 'top menu configuration dialog');
    // Clicking a leaf's name ticks it.
    await treeNode(page, '参数管理').locator('.ant-tree-title').click();
    await treeNode(page, '通知公告').locator('.ant-tree-title').click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '配置成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(topBar(page).getByRole('button', { name: label(name) })).toBeVisible();

    await selectRow(row);
    await page.getByRole('button', { name: label('菜单配置') }).click();
    for (const menu of ['参数管理', '通知公告']) {
      await expect(treeNode(page, menu).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    }
    await expect(dialog.locator('.ant-tree-checkbox-checked')).toHaveCount(2);
    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('picked in the top bar, it leaves exactly its menus in the sidebar', async () => {
    await topBar(page)
      .getByRole('button', { name: label(name) })
      .click();
    await expect(topBar(page).getByRole('button', { name: label(name) })).toHaveAttribute('aria-pressed', 'true');
    await expect(sidebarItem(page, '企业管理')).toHaveCount(0);
    await openMenu(page, '工作台', '通知公告');
    await expect(page).toHaveURL(/\/desk\/notice$/);
    await openMenu(page, '系统管理', '参数管理');
    await expect(page).toHaveURL(/\/system\/param$/);
    // The sidebar is an accordion: opening 系统管理 folded 工作台.
    await expect(sidebarEntries(page)).toHaveText([label('工作台'), label('系统管理'), label('参数管理')]);
  });

  await test.step('全部菜单 shows every menu again', async () => {
    await topBar(page).getByRole('button', { name: '全部菜单' }).click();
    await expect(sidebarItem(page, '企业管理')).toBeVisible();
  });

  await test.step('it is deleted and leaves the top bar', async () => {
    await openMenu(page, '系统管理', '顶部菜单');
    await deleteRow(page, row);
    await expect(topBar(page).getByRole('button', { name: label(name) })).toHaveCount(0);
  });
});
