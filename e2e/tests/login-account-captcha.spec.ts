import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, label } from '../support/console.ts';

/**
 * An account with too many wrong passwords asks for a captcha although this server's captchas are off
 * (server/src/modules/auth/grants.ts): the login page shows one when the server asks for it, and sends it.
 * The account name is one nobody has: an unknown name asks alike, and no other walk's account is touched.
 */
test('the login page shows the captcha an account asks for, with captchas off', async ({ page }) => {
  const account = `guessed-${Date.now()}`;
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/blade-auth/oauth/token', {
      params: {
        tenantId: ADMIN.tenantId,
        username: account,
        password: createHash('md5').update(`guess${i}`).digest('hex'),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    expect((await res.json()).error_code).toBe(2001);
  }

  await page.goto('/login/platform');
  // Captchas are off: the form starts without one.
  await expect(page.locator('#password')).toBeVisible();
  await expect(page.locator('#code')).toHaveCount(0);
  await page.locator('#tenantId').fill(ADMIN.tenantId);
  await page.locator('#username').fill(account);
  await page.locator('#password').fill('another guess');
  const asked = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/token'));
  const drawn = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha?required=true'));
  await page.getByRole('button', { name: label('登录') }).click();
  expect(await (await asked).json()).toMatchObject({
    error_code: 2007,
    error_description: '登录失败次数过多，请输入验证码',
  });
  await expect(page.getByText('登录失败次数过多，请输入验证码')).toBeVisible();
  const captcha = (await (await drawn).json()) as { image: string; enabled: boolean };
  expect(captcha.enabled).toBe(true);
  await expect(page.getByRole('img', { name: '验证码' })).toHaveAttribute('src', captcha.image);

  // The code typed goes with the login: a wrong one (no code holds a 0) is refused as such.
  await page.locator('#code').fill('0000');
  const sent = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'));
  const refused = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/token'));
  await page.getByRole('button', { name: label('登录') }).click();
  expect((await sent).headers()['captcha-code']).toBe('0000');
  expect(await (await refused).json()).toMatchObject({ error_code: 2007, error_description: '验证码不正确或已失效' });
  await expect(page).toHaveURL(/\/login\/platform$/);
});
