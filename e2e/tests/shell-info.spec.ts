import { expect, test } from '@playwright/test';
import { loginAsAdmin, submitLogin, toast } from '../support/console.ts';
import { callApi } from '../support/system.ts';

/** Personal info: avatar upload (jpg/png, at most 500 kb) and details; password change with confirmation. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the info tab uploads an avatar, refuses other files, and saves', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '个人信息' }).first()).toBeVisible();
  await expect(page.locator('#realName')).not.toHaveValue('');

  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toast(page, '上传头像图片只能是 JPG 或 PNG 格式!')).toBeVisible();
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
  await expect(toast(page, '上传头像图片大小不能超过 500KB!')).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
  await input.setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: PNG });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute('src', /\/oss\/endpoint\/file\//);

  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();
  await expect(page.getByTestId('user-menu').locator('img')).toHaveAttribute('src', /\/oss\/endpoint\/file\//);
});

test('the password tab checks the confirmation and the old password', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/info/index');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.locator('#oldPassword').fill('not-admin');
  await page.locator('#newPassword').fill('n3w-pass');
  await page.locator('#newPassword1').fill('other');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();
  await page.locator('#newPassword1').fill('n3w-pass');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '原密码不正确')).toBeVisible();
});

test('the phone field takes an 11-digit mobile number starting with 1, or nothing', async ({ page }) => {
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

test('a password changed in 个人信息 is the one the next login takes', async ({ page }) => {
  const account = `e2e_pwd_${Date.now()}`;
  await loginAsAdmin(page);
  await callApi(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account,
      name: '改密',
      realName: '改密用户',
      password: 'Old-pass-1',
      roleId: '1123598816738675203',
      deptId: '1123598813738675202',
    },
  });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await submitLogin(page, { tenantId: '000000', username: account, password: 'Old-pass-1' });
  await expect(page).not.toHaveURL(/\/login\//);

  await page.goto('/info/index');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.locator('#oldPassword').fill('Old-pass-1');
  await page.locator('#newPassword').fill('New-pass-2');
  await page.locator('#newPassword1').fill('New-pass-2');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '修改成功')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await submitLogin(page, { tenantId: '000000', username: account, password: 'Old-pass-1' });
  await expect(toast(page, '用户名或密码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/platform$/);
  await submitLogin(page, { tenantId: '000000', username: account, password: 'New-pass-2' });
  await expect(page).not.toHaveURL(/\/login\//);
  await expect(page.getByTestId('user-menu')).toContainText('改密用户');
});
