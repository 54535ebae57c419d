import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin, submitLogin, toast } from '../support/console.ts';
import { logout } from '../support/crm.ts';
import { callApi } from '../support/system.ts';

/**
 * Personal info: avatar upload (jpg/png, at most 500 kb) and details; password change with confirmation.
 * Each walk has an account of its own, so what it changes leaves the administrator and the other walks alone.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PASSWORD = 'Secret-123';
const USER_ROLE = '1123598816738675202'; // 用户 of the seed
const PROPERTY_DEPT = '1123598813738675203'; // 物业部 of the seed

interface Account {
  account: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

/** Makes a platform account as the administrator, then signs in as it on its personal info page. */
async function signInAsNewAccount(page: Page): Promise<Account> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const me: Account = {
    account: `info_${stamp}`,
    realName: `资料${stamp.slice(-5)}`,
    name: `昵称${stamp.slice(-5)}`,
    phone: '13800002222',
    email: `info_${stamp}@example.com`,
  };
  await loginAsAdmin(page);
  await callApi(page, 'blade-user/submit', {
    method: 'POST',
    data: { ...me, password: PASSWORD, userType: 1, roleId: USER_ROLE, deptId: PROPERTY_DEPT },
  });
  await logout(page);
  const answered = page.waitForResponse((r) => r.url().includes('/oauth/token'));
  await submitLogin(page, { tenantId: '000000', username: me.account, password: PASSWORD });
  // The server's answer first, so that a sign-in that does not happen says why (once in CI the page stayed on the
  // form for 30 s, its reason unseen): no answer is a form that was not sent, a refusal names its reason.
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  // A user of the 用户 role, whose sidebar holds no 系统管理 for startSession to wait for: the form it is. Its sign-in
  // (a password hash) and the app's start can outlast an assertion's usual wait on a busy machine, as startSession allows.
  await expect(page).not.toHaveURL(/\/login\//, { timeout: 30_000 });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '个人信息' }).first()).toBeVisible();
  return me;
}

test('the info tab shows the real name, user name, phone and email, and saves a change to each', async ({ page }) => {
  const me = await signInAsNewAccount(page);
  await expect(page.locator('#realName')).toHaveValue(me.realName);
  await expect(page.locator('#name')).toHaveValue(me.name);
  await expect(page.locator('#phone')).toHaveValue(me.phone);
  await expect(page.locator('#email')).toHaveValue(me.email);
  await expectNoAxeViolations(page, 'personal info');

  const changed = {
    realName: `${me.realName}改`,
    name: `${me.name}改`,
    phone: '13900003333',
    email: `new.${me.email}`,
  };
  await page.locator('#realName').fill(changed.realName);
  await page.locator('#name').fill(changed.name);
  await page.locator('#phone').fill(changed.phone);
  await page.locator('#email').fill(changed.email);
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(changed.realName);

  // Kept by the server: the account's own record, and the form after a reload.
  expect(await callApi(page, 'blade-user/info')).toMatchObject(changed);
  await page.reload();
  await expect(page.locator('#realName')).toHaveValue(changed.realName);
  await expect(page.locator('#name')).toHaveValue(changed.name);
  await expect(page.locator('#phone')).toHaveValue(changed.phone);
  await expect(page.locator('#email')).toHaveValue(changed.email);
});

test('the avatar takes a jpg, and a png of exactly 500 kb; it refuses a gif and anything larger', async ({ page }) => {
  await signInAsNewAccount(page);
  const input = page.locator('input[type=file]');
  const avatar = page.getByTestId('avatar').locator('img');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/put-file')) sent.push(r.url());
  });

  await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toast(page, '上传头像图片只能是 JPG 或 PNG 格式!')).toBeVisible();
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
  await expect(toast(page, '上传头像图片大小不能超过 500KB!')).toBeVisible();
  // One byte past 500 kb.
  const over = Buffer.concat([PNG, Buffer.alloc(500 * 1024 + 1 - PNG.length)]);
  // The toasts so far gone first, so the next one is this file's.
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await input.setInputFiles({ name: 'over.png', mimeType: 'image/png', buffer: over });
  await expect(toast(page, '上传头像图片大小不能超过 500KB!')).toBeVisible();
  expect(sent).toHaveLength(0);

  // A real JPEG, drawn by the browser.
  const jpeg = Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 8;
      return canvas.toDataURL('image/jpeg').split(',')[1];
    }),
    'base64',
  );
  let uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
  await input.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  expect((await uploaded).status()).toBe(200);
  await expect(avatar).toHaveAttribute('src', /\/oss\/endpoint\/file\/.+\.jpg$/);

  const exact = Buffer.concat([PNG, Buffer.alloc(500 * 1024 - PNG.length)]);
  uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
  await input.setInputFiles({ name: 'exact.png', mimeType: 'image/png', buffer: exact });
  expect((await uploaded).status()).toBe(200);
  await expect(avatar).toHaveAttribute('src', /\/oss\/endpoint\/file\/.+\.png$/);
  // The link serves the 500 kb sent.
  const served = await page.request.get((await avatar.getAttribute('src')) ?? '');
  expect((await served.body()).length).toBe(500 * 1024);

  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /\/oss\/endpoint\/file\/.+\.png$/);
});

test('the password tab checks the confirmation and the old password', async ({ page }) => {
  await signInAsNewAccount(page);
  // The refusal is shown once, as a toast, and nothing escapes into the page as an uncaught error.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.locator('#oldPassword').fill('not-the-password');
  await page.locator('#newPassword').fill('n3w-pass');
  await page.locator('#newPassword1').fill('other');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();
  await expectNoAxeViolations(page, 'password tab with its problem');
  await page.locator('#newPassword1').fill('n3w-pass');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '原密码不正确')).toBeVisible();
  // The form stays for another try.
  await expect(page.locator('#newPassword')).toHaveValue('n3w-pass');
  expect(errors).toEqual([]);
});

test('a changed password is the one that signs in from then on', async ({ page }) => {
  const me = await signInAsNewAccount(page);
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.locator('#oldPassword').fill(PASSWORD);
  await page.locator('#newPassword').fill('N3w-Secret');
  await page.locator('#newPassword1').fill('N3w-Secret');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  // The form is empty again.
  await expect(page.locator('#oldPassword')).toHaveValue('');
  await logout(page);

  const refused = page.waitForResponse((r) => r.url().includes('/oauth/token'));
  await submitLogin(page, { tenantId: '000000', username: me.account, password: PASSWORD });
  expect((await refused).status()).toBe(400);
  await expect(page).toHaveURL(/\/login\/platform$/);

  await submitLogin(page, { tenantId: '000000', username: me.account, password: 'N3w-Secret' });
  await expect(page).not.toHaveURL(/\/login\//);
  await expect(page.getByTestId('user-menu')).toContainText(me.realName);
});

test('the phone field takes an 11-digit mobile number starting with 1, or nothing', async ({ page }) => {
  // Nothing is saved here: the administrator will do.
  await loginAsAdmin(page);
  await page.goto('/info/index');
  const phone = page.locator('#phone');
  const help = page.locator('#phone_help');
  await expect(page.locator('#realName')).not.toHaveValue('');

  await phone.fill('1380000');
  await expect(help).toHaveText('手机号码长度不为11位');
  await phone.fill('23800001111');
  await expect(help).toHaveText('手机号码格式不正确');
  // Not saved while wrong.
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/update-info')) saves.push(r.url());
  });
  await page.getByRole('button', { name: '提交' }).click();
  await expect(help).toHaveText('手机号码格式不正确');
  expect(saves).toHaveLength(0);

  await phone.fill('13800001111');
  await expect(help).toHaveCount(0);
  // Optional: a user without a phone may still save (手机号码不能为空 is for required mobile fields).
  await phone.fill('');
  await expect(help).toHaveCount(0);
});

test('an initial password is asked to be changed at sign-in, and the notice stays on every screen until it is', async ({
  page,
}) => {
  // An account of its own, reset to the initial password (123456, as seeded): the administrator's stays as it is.
  const account = `initial_${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await loginAsAdmin(page);
  const created = await callApi<{ id: string }>(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account,
      realName: '初始',
      name: '初始',
      password: PASSWORD,
      userType: 1,
      roleId: USER_ROLE,
      deptId: PROPERTY_DEPT,
    },
  });
  await callApi(page, 'blade-user/reset-password', { method: 'POST', params: { userIds: created.id } });
  await logout(page);

  await submitLogin(page, { tenantId: '000000', username: account, password: '123456' });
  await expect(page).not.toHaveURL(/\/login\//, { timeout: 30_000 });
  // The prompt after the sign-in, and the notice above the screen; neither stands in the way.
  const prompt = page.locator('.ant-notification-notice').filter({ hasText: '请修改初始密码' });
  await expect(prompt).toBeVisible();
  const notice = page.getByRole('main').getByRole('status').filter({ hasText: '您的密码仍是初始密码' });
  await expect(notice).toBeVisible();
  await prompt.getByRole('button', { name: '修改密码' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '修改密码' })).toHaveAttribute('aria-selected', 'true');
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page, 'the initial-password notice');

  // Another screen has it too (and a page loaded again is no new sign-in: no prompt); its button opens the tab.
  await page.goto('/wel/index');
  await expect(notice).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await notice.getByRole('button', { name: '修改密码' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '修改密码' })).toHaveAttribute('aria-selected', 'true');

  await page.locator('#oldPassword').fill('123456');
  await page.locator('#newPassword').fill('Chosen-456');
  await page.locator('#newPassword1').fill('Chosen-456');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: '个人信息' }).first()).toBeVisible();
  await expect(page.getByText('您的密码仍是初始密码')).toHaveCount(0);
});
