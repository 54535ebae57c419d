import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, submitLogin, toast } from '../support/console.ts';
import { confirm, rowWithCell } from '../support/system.ts';

/** Account registration (spec parts 1, 4, 5, 8): apply on the login page, wait for an administrator, then log in. */
const APPLICANT = { tenantId: '000000', username: 'applicant1', password: 'applypass' };

test('an applicant applies on the login page and logs in once an administrator approves', async ({ page }) => {
  await page.goto('/login/platform');
  await page.getByText('申请账号').click();
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  await dialog.locator('#registerTenantId').fill('');
  await dialog.getByRole('button', { name: label('提交') }).click();
  await expect(dialog.getByText('请先输入租户编号')).toBeVisible();
  await expect(dialog.getByText('请先输入账号名称')).toBeVisible();
  await expect(dialog.getByText('请先输入密码').first()).toBeVisible();
  await expectNoAxeViolations(page, 'registration dialog with its problems');

  await dialog.locator('#registerTenantId').fill(APPLICANT.tenantId);
  await dialog.locator('#registerName').fill('申请人');
  await dialog.locator('#registerAccount').fill(APPLICANT.username);
  await dialog.locator('#registerPassword').fill(APPLICANT.password);
  await dialog.locator('#registerPassword2').fill('different');
  await dialog.getByRole('button', { name: label('提交') }).click();
  await expect(dialog.getByText('两次密码输入不一致')).toBeVisible();
  await dialog.locator('#registerPassword2').fill(APPLICANT.password);
  await dialog.getByRole('button', { name: label('提交') }).click();
  const done = page.getByRole('dialog').filter({ hasText: '注册申请已提交,请耐心等待管理员通过!' });
  await expect(done).toContainText('注册提示');
  await done.getByRole('button', { name: label('知道了') }).click();

  // Pending: the account does not exist yet.
  await submitLogin(page, APPLICANT);
  await expect(toast(page, '用户名或密码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/platform$/);

  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '用户管理');
  await page.getByRole('button', { name: label('账号审核') }).click();
  const review = page.getByRole('dialog', { name: '账号审核' });
  await rowWithCell(page, APPLICANT.username)
    .getByRole('button', { name: label('通过') })
    .click();
  await confirm(page, `${APPLICANT.username} (申请人)`, '通过');
  await expect(review.getByText('暂无待审核的申请')).toBeVisible();
  await expectNoAxeViolations(page, 'account review dialog');
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await submitLogin(page, APPLICANT);
  await expect(page).not.toHaveURL(/\/login\//);
});

// A real third-party application (a signed oauthId from the provider's callback) is walked in social-login.spec.ts.
test('a forged third-party id is refused, and a rejected applicant never logs in', async ({ page }) => {
  const applicant = { tenantId: '000000', username: `reject${String(Date.now()).slice(-8)}`, password: 'applypass' };
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  const fill = async () => {
    await dialog.locator('#registerTenantId').fill(applicant.tenantId);
    await dialog.locator('#registerName').fill('驳回');
    await dialog.locator('#registerAccount').fill(applicant.username);
    await dialog.locator('#registerPassword').fill(applicant.password);
    await dialog.locator('#registerPassword2').fill(applicant.password);
  };

  await test.step('the login page opened with a made-up ?oauthId= opens the application, which the server refuses', async () => {
    await page.goto('/login/platform?oauthId=wx-forged');
    await expect(dialog).toBeVisible();
    await fill();
    const sent = page.waitForRequest((req) => req.url().includes('/api/blade-user/register-guest'));
    await dialog.getByRole('button', { name: label('提交') }).click();
    expect((await sent).postDataJSON()).toMatchObject({ account: applicant.username, oauthId: 'wx-forged' });
    await expect(toast(page, '第三方登录信息无效或已过期，请重新登录后再申请')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  await test.step('applied for without a third-party login, the application is sent', async () => {
    await page.goto('/login/platform');
    await page.getByText('申请账号').click();
    await fill();
    await dialog.getByRole('button', { name: label('提交') }).click();
    const done = page.getByRole('dialog').filter({ hasText: '注册申请已提交,请耐心等待管理员通过!' });
    await done.getByRole('button', { name: label('知道了') }).click();
  });

  await test.step('the administrator rejects the application in 账号审核', async () => {
    await loginAsAdmin(page);
    await openMenu(page, '系统管理', '用户管理');
    await page.getByRole('button', { name: label('账号审核') }).click();
    const review = page.getByRole('dialog', { name: '账号审核' });
    const row = rowWithCell(page, applicant.username);
    await row.getByRole('button', { name: label('驳回') }).click();
    await confirm(page, `${applicant.username} (驳回)`, '驳回');
    await expect(row).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(review).toBeHidden();
    // No account was made.
    await expect(page.getByRole('row').filter({ hasText: applicant.username })).toHaveCount(0);
  });

  await test.step('the rejected applicant is refused at login', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await submitLogin(page, applicant);
    await expect(toast(page, '用户名或密码不正确')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/platform$/);
  });
});
