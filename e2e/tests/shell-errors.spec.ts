import { expect, type Page, type Request, type Route, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { requestApi } from '../support/system.ts';

/**
 * How the console answers a failed call (spec part 8): a whitelisted code says nothing, any other
 * shows the server's message (else 未知错误), a 401 ends the session quietly, and a call with no
 * answer gives up after 60 s (spec part 9).
 */
const CLEAR_CACHE = '**/api/blade-auth/oauth/clear-cache';

/** Every toast on screen (Ant Design's message). */
const toasts = (page: Page) => page.locator('.ant-message-notice');

/** Starts noting every toast the page shows, however briefly. */
async function watchToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver(() => {
      document.querySelectorAll('.ant-message-notice:not([data-seen])').forEach((notice) => {
        notice.setAttribute('data-seen', '');
        seen.push(notice.textContent ?? '');
      });
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** The toasts noted since the last call (see watchToasts). */
async function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts.splice(0));
}

/** Notes the page's calls to the server from now on; `settled` waits until none but `except` is unanswered. */
function trackApiCalls(page: Page) {
  const open = new Set<Request>();
  page.on('request', (call) => {
    if (call.url().includes('/api/')) open.add(call);
  });
  const done = (call: Request) => open.delete(call);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settled: (except: string) =>
      expect
        .poll(() => [...open].map((call) => new URL(call.url()).pathname).filter((path) => !path.endsWith(except)))
        .toEqual([]),
  };
}

/** The tags bar's 清除缓存, up to its confirmation. */
async function askClearCache(page: Page) {
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  const confirm = await settled(page.getByRole('dialog').filter({ hasText: '是否需要清除缓存?' }));
  await expect(confirm).toBeVisible();
  return confirm;
}

/**
 * Clears the cache with the server's answer replaced by `answer`, waits for that answer, checks what
 * the page shows right then, and closes the confirmation (a failed one stays open).
 */
async function clearCacheAnswered(page: Page, answer: Parameters<Route['fulfill']>[0], check: () => Promise<void>) {
  await page.route(CLEAR_CACHE, (route) => route.fulfill(answer));
  const confirm = await askClearCache(page);
  await shownToasts(page);
  const answered = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/clear-cache'));
  await confirm.getByRole('button', { name: label('确定') }).click();
  await answered;
  await check();
  await shownToasts(page);
  await page.unroute(CLEAR_CACHE);
  await confirm.getByRole('button', { name: label('取消') }).click();
  await expect(confirm).toBeHidden();
  await expect(toasts(page)).toHaveCount(0);
}

test('a whitelisted code fails silently; others show the message, or 未知错误 without one', async ({ page }) => {
  await loginAsAdmin(page);
  await watchToasts(page);

  await test.step('423, on the whitelist: no toast at all', async () => {
    const answer = { code: 423, success: false, data: null, msg: '由页面自行处理' };
    await clearCacheAnswered(page, { status: 423, json: answer }, async () => {
      // Give a toast every chance to show before saying none did.
      await page.waitForTimeout(1500);
      expect(await shownToasts(page)).toEqual([]);
    });
  });

  await test.step("400: the server's msg", async () => {
    const answer = { code: 400, success: false, data: null, msg: '缓存正忙，请稍后再试' };
    await clearCacheAnswered(page, { status: 400, json: answer }, async () => {
      await expect(toast(page, '缓存正忙，请稍后再试')).toBeVisible();
      await expect(toasts(page).filter({ hasText: '清除完毕' })).toHaveCount(0);
      await expectNoAxeViolations(page, 'an error toast over a confirmation');
    });
  });

  await test.step('the body code counts under HTTP 200, and error_description stands in for msg', async () => {
    const answer = { code: 500, success: false, error_description: '令牌服务不可用' };
    await clearCacheAnswered(page, { status: 200, json: answer }, async () => {
      await expect(toast(page, '令牌服务不可用')).toBeVisible();
    });
  });

  await test.step('neither msg nor error_description: 未知错误', async () => {
    const answer = { status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' };
    await clearCacheAnswered(page, answer, async () => {
      await expect(toast(page, '未知错误')).toBeVisible();
    });
  });
});

test('a 401 (a session revoked elsewhere) logs out to the login page without a toast', async ({ page }) => {
  await loginAsAdmin(page);
  // The console's first calls (user info, buttons, messages) done, so the next 401 is the one the test causes.
  await page.waitForLoadState('networkidle');
  await watchToasts(page);
  // The session ends on the server, as when another window logs out.
  const revoked = await requestApi(page, 'blade-auth/oauth/logout');
  expect(revoked.status()).toBe(200);

  // The page's next call meets the 401: the list opened here, or one the console makes by itself (the
  // bell's poll, the session check) if that comes first, after which the sidebar to open the list from is gone.
  const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 401);
  await Promise.race([refused, openMenu(page, '系统管理', '参数管理', { arrives: false }).catch(() => undefined)]);
  await refused;
  await expect(page).toHaveURL(/\/login\/platform$/);
  await expect(page.getByRole('button', { name: label('登录') })).toBeVisible();
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state?.accessToken ?? null),
  ).toBeNull();
  // Client-side all along, so every toast since the revocation was noted.
  await page.waitForTimeout(1500);
  expect(await shownToasts(page)).toEqual([]);
});

test('a call with no answer gives up after 60 seconds, not before', async ({ page }) => {
  await page.clock.install();
  const calls = trackApiCalls(page);
  await loginAsAdmin(page);
  // The server never answers this one.
  await page.route(CLEAR_CACHE, () => undefined);
  await watchToasts(page);
  const confirm = await askClearCache(page);
  // The shell's own first calls answered: on a busy machine one still in flight would time out in the jump below.
  await calls.settled('/clear-cache');
  // From here the page's time moves only when the test moves it.
  await page.clock.pauseAt(Date.now() + 60_000);
  const sent = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/clear-cache'));
  await confirm.getByRole('button', { name: label('确定') }).click();
  await sent;
  // And those the jump set off (the bell's poll, the push check), so that the hung one is the only one left to give up.
  await calls.settled('/clear-cache');

  await page.clock.runFor(59_000);
  // Real time for a toast to render, had the call given up already.
  await page.waitForTimeout(500);
  expect(await shownToasts(page)).toEqual([]);
  await page.clock.runFor(1_000);
  await page.clock.resume();
  await expect(toast(page, '请求超时，请稍后重试')).toBeVisible();
});
