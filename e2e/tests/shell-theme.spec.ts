import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../support/console.ts';

/** The theme dialog's 11 themes, each changing the layout's look; the choice and colour persist. */
const THEMES = [
  '默认主题',
  '白色主题',
  '黑色主题',
  '炫彩主题',
  '智能主题',
  'iView 主题',
  'VIP 主题',
  '酷炫主题',
  'D2 主题',
  'Hey 主题',
  'LTE 主题',
];

test('every theme gives the shell a different look, and the choice survives a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  await page.getByRole('button', { name: '主题' }).click();
  const dialog = page.getByRole('dialog', { name: '选择主题' });
  for (const name of THEMES) await expect(dialog.getByText(name, { exact: true })).toBeVisible();

  const header = page.locator('.ant-layout-header');
  const sider = page.locator('.ant-layout-sider');
  const looks = new Set<string>();
  for (const name of THEMES) {
    await dialog.getByText(name, { exact: true }).click();
    const look = await Promise.all([
      header.evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor),
      sider.evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor),
    ]);
    looks.add(look.join('|'));
  }
  expect(looks.size).toBe(THEMES.length);

  await dialog.getByText('黑色主题', { exact: true }).click();
  await page.keyboard.press('Escape');
  const dark = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(dark).toBe('rgb(31, 31, 31)');
  await page.reload();
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(31, 31, 31)');
});

test('the primary colour starts blue and the picked colour is kept', async ({ page }) => {
  await loginAsAdmin(page);
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('park.preferences') ?? '{}').state?.primary);
  const lockOk = page.getByRole('dialog', { name: '设置锁屏密码' }).locator('.ant-btn-primary');

  // Blue as rendered, before any choice: Ant Design's #1677ff on a primary button.
  await page.getByRole('button', { name: '锁屏' }).click();
  await expect(lockOk).toHaveCSS('background-color', 'rgb(22, 119, 255)');
  await page.keyboard.press('Escape');
  await expect(lockOk).toBeHidden();

  await page.getByTestId('primary-color').click();
  const hex = page.locator('.ant-color-picker-input input').first();
  await hex.fill('ff0000');
  await hex.press('Enter');
  await expect.poll(stored).toBe('#ff0000');
  await page.reload();
  await page.getByRole('button', { name: '锁屏' }).click();
  await expect(lockOk).toHaveCSS('background-color', 'rgb(255, 0, 0)');
});
