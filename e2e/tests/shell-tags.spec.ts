import { expect, test } from '@playwright/test';
import { loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';

/** The tags bar: tabs survive a refresh; right-click offers clear cache, close others, close all. */
const tabs = (page: import('@playwright/test').Page) => page.getByRole('tab');
/** The close buttons of the tabs bar, each inside its tab. */
const closeButton = (page: import('@playwright/test').Page, name: string) =>
  page
    .locator('.ant-tabs-tab')
    .filter({ has: page.getByRole('tab', { name, exact: true }) })
    .getByRole('button');

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

  // A menu that a late layout shift of the page below closed before the click is opened again.
  await expect(async () => {
    await page.getByRole('tab', { name: '参数管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭其他' }).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
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
  await page.getByRole('tab', { name: '首页' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  const confirm = await settled(page.getByRole('dialog').filter({ hasText: '是否需要清除缓存?' }));
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
