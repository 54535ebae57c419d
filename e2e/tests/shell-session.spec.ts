import { expect, type Request, test } from '@playwright/test';
import { ADMIN, loginThroughForm, openMenu } from '../support/console.ts';

/**
 * Session refresh (spec parts 4 and 9): checked every 10 s, a refresh once the token is
 * min(3000 s, 5/6 of expires_in) old (docs/decisions.md), one at a time, and the new token used after.
 */
const isRefresh = (request: Request) =>
  request.url().includes('/api/blade-auth/oauth/token') && request.url().includes('grant_type=refresh_token');

test('the token is refreshed once when due, never twice at once, and the new one is used', async ({ page }) => {
  await page.clock.install();
  const refreshes: Request[] = [];
  page.on('request', (request) => {
    if (isRefresh(request)) refreshes.push(request);
  });
  // The refresh is held until the test lets it through, so later checks find it still running.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/blade-auth/oauth/token*', async (route) => {
    if (isRefresh(route.request())) await released;
    await route.continue();
  });

  // Through the form, under the page's clock: the token's age counts from the login the page saw.
  await loginThroughForm(page, ADMIN);
  const session = () => page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state);
  const before = await session();
  // The seed client's access token lives 3600 s: the refresh is due at 3000 s.
  expect(before.expiresIn).toBe(3600);

  await test.step('not before the threshold', async () => {
    await page.clock.fastForward('49:20');
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(500);
    expect(refreshes).toHaveLength(0);
  });

  await test.step('once past it, and a second check while it runs sends no other', async () => {
    const sent = page.waitForRequest(isRefresh);
    await page.clock.fastForward(40_000);
    await sent;
    await page.clock.fastForward(10_000);
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(500);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].url()).toContain(`refresh_token=${before.refreshToken}`);
  });

  let renewed = '';
  await test.step('the answer replaces the tokens', async () => {
    const answer = page.waitForResponse((r) => isRefresh(r.request()));
    release();
    const body = (await (await answer).json()) as { access_token: string; refresh_token: string };
    renewed = body.access_token;
    expect(renewed).not.toBe(before.accessToken);
    await expect.poll(async () => (await session()).accessToken).toBe(renewed);
    expect((await session()).refreshToken).toBe(body.refresh_token);
  });

  await test.step('the next calls carry the new token, and the next check finds nothing due', async () => {
    const call = page.waitForRequest((r) => r.url().includes('/api/blade-system/param/page'));
    await openMenu(page, '系统管理', '参数管理');
    expect((await call).headers()['blade-auth']).toBe(`bearer ${renewed}`);
    await page.clock.fastForward(10_000);
    await page.waitForTimeout(500);
    expect(refreshes).toHaveLength(1);
  });
});
