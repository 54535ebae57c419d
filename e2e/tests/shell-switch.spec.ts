import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, sidebarItem, submitLogin, toast } from '../support/console.ts';
import { callApi, rowWithCell } from '../support/system.ts';

/**
 * Switch mode (spec parts 2, 5, 9): off by default, so no 切换部门; turned on in 参数管理, a user of two
 * departments and two roles picks one of each after the password, and again from the user menu.
 */
const SALES_DEPT = '1123598813738675202'; // 招商部
const PROPERTY_DEPT = '1123598813738675203'; // 物业部
const USER_ROLE = '1123598816738675202'; // 用户: no menus
const COMPANY_ROLE = '1123598816738675204'; // 企业用户: the CRM menus

async function setSwitchMode(page: Page, value: 'true' | 'false') {
  const {
    records: [param],
  } = await callApi<{ records: { id: string }[] }>(page, 'blade-system/param/list', {
    params: { paramKey_equal: 'account.switchMode' },
  });
  await callApi(page, 'blade-system/param/submit', { method: 'POST', data: { id: param.id, paramValue: value } });
}

const userMenu = (page: Page) => page.getByTestId('user-menu');
const session = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('park.session') ?? '{}').state.user);

test.afterAll(async ({ browser }) => {
  // Other walks expect the default.
  const page = await browser.newPage();
  await loginAsAdmin(page);
  await setSwitchMode(page, 'false');
  await page.close();
});

test('with switch mode off (the default) the user menu has no 切换部门', async ({ page }) => {
  await loginAsAdmin(page);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '切换部门' })).toHaveCount(0);
});

test('in switch mode the login asks for a department and a role, and the user menu switches them', async ({ page }) => {
  const account = `switch_${Date.now()}`;
  await loginAsAdmin(page);

  await test.step('switch mode is turned on in 参数管理', async () => {
    await openMenu(page, '系统管理', '参数管理');
    await page.locator('#search_paramKey').fill('account.switchMode');
    await page.getByRole('button', { name: label('搜索') }).click();
    await rowWithCell(page, 'account.switchMode')
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await dialog.locator('#paramValue').fill('true');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '更新成功')).toBeVisible();
  });

  await callApi(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account,
      password: 'Secret-123',
      name: account,
      realName: '切换测试',
      userType: 1,
      roleId: `${USER_ROLE},${COMPANY_ROLE}`,
      deptId: `${SALES_DEPT},${PROPERTY_DEPT}`,
    },
  });
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login\/platform$/);

  const dialog = page.getByRole('dialog', { name: '切换部门' });
  await test.step('after the password both are required', async () => {
    await submitLogin(page, { tenantId: '000000', username: account, password: 'Secret-123' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择部门' })).toBeVisible();
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择角色' })).toBeVisible();
    await expectNoAxeViolations(page, 'department choice at login, with its problems');
    // Still on the login page: nothing is signed in before the choice.
    await expect(page).toHaveURL(/\/login\/platform$/);
  });

  const choose = async (field: '部门' | '角色', option: string) => {
    await dialog.getByLabel(field).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  };

  // A select shows its chosen option's name as the title of its value.
  const expectChosen = async (dept: string, role: string) => {
    await expect(dialog.getByLabel('部门').locator('xpath=..')).toHaveAttribute('title', dept);
    await expect(dialog.getByLabel('角色').locator('xpath=..')).toHaveAttribute('title', role);
  };

  await test.step('the chosen department and role are the session’s', async () => {
    await choose('部门', '物业部');
    await choose('角色', '企业用户');
    const token = page.waitForResponse(
      (r) => r.url().includes('/oauth/token') && r.request().headers()['dept-id'] === PROPERTY_DEPT,
    );
    await dialog.getByRole('button', { name: label('确定') }).click();
    expect((await token).request().headers()['role-id']).toBe(COMPANY_ROLE);
    await expect(page).toHaveURL(/\/wel\/index$/);
    expect(await session(page)).toMatchObject({ deptId: PROPERTY_DEPT, roleId: COMPANY_ROLE });
    const info = await callApi<Record<string, string>>(page, 'blade-auth/oauth/user-info');
    expect(info).toMatchObject({ deptId: PROPERTY_DEPT, roleId: COMPANY_ROLE, roleName: 'company' });
    // The company role's menus.
    await expect(sidebarItem(page, '企业管理')).toBeVisible();
  });

  await test.step('the user menu shows the current ones and switches to others', async () => {
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '切换部门' }).click();
    await expect(dialog).toBeVisible();
    await expectChosen('物业部', '企业用户');
    await choose('部门', '招商部');
    await choose('角色', '用户');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await expect(dialog).toBeHidden();
    const info = await callApi<Record<string, string>>(page, 'blade-auth/oauth/user-info');
    expect(info).toMatchObject({ deptId: SALES_DEPT, roleId: USER_ROLE, roleName: 'user' });
    expect(await session(page)).toMatchObject({ deptId: SALES_DEPT, roleId: USER_ROLE });
    // The 用户 role has no menus: the sidebar follows the role.
    await expect(sidebarItem(page, '企业管理')).toHaveCount(0);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '切换部门' }).click();
    await expectChosen('招商部', '用户');
  });
});
