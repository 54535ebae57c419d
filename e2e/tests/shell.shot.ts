import path from 'node:path';
import { expect, test } from '@playwright/test';
import { atRest, loginAsAdmin, openMenu } from '../support/console.ts';

/** The shell in a light and a dark theme, in Chinese and in English (npm run screenshots). */
const screenshots = path.resolve(import.meta.dirname, '../../docs/screenshots');

for (const theme of ['default', 'dark'] as const) {
  for (const lang of ['zh', 'en'] as const) {
    test(`the shell, ${theme} theme, ${lang}`, async ({ page }) => {
      // The stored preference the theme dialog writes.
      await page.addInitScript((t) => {
        localStorage.setItem(
          'park.preferences',
          JSON.stringify({ state: { theme: t, primary: '#1677ff' }, version: 0 }),
        );
      }, theme);
      await loginAsAdmin(page);
      await openMenu(page, '系统管理', '参数管理');
      if (lang === 'en') {
        await page.getByRole('button', { name: '中文（语言）' }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
        await expect(page.getByRole('menuitem', { name: /Parameters/ }).first()).toBeVisible();
      }
      await expect(page).toHaveURL(/\/system\/param$/);
      await expect(page.getByRole('row').filter({ hasText: 'account.initPassword' })).toBeVisible();
      await atRest(page, lang === 'en' ? 'Parameters' : '参数管理');
      await page.screenshot({
        path: path.join(screenshots, `shell-${theme === 'default' ? 'light' : 'dark'}-${lang}.png`),
      });
    });
  }
}
