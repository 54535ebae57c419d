import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAsAdmin, openMenu, settled, sidebarItem, switchToEnglish, toast } from '../support/console.ts';
import { callApi } from '../support/system.ts';

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

test('the bar keeps one height and its limit with 首页 in view; the sidebar is an accordion, cut labels whole on hover', async ({
  page,
}) => {
  // The limit as a user sets it in the layout settings (the default 20 is the unit tests'): fewer screens to open.
  await page.addInitScript(() => {
    if (!localStorage.getItem('park.preferences'))
      localStorage.setItem('park.preferences', JSON.stringify({ state: { tagLimit: 8 }, version: 0 }));
  });
  // Narrow enough that the 8 tags overflow the bar.
  await page.setViewportSize({ width: 1024, height: 768 });
  await loginAsAdmin(page);
  const nav = page.getByTestId('tags-bar').locator(':scope > .ant-tabs-nav');
  const barTabs = page.getByTestId('tags-bar').getByRole('tab');
  const heightOf = async () => (await nav.boundingBox())?.height;
  const height = await heightOf();
  const content = page.locator('main.ant-layout-content');
  const contentTop = (await content.boundingBox())?.y;

  await test.step('12 screens opened leave the limit of 8 tabs, the newest picked, 首页 in view, the bar as high', async () => {
    const paths = (await callApi<MenuTree[]>(page, 'blade-system/menu/routes'))
      .flatMap(pagesOf)
      .filter((path) => path.startsWith('/') && path !== '/wel/index')
      .slice(0, 12);
    expect(paths).toHaveLength(12);
    // Through the router, as a menu click goes: without reloading the console 25 times.
    for (const path of paths) {
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect(page.getByTestId('tags-bar').locator('.ant-tabs-tab-active')).toHaveAttribute('data-node-key', path);
    }
    await expect(barTabs).toHaveCount(8);
    // They overflow: together the tabs are wider than the strip that shows them.
    const widths = await nav
      .locator('.ant-tabs-tab')
      .evaluateAll((all) => all.reduce((sum, tab) => sum + tab.getBoundingClientRect().width, 0));
    expect(widths).toBeGreaterThan((await nav.locator('.ant-tabs-nav-wrap').boundingBox())?.width ?? 0);
    await expect(page.getByRole('tab', { name: '首页' })).toBeInViewport();
    expect(await heightOf()).toBe(height);
    expect((await content.boundingBox())?.y).toBe(contentTop);
    // The … of the hidden tabs stands within the bar.
    const more = await nav.locator('.ant-tabs-nav-operations').boundingBox();
    const bar = await nav.boundingBox();
    expect((more?.y ?? 0) + (more?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0));
  });

  await test.step('opening one folder closes the other', async () => {
    const system = sidebarItem(page, '系统管理');
    const crm = sidebarItem(page, '企业管理');
    await unfold(system);
    await expect(crm).toHaveAttribute('aria-expanded', 'false');
    await unfold(crm);
    await expect(system).toHaveAttribute('aria-expanded', 'false');
  });

  await test.step('in English a cut label shows whole in a tooltip on hover, one that fits has none', async () => {
    await switchToEnglish(page);
    await unfold(sidebarItem(page, 'System'));
    const labels = page
      .getByRole('complementary')
      .locator('.ant-menu-submenu-open .ant-menu-item .ant-menu-title-content > span');
    const cut = await labels.evaluateAll((spans) =>
      spans.map((span) => (span.scrollWidth > span.clientWidth ? span.textContent : null)),
    );
    const whole = cut.find((text) => text !== null);
    expect(whole, 'a label of System too long for the sidebar').toBeTruthy();
    await labels
      .filter({ hasText: whole as string })
      .first()
      .hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveText(whole as string);
    const fits = cut.indexOf(null);
    await labels.nth(fits).hover();
    await expect(page.locator('.ant-tooltip:visible')).toHaveCount(0);
  });
});

/** Opens a sidebar folder (a click on an open one would close it). */
async function unfold(folder: Locator) {
  if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  await expect(folder).toHaveAttribute('aria-expanded', 'true');
}

interface MenuTree {
  path: string;
  children?: MenuTree[];
}

const pagesOf = (node: MenuTree): string[] => (node.children?.length ? node.children.flatMap(pagesOf) : [node.path]);

test('closing a tab keeps the sidebar folder one was working in open', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '参数管理');
  await openMenu(page, '企业管理', '企业信息');
  // An accordion: opening 企业管理 folded 系统管理.
  await expect(sidebarItem(page, '参数管理')).toBeHidden();
  await closeButton(page, '企业信息').click();
  await expect(page).toHaveURL(/\/system\/param$/);
  // The page's folder opens, and the one the closed tab was in stays open beside it.
  await expect(sidebarItem(page, '参数管理')).toBeVisible();
  await expect(sidebarItem(page, '企业人员')).toBeVisible();
});
