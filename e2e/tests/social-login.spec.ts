import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type FakeSocial, startFakeSocial } from '../../server/test/fake-social-provider.ts';
import { label, switchToEnglish, toast } from '../support/console.ts';

/**
 * Third-party login (issue 37), as a new user meets it: the login page's provider button, the provider (a local
 * fake OIDC provider started by this walk), back to the console's callback page, the application form prefilled,
 * an administrator's approval (through the API), then the same button logs straight in.
 */
const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const stamp = Date.now().toString(36).slice(-6);
const SOURCE = `e2e${stamp}`;
const PROVIDER = `测试身份源${stamp}`;
const person = { sub: `walk-${stamp}`, name: `社交${stamp}`, username: `social${stamp}` };

let fake: FakeSocial;
let adminToken: string;
let providerId: string;

async function api(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown) {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${adminToken}`, 'Tenant-Id': '000000' },
  });
  const body = await response.json();
  expect(body.code, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

test.beforeAll(async ({ request }) => {
  fake = await startFakeSocial();
  fake.user = person;
  const token = await request.post('/api/blade-auth/oauth/token', {
    params: {
      tenantId: '000000',
      username: 'admin',
      password: createHash('md5').update('admin').digest('hex'),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
    headers: { Authorization: CLIENT, 'Tenant-Id': '000000' },
  });
  adminToken = (await token.json()).access_token;
  await api(request, 'POST', '/api/blade-system/social-provider/submit', {
    providerName: PROVIDER,
    source: SOURCE,
    category: 'oidc',
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    issuer: fake.issuer,
    status: 2,
  });
  const page = await api(request, 'GET', `/api/blade-system/social-provider/page?source=${SOURCE}`);
  providerId = page.records[0].id;
});

test.afterAll(async ({ request }) => {
  // The provider leaves the login page of tenant 000000 again.
  if (providerId) await api(request, 'POST', `/api/blade-system/social-provider/remove?ids=${providerId}`);
  await fake?.close();
});

test('a first third-party login applies for an account, and after approval the next one goes straight in', async ({
  page,
  request,
}) => {
  await page.goto('/login/platform');
  const button = page.getByTestId('social-logins').getByRole('link', { name: PROVIDER });
  await button.click();
  // Back from the provider without an account: the application opens, filled from the provider's account.
  await expect(page).toHaveURL(/\/login\/platform\?oauthId=/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('#registerName')).toHaveValue(person.name);
  await expect(dialog.locator('#registerAccount')).toHaveValue(person.username);
  await dialog.locator('#registerPassword').fill('pw123456');
  await dialog.locator('#registerPassword2').fill('pw123456');
  await dialog.getByRole('button', { name: label('提交') }).click();
  await expect(page.getByText('注册申请已提交,请耐心等待管理员通过!')).toBeVisible();

  // The administrator approves it (its screen has its own walk).
  const pending = await api(request, 'GET', '/api/blade-user/register/list');
  const application = pending.find((row: { account: string }) => row.account === person.username);
  expect(application.oauthId).toBe(`${SOURCE}:${person.sub}`);
  await api(request, 'POST', `/api/blade-user/register/approve?ids=${application.id}`);

  // The same button now signs in.
  await page.goto('/login/platform');
  await page.getByTestId('social-logins').getByRole('link', { name: PROVIDER }).click();
  // The console's home page: the user (granted only the registration role's menus) is signed in.
  await expect(page).toHaveURL(/\/wel\/index$/, { timeout: 30_000 });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state ?? {});
  expect(stored.user?.account).toBe(person.username);

  await test.step('personal info lists the binding; in English it is unbound and offered again', async () => {
    await page.goto('/info/index');
    await page.getByRole('tab', { name: '第三方账号' }).click();
    const bindings = page.getByTestId('social-bindings');
    const row = bindings.getByRole('row').filter({ hasText: PROVIDER });
    await expect(row).toContainText(person.name);
    await switchToEnglish(page);
    await page.getByRole('tab', { name: 'Third-party accounts' }).click();
    await row.getByRole('button', { name: 'Unbind' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Unbound')).toBeVisible();
    await expect(bindings).toContainText('No third-party account is bound');
    await expect(bindings.getByRole('button', { name: `Bind ${PROVIDER}` })).toBeVisible();
    // Gone on the server too: the administrator's view of the user holds no binding.
    const users = await api(request, 'GET', `/api/blade-user/page?account=${person.username}`);
    expect(await api(request, 'GET', `/api/blade-user/oauth/list?userId=${users.records[0].id}`)).toEqual([]);
  });
});
