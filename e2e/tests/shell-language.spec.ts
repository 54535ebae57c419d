import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin } from '../support/console.ts';

/** 中文 / English: the active one disabled, title and Ant Design's texts follow, the choice persists. */
test('switching to English changes the shell, the title and antd, and survives a reload', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page).toHaveTitle('首页 - 园区管理平台');
  await page.getByRole('button', { name: '中文（语言）' }).click();
  await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(page).toHaveTitle('Home - Park Console');
  await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu search' })).toBeVisible();
  await expectNoAxeViolations(page, 'home (en)');

  // Ant Design's own text: the lock dialog's cancel button comes from its locale.
  await page.getByRole('button', { name: 'Lock screen' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Set a lock password' }).getByRole('button', { name: 'Cancel' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'lock dialog (en)');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page).toHaveTitle('Home - Park Console');
  await page.getByRole('button', { name: 'English (Language)' }).click();
  await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveTitle('首页 - 园区管理平台');
});
