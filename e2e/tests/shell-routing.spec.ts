import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/console.ts';

/** Routing bits of the shell: /403 and /500, and /myiframe only for menu paths. */
test('the 403 and 500 pages exist', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/403');
  await expect(page.getByText('抱歉，你无权访问该页面')).toBeVisible();
  await page.goto('/500');
  await expect(page.getByText('抱歉，服务器出错了')).toBeVisible();
});

test('/myiframe does not embed an address that is no menu of the user', async ({ page }) => {
  await loginAsAdmin(page);
  // Client-side, as the sidebar opens it (the server's page fallback treats a dotted path as a file).
  await page.evaluate(
    (path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    `/myiframe/${encodeURIComponent('https://evil.example.com/')}`,
  );
  await expect(page.getByText('无法打开该页面')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});
