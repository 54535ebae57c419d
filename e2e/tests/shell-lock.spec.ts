import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { loginAsAdmin } from '../support/console.ts';

/** The lock screen: a required password, /lock survives a refresh, only that password unlocks. */
test('locking needs a password, stays locked on refresh, and unlocks only with that password', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/system/param');
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: '锁屏' }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await expectNoAxeViolations(page, 'lock dialog with its problem');

  await dialog.getByLabel('锁屏密码').fill('s3cret');
  await dialog.getByRole('button', { name: '锁屏' }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByText('屏幕已锁定')).toBeVisible();
  // Whose console it is: the administrator's real name.
  await expect(page.getByRole('heading', { name: '管理员' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByPlaceholder('请输入锁屏密码').fill('wrong');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByText('解锁密码错误，请重新输入')).toBeVisible();
  await expectNoAxeViolations(page, 'lock screen with its problem');
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByPlaceholder('请输入锁屏密码').fill('s3cret');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/\/system\/param$/);
});
