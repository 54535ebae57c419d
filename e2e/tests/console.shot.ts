import path from 'node:path';
import { expect, test } from '@playwright/test';
import { atRest, loginAsAdmin, openMenu } from '../support/console.ts';

/** The README's screenshots (npm run screenshots): the console after login, on the parameter screen. */
const screenshots = path.resolve(import.meta.dirname, '../../docs/screenshots');

test('the console after login', async ({ page }) => {
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '参数管理');
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page.getByRole('row').filter({ hasText: 'account.initPassword' })).toBeVisible();
  await atRest(page, '参数管理');
  await page.screenshot({ path: path.join(screenshots, 'console.png') });
});
