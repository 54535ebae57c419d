import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { deleteRow, rowWithCell, saveDialog } from '../support/system.ts';

/** Navigation (导航管理): a tile added, seen and opened on the home page, edited and deleted. */
const stamp = String(Date.now()).slice(-6);
/** The tiles' own group on the home page, unique to this run. */
const GROUP = `端到端分组${stamp}`;
const tile = (page: Page, name: string) =>
  page.getByRole('region', { name: GROUP }).getByRole('link', { name: label(name) });

async function openHome(page: Page) {
  await openMenu(page, '工作台', '首页');
  await expect(page).toHaveURL(/\/wel\/index$/);
}

test('an administrator adds a navigation tile, opens it from the home page, edits and deletes it', async ({ page }) => {
  const name = `端到端导航${stamp}`;
  const renamed = `${name}改`;
  const row = rowWithCell(page, name);
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '导航管理');
  await expect(page).toHaveURL(/\/system\/navigate$/);

  await test.step('an address that is no menu path nor web address is refused', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入导航名称', '请输入导航地址']) {
      await expect(dialog.locator('.ant-form-item-explain-error', { hasText: message })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'navigation dialog with its problems');
    await dialog.locator('#name').fill(name);
    await dialog.locator('#path').fill('desk/notice');
    await dialog.locator('#category').fill(GROUP);
    await dialog.locator('#source').fill('sound');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '导航地址必须是菜单路径(以/开头)或以http(s)://开头的网址')).toBeVisible();

    await dialog.locator('#path').fill('/desk/notice');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('/desk/notice');
    await expect(row).toContainText('正常');
    await expectNoAxeViolations(page, 'navigation tiles');
  });

  await test.step('the home page shows it, and a click opens its page', async () => {
    await openHome(page);
    await expect(tile(page, name)).toBeVisible();
    await tile(page, name).click();
    await expect(page).toHaveURL(/\/desk\/notice$/);
  });

  await test.step('an edit shows on the home page', async () => {
    await openMenu(page, '系统管理', '导航管理');
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#path')).toHaveValue('/desk/notice');
    await dialog.locator('#name').fill(renamed);
    await saveDialog(page, dialog, '更新成功');
    await openHome(page);
    await expect(tile(page, renamed)).toBeVisible();
  });

  await test.step('deleted, it leaves the home page', async () => {
    await openMenu(page, '系统管理', '导航管理');
    await deleteRow(page, rowWithCell(page, renamed));
    await openHome(page);
    await expect(page.getByRole('region', { name: GROUP })).toHaveCount(0);
  });
});
