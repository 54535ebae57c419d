import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';

/** The tags bar: tabs survive a refresh; right-click offers clear cache, close others, close all. */
const tabs = (page: Page) => page.getByRole('tab');
/**
 * The close buttons of the tabs bar, each inside its tab: for the mouse only, out of the accessibility tree
 * (a tablist holds tabs alone; the keyboard closes a tab with Delete), so found by their class.
 */
const closeButton = (page: Page, name: string) =>
  page
    .locator('.ant-tabs-tab')
    .filter({ has: page.getByRole('tab', { name, exact: true }) })
    .locator('.ant-tabs-tab-remove');

/**
 * Picks an entry of a tab's right-click menu until `took` says it did: on a loaded machine the page
 * below can still shift as it loads and close the menu, or the click can land while the menu slides in.
 */
async function pickInTabMenu(page: Page, tab: string, entry: string, took: () => Promise<boolean>) {
  const item = page.getByRole('menuitem', { name: entry });
  await expect(async () => {
    if (await took()) return;
    if (!(await item.isVisible())) await page.getByRole('tab', { name: tab }).click({ button: 'right' });
    await item.click({ timeout: 5_000 });
    await expect.poll(took, { timeout: 5_000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

test('首页 comes first and never closes; a lone tab cannot be closed', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(closeButton(page, '首页')).toHaveCount(0);

  await openMenu(page, '系统管理', '参数管理');
  await openMenu(page, '系统管理', '用户管理');
  await expect(tabs(page)).toHaveText(['首页', '参数管理', '用户管理']);
  await expect(closeButton(page, '首页')).toHaveCount(0);
  await expect(closeButton(page, '参数管理')).toHaveCount(1);
  await expect(closeButton(page, '用户管理')).toHaveCount(1);

  // Closing the others one by one leaves 首页 alone, and still not closable. The page under the tabs
  // settles first, so the click meets a still layout.
  await expect(page.getByText('机构列表')).toBeVisible();
  await closeButton(page, '用户管理').click();
  await expect(tabs(page)).toHaveText(['首页', '参数管理']);
  await expect(page).toHaveURL(/\/system\/param$/);
  await closeButton(page, '参数管理').click();
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(closeButton(page, '首页')).toHaveCount(0);
});

test('open tabs come back after a refresh, and the tab menu closes others and all', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param$/);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tabs(page)).toHaveText(['首页', '参数管理', '用户管理']);

  await page.reload();
  await expect(tabs(page)).toHaveText(['首页', '参数管理', '用户管理']);
  // The page under the tabs settles first, so the tab menu opens over a still layout.
  await expect(page.getByText('机构列表')).toBeVisible();

  await pickInTabMenu(page, '参数管理', '关闭其他', async () => (await tabs(page).count()) === 2);
  await expect(tabs(page)).toHaveText(['首页', '参数管理']);
  // The tab's menu fades out before the bar's own menu opens, as a person would see.
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeHidden();
  await expect(page).toHaveURL(/\/system\/param$/);

  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('clear cache asks first, then says it is done', async ({ page }) => {
  await loginAsAdmin(page);
  const question = page.getByRole('dialog').filter({ hasText: '是否需要清除缓存?' });
  await pickInTabMenu(page, '首页', '清除缓存', () => question.isVisible());
  const confirm = await settled(question);
  const cleared = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/clear-cache'));
  await confirm.getByRole('button', { name: '确定' }).click();
  expect((await cleared).status()).toBe(200);
  await expect(toast(page, '清除完毕')).toBeVisible();
});

test('the tab menu opens the menu search', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '搜索菜单' }).click();
  await expect(page.getByRole('dialog', { name: '菜单搜索' })).toBeVisible();
});
