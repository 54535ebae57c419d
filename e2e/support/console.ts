import { createHash } from 'node:crypto';
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

/** A user's login: tenant, account and the password as typed. */
export interface Credentials {
  tenantId: string;
  username: string;
  password: string;
}

/** The two login pages: `platform` (/login/platform) and `web`, the company account (/login/company). */
export type AccountType = 'platform' | 'web';

/** The folder of the sidebar each account type's console shows once it is loaded. */
const HOME_FOLDER: Record<AccountType, string> = { platform: '系统管理', web: '企业管理' };
const LOGIN_PAGE: Record<AccountType, string> = { platform: '/login/platform', web: '/login/company' };

/** Fills a login form (the platform's unless `accountType` is `web`) and submits it. */
export async function submitLogin(page: Page, credentials: Credentials, accountType: AccountType = 'platform') {
  await page.goto(LOGIN_PAGE[accountType]);
  await page.locator('#tenantId').fill(credentials.tenantId);
  await page.locator('#username').fill(credentials.username);
  await page.locator('#password').fill(credentials.password);
  await page.getByRole('button', { name: label('登录') }).click();
}

/**
 * Logs in through the login form, as a person does, and waits for the console's sidebar: for the walks
 * about the form itself. Every other walk starts from `loginAsAdmin` / `startSession`, without the form.
 */
export async function loginThroughForm(page: Page, credentials: Credentials, accountType: AccountType = 'platform') {
  await submitLogin(page, credentials, accountType);
  await expect(page).not.toHaveURL(/\/login\//);
  await expect(sidebarItem(page, HOME_FOLDER[accountType])).toBeVisible();
}

const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** `park.session` as the web app persists it (web/src/stores/session.ts: zustand persist, version 0). */
interface StoredSession {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  issuedAt: number;
  tenantId: string;
  accountType: AccountType;
  user: Record<string, string>;
  permissions: Record<string, true>;
  switchMode: boolean;
}

/** The worker's sessions by account type, tenant and account: each test process logs each user in once. */
const sessions = new Map<string, StoredSession>();

/** The token endpoint's login, as web/src/api/auth.ts `login` sends it (no captcha: the suite's server has it off). */
async function signIn(page: Page, credentials: Credentials, accountType: AccountType): Promise<StoredSession> {
  const response = await page.request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId: credentials.tenantId,
      username: credentials.username,
      password: createHash('md5').update(credentials.password).digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: CLIENT, 'Tenant-Id': credentials.tenantId, 'Account-Type': accountType },
  });
  const token = await response.json();
  expect(response.ok(), `login of ${credentials.username}: ${JSON.stringify(token)}`).toBe(true);
  // The login page's store (beginSession → signIn): permissions start empty, the shell loads them.
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresIn: token.expires_in,
    issuedAt: Date.now(),
    tenantId: token.tenant_id,
    accountType,
    user: {
      userId: token.user_id,
      tenantId: token.tenant_id,
      deptId: token.dept_id,
      roleId: token.role_id,
      account: token.account,
      userName: token.user_name,
      nickName: token.nick_name,
      realName: token.real_name,
      roleName: token.role_name,
      avatar: token.avatar,
    },
    permissions: {},
    switchMode: false,
  };
}

/**
 * Switch mode as the login page asks it after the password (`switch-options`); undefined once the session
 * is no longer live (logged out, or its token expired), which makes the cached one useless.
 */
async function switchModeOf(page: Page, session: StoredSession): Promise<boolean | undefined> {
  const response = await page.request.get('/api/blade-auth/oauth/switch-options', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${session.accessToken}`, 'Tenant-Id': session.tenantId },
  });
  if (!response.ok()) return undefined;
  const body = await response.json();
  if (body.code !== 200) return undefined;
  // A user who must pick a department and role after the password gets no session without the form.
  const { switchMode, depts, roles } = body.data as { switchMode: boolean; depts: unknown[]; roles: unknown[] };
  expect(switchMode && (depts.length > 1 || roles.length > 1), 'in switch mode this user logs in by the form').toBe(
    false,
  );
  return switchMode;
}

/**
 * Starts a console session without the login form: a token from the token endpoint (the worker's earlier one
 * while it is still live and young, unless `fresh`), stored where the web app keeps it (`park.session`), then
 * the console opened at `at` (the home page by default) and its sidebar awaited. As after the login form,
 * no tabs and no lock are left over from before.
 */
export async function startSession(
  page: Page,
  credentials: Credentials,
  {
    accountType = 'platform',
    at = '/wel/index',
    fresh = false,
    home,
  }: {
    accountType?: AccountType;
    at?: string;
    fresh?: boolean;
    /** A sidebar folder the account sees, awaited instead of the account type's usual one (a user without it). */
    home?: string;
  } = {},
) {
  const key = `${accountType}|${credentials.tenantId}|${credentials.username}|${credentials.password}`;
  let session = fresh ? undefined : sessions.get(key);
  // A token past half its life is not reused: the console would refresh it in the middle of a walk.
  if (session && Date.now() - session.issuedAt > (session.expiresIn * 1000) / 2) session = undefined;
  let switchMode = session && (await switchModeOf(page, session));
  if (!session || switchMode === undefined) {
    session = await signIn(page, credentials, accountType);
    switchMode = await switchModeOf(page, session);
    expect(switchMode, `a session for ${credentials.username}`).toBeDefined();
  }
  session = { ...session, switchMode: Boolean(switchMode) };
  if (!fresh) sessions.set(key, session);

  // Local storage belongs to the origin: a tiny file of it (no script runs) opens it, then the app starts signed in.
  await page.goto('/favicon.svg');
  await page.evaluate((state) => {
    localStorage.setItem('park.session', JSON.stringify({ state, version: 0 }));
    // A login starts with no open tabs and drops the lock (web/src/auth/lifecycle.ts, stores/lock.ts).
    localStorage.removeItem('park.tags');
    localStorage.removeItem('park.lock');
  }, session);
  await page.goto(at);
  await expect(page).not.toHaveURL(/\/login\//);
  // The app's first start on a busy machine (its script, then the menus) can take longer than an assertion
  // usually waits; the login form's fields waited for it without a limit.
  await expect(sidebarItem(page, home ?? HOME_FOLDER[accountType])).toBeVisible({ timeout: 30_000 });
}

/**
 * Logs in as the administrator and waits for the console's sidebar: a session from the API (see
 * `startSession`), the console opened at `at` (the home page by default).
 */
export async function loginAsAdmin(page: Page, options: { at?: string; fresh?: boolean } = {}) {
  await startSession(page, ADMIN, options);
}

/**
 * Switches the console to English through the top bar's language menu. A live notification (another walk's message
 * to the same account) opens at the top right, over that menu, as it would for a person, who closes it first: a
 * walk held up by one waited out its two minutes on the covered menu item.
 */
export async function switchToEnglish(page: Page) {
  const english = page.getByRole('menuitem', { name: 'English' });
  const switched = page.getByRole('button', { name: 'English (Language)' });
  await expect(async () => {
    // A click reported as timed out may still have landed: the menu is gone then, and no second try can pass.
    if (await switched.isVisible()) return;
    for (const close of await page.locator('.ant-notification-notice-close').all()) {
      await close.click({ timeout: 1_000 }).catch(() => undefined); // gone by itself meanwhile
    }
    if (!(await english.isVisible())) await page.getByRole('button', { name: '中文（语言）' }).click();
    await english.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(switched).toBeVisible();
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
 * Every entry of the sidebar, folders and pages, in order. A folder draws its entries once it has been
 * opened, and the sidebar is an accordion (opening a folder closes the others): the folders are opened
 * one at a time, each never opened before (a nested one after its parent), then all entries are read,
 * those of the folders closed again too.
 */
export async function sidebarEntries(page: Page): Promise<string[]> {
  const sidebar = page.getByRole('complementary');
  const neverOpened = '.ant-menu-submenu:not(:has(> .ant-menu-sub))';
  // A folder never opened, in view; or else a closed one in view that holds one deeper down.
  const next = sidebar
    .locator(`${neverOpened} > .ant-menu-submenu-title`)
    .or(sidebar.locator(`.ant-menu-submenu:not(.ant-menu-submenu-open):has(${neverOpened}) > .ant-menu-submenu-title`))
    .filter({ visible: true });
  while ((await sidebar.locator(neverOpened).count()) > 0) {
    const name = ((await next.first().textContent()) ?? '').trim();
    const folder = sidebar.locator('.ant-menu-submenu-title').filter({ hasText: name }).first();
    const opened = sidebar.locator('.ant-menu-submenu-open > .ant-menu-submenu-title').filter({ hasText: name });
    // Just after login the shell opens the current page's folder itself, and a click at that moment closes
    // it again: click until it stays open.
    await expect(async () => {
      if ((await opened.count()) === 0) await folder.click();
      await expect(opened.first()).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
  return (await sidebar.locator('.ant-menu-title-content').allTextContents()).map((text) => text.trim());
}

/**
 * Brings a sidebar entry into view by opening its folders, outermost first (the sidebar is an accordion:
 * another folder opened before closed them), and clicks it. Retried as a whole: a folder still folding away
 * from the click before can hide the entry again between its reveal and the click.
 */
export async function clickSidebarEntry(entry: Locator) {
  await expect(async () => {
    await revealSidebarEntry(entry);
    await entry.click({ timeout: 2_000 });
  }).toPass();
}

/**
 * Brings a sidebar entry into view by opening its folders, outermost first (the sidebar is an accordion:
 * another folder opened before closed them).
 */
export async function revealSidebarEntry(entry: Locator) {
  if (await entry.isVisible()) return;
  const folders = entry.locator('xpath=ancestor::li[contains(@class, "ant-menu-submenu")]');
  for (let i = 0; i < (await folders.count()); i++) {
    const folder = folders.nth(i);
    if (!((await folder.getAttribute('class')) ?? '').includes('ant-menu-submenu-open')) {
      await folder.locator(':scope > .ant-menu-submenu-title').click();
    }
  }
  await expect(entry).toBeVisible();
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

/**
 * Moves inside the app as a link does (the router, not a fresh load), and waits until the tags bar shows the
 * screen as the active one: a kept-alive screen stays in the page, hidden, and until the move lands the one in
 * view is the screen before.
 */
export async function moveInApp(page: Page, at: string) {
  await page.evaluate((route) => {
    history.pushState(null, '', route);
    dispatchEvent(new PopStateEvent('popstate'));
  }, at);
  const path = new URL(at, 'http://console').pathname;
  await expect(page.locator(`.ant-tabs-tab-active[data-node-key^="${path}"]`)).toBeVisible();
}
