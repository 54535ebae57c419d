import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/**
 * The server's Content-Security-Policy (issue 12) holds for the built app: every screen of the
 * administrator's menus opens, in one page, without a single policy violation (an inline script, a
 * style or image from elsewhere, an eval). Violations are collected in the page from its first script on.
 */
interface MenuNode {
  path?: string;
  isOpen?: number;
  children?: MenuNode[];
}

/** The menu paths the app routes itself (not external links, not embedded pages). */
function screenPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => [
    ...(n.path?.startsWith('/') && !n.children?.length ? [n.path] : []),
    ...screenPaths(n.children ?? []),
  ]);
}

test('every menu screen opens without a Content-Security-Policy violation', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} at ${location.pathname}`);
    });
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });

  const response = await page.request.get('/');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  await loginAsAdmin(page);
  const paths = screenPaths(await callApi<MenuNode[]>(page, 'blade-system/menu/routes'));
  expect(paths.length).toBeGreaterThan(20);
  for (const path of paths) {
    // Client-side, as the sidebar opens a screen: the app stays loaded and its listener with it.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  }
  const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  expect([...violations, ...consoleViolations]).toEqual([]);
});
