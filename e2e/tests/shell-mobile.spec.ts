import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, openMenu, sidebarItem, submitLogin } from '../support/console.ts';

/** Small screens (spec part 2, breakpoints 768/992/1200): below 768 the sidebar is an overlay, closed by default. */
test.use({ viewport: { width: 375, height: 740 } });

const sidebarWidth = (page: Page) =>
  page
    .getByRole('complementary')
    .evaluate((aside) => aside.getBoundingClientRect().width)
    .catch(() => 0);

test('on a phone the menu is an overlay that opens from the top bar and closes on a menu click', async ({ page }) => {
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/wel\/index$/);
  const toggle = page.getByRole('button', { name: '展开或收起菜单' });
  const mask = page.getByTestId('sidebar-mask');

  await test.step('closed at first, the page using the whole width', async () => {
    await expect(toggle).toBeVisible();
    // On a phone the layout folds the sidebar as it first draws: wait for that to finish.
    await expect.poll(() => sidebarWidth(page)).toBe(0);
    await expect(mask).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The search box gives way to the search button on narrow screens.
    await expect(page.getByRole('combobox', { name: '请输入搜索内容' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '菜单搜索' })).toBeVisible();
  });

  await test.step('the menu button opens it over the page', async () => {
    await toggle.click();
    await expect(mask).toBeVisible();
    await expect.poll(() => sidebarWidth(page)).toBe(220);
    // Over the page, not beside it: the top bar keeps its place.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.x).toBe(0);
    await expectNoAxeViolations(page, 'phone, menu open');
  });

  await test.step('a click on the page behind closes it', async () => {
    await mask.click({ position: { x: 340, y: 400 } });
    await expect(mask).toHaveCount(0);
    await expect.poll(() => sidebarWidth(page)).toBe(0);
  });

  await test.step('opening a page from it closes it', async () => {
    await toggle.click();
    await sidebarItem(page, '系统管理').click();
    await sidebarItem(page, '参数管理').click();
    await expect(page).toHaveURL(/\/system\/param$/);
    await expect(mask).toHaveCount(0);
    await expect.poll(() => sidebarWidth(page)).toBe(0);
  });
});

test('between 992 and 1200 the sidebar stays beside the page; below 992 it starts collapsed', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await submitLogin(page, ADMIN);
  await expect(sidebarItem(page, '系统管理')).toBeVisible();
  expect(await sidebarWidth(page)).toBe(220);
  await expect(page.getByRole('combobox', { name: '请输入搜索内容' })).toHaveCount(0);

  await page.setViewportSize({ width: 900, height: 800 });
  // Collapsed to its icons, still beside the page, no mask.
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await expect(page.getByTestId('sidebar-mask')).toHaveCount(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('combobox', { name: '请输入搜索内容' })).toBeVisible();
});

test('on a desktop the menu button folds the sidebar to its icons and back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await submitLogin(page, ADMIN);
  await expect(sidebarItem(page, '系统管理')).toBeVisible();
  const toggle = page.getByRole('button', { name: '展开或收起菜单' });
  expect(await sidebarWidth(page)).toBe(220);
  await toggle.click();
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await expect(page.getByTestId('sidebar-mask')).toHaveCount(0);
  // A page click keeps it as it is on a wide screen.
  await toggle.click();
  await expect.poll(() => sidebarWidth(page)).toBe(220);
  // Through the helper that clicks again when the folder was still unfolding under the click.
  await openMenu(page, '系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param$/);
  expect(await sidebarWidth(page)).toBe(220);
});

test('between 768 and 992 a menu click folds the opened sidebar again', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await page.getByRole('button', { name: '展开或收起菜单' }).click();
  await expect.poll(() => sidebarWidth(page)).toBe(220);
  // Beside the page, not over it.
  await expect(page.getByTestId('sidebar-mask')).toHaveCount(0);
  await sidebarItem(page, '系统管理').click();
  await sidebarItem(page, '参数管理').click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect.poll(() => sidebarWidth(page)).toBe(80);
});
