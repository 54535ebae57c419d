import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label } from '../support/console.ts';

/**
 * The login page with the captcha on (spec part 9's default), against the second server the
 * config starts with CAPTCHA=on: the image is the server's, a click draws another, and a wrong
 * code is refused with the server's words and no session.
 */
const captchaServer = `http://127.0.0.1:${process.env.E2E_CAPTCHA_PORT}`;

const nextCaptcha = (page: Page) =>
  page
    .waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'))
    .then((r) => r.json() as Promise<{ key: string; image: string; enabled: boolean }>);

// Playwright launches that server without waiting for it (playwright.config.ts): it is up long before
// this file runs, unless the file runs alone.
test.beforeAll(async ({ request }) => {
  await expect
    .poll(
      () =>
        request.get(`${captchaServer}/api/blade-auth/oauth/captcha`).then(
          (r) => r.status(),
          () => 0,
        ),
      {
        message: `the captcha server on ${captchaServer} did not start`,
        timeout: 90_000,
      },
    )
    .toBe(200);
});

test('the captcha shows the server’s image, a click draws a new one, and a wrong code is refused', async ({ page }) => {
  const first = nextCaptcha(page);
  await page.goto(`${captchaServer}/login/platform`);
  const drawn = await first;
  expect(drawn).toMatchObject({ enabled: true, image: expect.stringMatching(/^data:image\/svg\+xml;base64,/) });
  const image = page.getByRole('img', { name: '验证码' });
  await expect(image).toHaveAttribute('src', drawn.image);

  const second = nextCaptcha(page);
  await page.getByTitle('看不清？点击刷新').click();
  const redrawn = await second;
  expect(redrawn.key).not.toBe(drawn.key);
  await expect(image).toHaveAttribute('src', redrawn.image);

  await page.locator('#tenantId').fill(ADMIN.tenantId);
  await page.locator('#username').fill(ADMIN.username);
  await page.locator('#password').fill(ADMIN.password);
  // No code holds a 0 (it looks like an o), so this one is wrong whatever was drawn.
  await page.locator('#code').fill('0000');
  const answer = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/token'));
  const third = nextCaptcha(page);
  await page.getByRole('button', { name: label('登录') }).click();
  const response = await answer;
  expect(response.status()).toBe(400);
  const refusal = (await response.json()) as { error_code: number; error_description: string };
  expect(refusal.error_code).toBe(2007);
  await expect(page.getByText(refusal.error_description)).toBeVisible();

  // The spent captcha is replaced, the code cleared, and no session is kept.
  expect((await third).key).not.toBe(redrawn.key);
  await expect(page.locator('#code')).toHaveValue('');
  await expectNoAxeViolations(page, 'login with its captcha');
  await expect(page).toHaveURL(/\/login\/platform$/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state ?? {});
  expect(session.accessToken ?? null).toBeNull();
  expect(session.refreshToken ?? null).toBeNull();
});
