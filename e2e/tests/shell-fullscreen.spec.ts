import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/console.ts';

/** The top bar's full-screen button turns the browser's full screen on and off. */
test('the full-screen button enters and leaves full screen', async ({ page }) => {
  await loginAsAdmin(page);
  const isFull = () => page.evaluate(() => document.fullscreenElement !== null);
  expect(await isFull()).toBe(false);

  await page.getByRole('button', { name: '全屏', exact: true }).click();
  await expect.poll(isFull).toBe(true);
  expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);

  // The button now offers the way back.
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(isFull).toBe(false);
  await expect(page.getByRole('button', { name: '全屏', exact: true })).toBeVisible();
});
