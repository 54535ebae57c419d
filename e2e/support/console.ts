import { expect, type Locator, type Page } from '@playwright/test';

/** The seeded platform administrator (CONTRACT.md, seed data). */
export const ADMIN = { tenantId: '000000', username: 'admin', password: 'admin' } as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A button's or menu entry's name as Ant Design renders it: the icon's name may come first
 * ("plus 新增"), and a two-character Chinese label gets a space between its characters ("新 增").
 */
export function label(text: string): RegExp {
  const chars = [...text].map(escapeRegExp);
  return new RegExp(`(^|\\s)${chars.join('\\s*')}\\s*$`);
}

/** Fills the platform login form and submits it. */
export async function submitLogin(page: Page, credentials: { tenantId: string; username: string; password: string }) {
  await page.goto('/login/platform');
  await page.locator('#tenantId').fill(credentials.tenantId);
  await page.locator('#username').fill(credentials.username);
  await page.locator('#password').fill(credentials.password);
  await page.getByRole('button', { name: label('登录') }).click();
}

/** Logs in as the administrator and waits for the console's sidebar. */
export async function loginAsAdmin(page: Page) {
  await submitLogin(page, ADMIN);
  await expect(page).not.toHaveURL(/\/login\//);
  await expect(sidebarItem(page, '系统管理')).toBeVisible();
}

/** Switches the console to English through the top bar's language menu. */
export async function switchToEnglish(page: Page) {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
}

/** A sidebar menu entry (a folder or a page) by its name. */
export function sidebarItem(page: Page, name: string): Locator {
  return page
    .getByRole('complementary')
    .getByRole('menuitem', { name: label(name) })
    .first();
}

/**
 * Opens a page through the sidebar: the folder first, then the page inside it. `arrives: false` when
 * the page is not meant to open (its chunk held back, the session ended by the click).
 */
export async function openMenu(page: Page, folder: string, item: string, { arrives = true } = {}) {
  const entry = sidebarItem(page, item);
  // As a person would: a folder the sidebar closed again (it opens the current page's folder itself
  // once the menus load) is clicked again, also when it closed under the pointer on its way to the entry.
  // A click that landed while the folder was still unfolding (the entry moving under it) leaves the
  // entry unpicked: it is clicked again.
  await expect(async () => {
    if (!(await entry.isVisible())) await sidebarItem(page, folder).click();
    await entry.click({ timeout: 3_000 });
    if (arrives) await expect(entry).toHaveClass(/ant-menu-item-selected/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until a dialog has finished zooming in, or a drop-down sliding in: on a loaded machine a click
 * while it still moves can miss its button, and while it is still being prepared its buttons are not yet
 * in the accessibility tree.
 */
export async function settled(popup: Locator): Promise<Locator> {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/ant-(zoom|slide-up|slide-down)-(appear|enter)/);
  return popup;
}

/** A toast message (Ant Design's message or notification). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message, .ant-notification').getByText(text);
}

/**
 * Every entry of the sidebar, folders and pages, in order: each closed folder is opened first
 * (a closed folder does not draw its entries).
 */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('complementary');
  const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) {
    const name = ((await closed.first().textContent()) ?? '').trim();
    const folder = sidebar.locator('.ant-menu-submenu > .ant-menu-submenu-title').filter({ hasText: name }).first();
    const opened = sidebar.locator('.ant-menu-submenu-open > .ant-menu-submenu-title').filter({ hasText: name });
    // Just after login the shell opens the current page's folder itself, and a click at that moment closes
    // it again: click until it stays open.
    await expect(async () => {
      if ((await opened.count()) === 0) await folder.click();
      await expect(opened.first()).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
  return (await sidebar.locator('.ant-menu-title-content').allInnerTexts()).map((text) => text.trim());
}

/**
 * Waits until the console is at rest as a person would photograph it: the page's data loaded (no spinner,
 * nothing dimmed), the sidebar marking the page in view, no popup or toast on screen, the pointer off the frame.
 */
export async function atRest(page: Page, menuItem: string) {
  await page.mouse.move(1300, 860);
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0);
  const selected = page.getByRole('complementary').locator('.ant-menu-item-selected');
  await expect(selected).toHaveText(label(menuItem));
  await selected.scrollIntoViewIfNeeded();
  await expect(page.locator('.ant-dropdown:visible, .ant-popover:visible, .ant-tooltip:visible')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
}
