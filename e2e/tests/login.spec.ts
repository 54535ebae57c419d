import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, loginThroughForm, submitLogin } from '../support/console.ts';

test("a wrong password shows the server's message and stays on the login page", async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/token'));
  await submitLogin(page, { ...ADMIN, password: 'not-the-password' });
  const response = await answer;
  expect(response.status()).toBe(400);
  const { error_description: description } = (await response.json()) as { error_description: string };
  expect(description).toBeTruthy();
  await expect(page.getByText(description)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/platform$/);
  await expectNoAxeViolations(page, 'login with a refusal');

  // No token kept: not in the browser's storage...
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state ?? {});
  expect(stored.accessToken ?? null).toBeNull();
  expect(stored.refreshToken ?? null).toBeNull();
  expect(stored.user ?? null).toBeNull();
  // ...nor in the app's session store: a page behind the login, reached without a reload, still leads to the login.
  await page.evaluate(() => {
    history.pushState(null, '', '/system/param');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/login\/platform$/);
  await expect(page.getByRole('button', { name: label('登录') })).toBeVisible();
});

test('a protected page without a session sends the visitor to the login page', async ({ page }) => {
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/login\/platform$/);
  await expect(page.getByRole('button', { name: label('登录') })).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expectNoAxeViolations(page, '404');
});

test('the login form signs in, and logging out returns to the platform login page', async ({ page }) => {
  // The form itself (every other walk starts its session from the API).
  await loginThroughForm(page, ADMIN);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\/platform$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/login\/platform$/);
});
