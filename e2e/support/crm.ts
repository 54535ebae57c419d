import { expect, type Locator, type Page } from '@playwright/test';
import { type Credentials, settled, startSession } from './console.ts';

/**
 * Helpers of the CRM walks: the company (web) login, the detail's tabs and the dictionary
 * and date inputs of the record dialog, driven as a person would.
 */

/**
 * Starts a company (Account-Type web) session and waits for the CRM in the sidebar: from the API, as
 * `startSession` does (the walks about /login/company itself use `loginThroughForm(page, credentials, 'web')`).
 */
export async function loginAsCompany(page: Page, credentials: Credentials, options: { at?: string } = {}) {
  await startSession(page, credentials, { ...options, accountType: 'web' });
}

/** Logs out through the user menu, landing on the login page of the session's account type (spec part 2). */
export async function logout(page: Page) {
  const accountType = await page.evaluate(
    () => JSON.parse(localStorage.getItem('park.session') ?? '{}').state?.accountType ?? 'platform',
  );
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(accountType === 'web' ? /\/login\/company$/ : /\/login\/platform$/);
}

/** Opens a tab of the enterprise detail by its name. */
export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Picks a dictionary entry in a select of the dialog, found by its input id. */
export async function pickOption(page: Page, scope: Locator, id: string, option: string) {
  await scope.locator(`#${id}`).click();
  // This select's own drop-down (it holds the select's listbox): another one may still be closing.
  const dropdown = page.locator('.ant-select-dropdown:visible').filter({ has: page.locator(`[id="${id}_list"]`) });
  // Clicked while it still slides in, an option can be missed.
  await (await settled(dropdown)).getByTitle(option, { exact: true }).click();
  await expect(scope.locator('.ant-select').filter({ has: page.locator(`#${id}`) })).toContainText(option);
}

/** Types a date into a date picker of the dialog and confirms it. */
export async function fillDate(scope: Locator, id: string, date: string) {
  const input = scope.locator(`#${id}`);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** The data rows of the table in a scope (a tab, a dialog). */
export function dataRows(scope: Locator | Page): Locator {
  return scope.locator('.ant-table-tbody tr.ant-table-row');
}

/** A tab of the tags bar (the open pages) by its exact label. */
export function pageTag(page: Page, name: string): Locator {
  return page.getByTestId('tag').getByText(name, { exact: true });
}
