import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, submitLogin, toast } from '../support/console.ts';
import { dataRows, pickOption } from '../support/crm.ts';
import { search } from '../support/pickers.ts';
import {
  callApi,
  clickRowAction,
  confirm,
  deleteRow,
  describedValue,
  pickInTree,
  rowWithCell,
  saveDialog,
  selectRow,
} from '../support/system.ts';

const SALES_DEPT = '1123598813738675202'; // 招商部

/**
 * The user screen as an administrator uses it: the department tree narrows the list, a user is
 * created with roles, department and post, edited, given other roles, reset, unlocked,
 * disabled and enabled, exported, made a company account in its platform settings and deleted.
 */
test('an administrator manages a user from the department tree', async ({ page }) => {
  const account = `e2e_user_${Date.now()}`;
  const row = page.getByRole('row').filter({ hasText: account });
  const tree = page.locator('.ant-tree');

  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);

  await test.step('the department tree narrows the list', async () => {
    // Found by its account: other walks add users, and the first page need not hold it.
    const admin = rowWithCell(page, 'admin');
    await page.locator('#search_account').fill('admin');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(admin).toBeVisible();
    await tree.getByTitle('招商部', { exact: true }).click();
    await expect(admin).toHaveCount(0);
    // The department stays picked when the search is cleared.
    await page.getByRole('button', { name: label('清空') }).click();
    await expect(page.locator('#search_account')).toHaveValue('');
  });

  await test.step('a user is created with roles, department, post and a confirmed password', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#account').fill(account);
    await dialog.locator('#name').fill('端到端');
    await dialog.locator('#realName').fill('测试用户');
    await pickInTree(page, dialog, 'roleId', ['园区员工']);
    await pickInTree(page, dialog, 'deptId', ['招商部']);
    await dialog.locator('#postId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('普通员工', { exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.locator('#password').fill('Secret-123');
    await dialog.locator('#password2').fill('Secret-124');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.getByText('两次密码输入不一致')).toBeVisible();
    await expectNoAxeViolations(page, 'new user dialog');
    await dialog.locator('#password2').fill('Secret-123');
    await saveDialog(page, dialog, '新增成功');
    await expect(row).toContainText('园区员工');
    await expect(row).toContainText('招商部');
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#account')).toHaveValue(account);
    await expect(dialog.locator('#password')).toHaveCount(0);
    await dialog.locator('#realName').fill('改后用户');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('改后用户');
  });

  await test.step('it is viewed as a description list', async () => {
    await row.getByRole('button', { name: label('查看') }).click();
    const dialog = page.getByRole('dialog', { name: '查看' });
    await expect(describedValue(dialog, '登录账号')).toHaveText(account);
    await expect(describedValue(dialog, '用户姓名')).toHaveText('改后用户');
    await expect(dialog).toContainText('园区员工');
    await expect(dialog.locator('#password')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: label('保存') })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('it is given other roles', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('角色配置') }).click();
    const dialog = page.getByRole('dialog', { name: '用户角色配置' });
    // It opens with the user's own role ticked: untick it, tick the new one.
    await expect(dialog.locator('.ant-tree-treenode:has(.ant-tree-checkbox-checked)')).toHaveText('园区员工');
    await dialog.getByTitle('园区员工', { exact: true }).click();
    await dialog.getByTitle('企业用户', { exact: true }).click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('企业用户');
    await expect(row).not.toContainText('园区员工');
  });

  await test.step('its password is reset and it is unlocked, each after a confirmation', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('密码重置') }).click();
    await confirm(page, '确定将选择账号密码重置为初始密码?', '操作成功');
    await selectRow(row);
    await page.getByRole('button', { name: label('账号解封') }).click();
    await confirm(page, '确定将选择账号解封?', '操作成功');
  });

  await test.step('it is disabled and enabled again', async () => {
    await clickRowAction(row, '禁用');
    await confirm(page, '确定禁用该账号?', '操作成功');
    await expect(row.locator('.ant-tag')).toHaveText('禁用');
    await clickRowAction(row, '启用');
    await confirm(page, '确定启用该账号?', '操作成功');
    await expect(row.locator('.ant-tag')).toHaveText('启用');
  });

  await test.step('the list is exported', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: label('导出') }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  await test.step('its platform settings make it a company account of an enterprise', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('平台配置') }).click();
    const dialog = page.getByRole('dialog', { name: '用户平台配置' });
    await expect(dialog.locator('#userType')).toBeVisible();
    await pickOption(page, dialog, 'userType', '企业账号');
    await dialog.locator('#userExt').fill('{"floor": 3');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.getByText('请选择所属企业')).toBeVisible();
    await expect(dialog.getByText('用户拓展必须是合法的JSON')).toBeVisible();
    await expectNoAxeViolations(page, 'platform settings dialog with its problems');

    await dialog.locator('#enterpriseId').click();
    const selector = page.getByRole('dialog', { name: '选择企业' });
    // Found by name: other walks add enterprises, and the first page need not hold it.
    await selector.locator('#enterpriseSelector_enterpriseName').fill('星河智能');
    await search(selector);
    await dataRows(selector).getByText('星河智能科技有限公司').click();
    await selector.getByRole('button', { name: label('确定') }).click();
    await expect(dialog.locator('#enterpriseId')).toHaveValue('星河智能科技有限公司');
    await dialog.locator('#userExt').fill('{"floor": 3}');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '操作成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('企业账号');

    await selectRow(row);
    await page.getByRole('button', { name: label('平台配置') }).click();
    await expect(dialog.locator('#enterpriseId')).toHaveValue('星河智能科技有限公司');
    await expect(dialog.locator('#userExt')).toHaveValue('{"floor": 3}');
    await dialog.getByRole('button', { name: label('取消') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('it is deleted', async () => {
    await deleteRow(page, row);
  });
});

/** The id of a menu or button by its code, from the menu tree (a filter answers the matches under their ancestors). */
async function menuIdOf(page: Page, code: string): Promise<string> {
  type Node = { id: string; code: string; children?: Node[] };
  const find = (nodes: Node[]): Node | undefined =>
    nodes.reduce<Node | undefined>((hit, n) => hit ?? (n.code === code ? n : find(n.children ?? [])), undefined);
  const node = find(await callApi<Node[]>(page, 'blade-system/menu/list', { params: { code_equal: code } }));
  if (!node) throw new Error(`no menu ${code}`);
  return node.id;
}

/**
 * The user list's 导出 calls export-user, which wants user_export: a user who may only view the
 * list does not see the button (and so never meets a 403), one granted user_export does.
 */
test('the user list offers 导出 only to holders of user_export', async ({ browser, page }) => {
  const stamp = Date.now();
  const account = `e2e_uexp_${stamp}`;
  await loginAsAdmin(page);
  const role = await callApi<{ id: string }>(page, 'blade-system/role/submit', {
    method: 'POST',
    data: { roleName: `用户查看员${stamp}`, roleAlias: `e2e_uexp_${stamp}`, sort: 99 },
  });
  const [menu, view, exporting] = [
    await menuIdOf(page, 'user'),
    await menuIdOf(page, 'user_view'),
    await menuIdOf(page, 'user_export'),
  ];
  // The demo's API rule 导出用户 fences export-user to the roles granted it (administrators pass): an exporter holds both.
  const rules = await callApi<{ records: { id: string }[] }>(page, 'blade-system/api-scope/page', {
    params: { resourceCode: 'user_export' },
  });
  const grant = (menuIds: string[], apiScopeIds: string[] = []) =>
    callApi(page, 'blade-system/role/grant', {
      method: 'POST',
      data: { roleIds: [role.id], menuIds, dataScopeIds: [], apiScopeIds },
    });
  await grant([menu, view]);
  await callApi(page, 'blade-user/submit', {
    method: 'POST',
    data: {
      account,
      password: 'Secret-123',
      name: '导出权限',
      realName: '导出权限',
      roleId: role.id,
      deptId: SALES_DEPT,
    },
  });

  const viewer = await browser.newPage();
  const openUsers = async () => {
    await submitLogin(viewer, { tenantId: '000000', username: account, password: 'Secret-123' });
    await expect(viewer).not.toHaveURL(/\/login\//);
    await openMenu(viewer, '系统管理', '用户管理');
    await expect(viewer).toHaveURL(/\/system\/user$/);
    await expect(rowWithCell(viewer, account).first()).toBeVisible();
  };
  await test.step('with user_view alone there is no 导出', async () => {
    await openUsers();
    await expect(viewer.getByRole('button', { name: label('导出') })).toHaveCount(0);
  });
  await test.step('with user_export as well, 导出 downloads the list', async () => {
    await grant(
      [menu, view, exporting],
      rules.records.map((r) => r.id),
    );
    await viewer.context().clearCookies();
    await viewer.evaluate(() => localStorage.clear());
    await openUsers();
    const download = viewer.waitForEvent('download');
    await viewer.getByRole('button', { name: label('导出') }).click();
    expect((await download).suggestedFilename()).toBe('用户管理.xlsx');
  });
  await viewer.close();
});

test('a company account, which has no park department, is edited and its phone changed', async ({ page }) => {
  const stamp = Date.now();
  const account = `e2e_company_${stamp}`;
  await loginAsAdmin(page);
  await callApi(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: { enterpriseName: `用户页企业${stamp}`, account, password: 'Secret-123' },
  });
  await openMenu(page, '系统管理', '用户管理');
  await page.locator('#search_account').fill(account);
  await page.getByRole('button', { name: label('搜索') }).click();
  const row = rowWithCell(page, account);
  await expect(row).toBeVisible();

  await test.step('saved unchanged, the empty department is no obstacle', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#account')).toHaveValue(account);
    await saveDialog(page, dialog, '更新成功');
    await expect(page.getByText('请选择所属部门')).toHaveCount(0);
  });

  await test.step('its phone is changed', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await dialog.locator('#phone').fill('13700002222');
    await saveDialog(page, dialog, '更新成功');
    await expect(row).toContainText('13700002222');
  });

  await test.step('made a park account in the dialog, it asks for a department under the field', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await pickOption(page, dialog, 'userType', '平台账号');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.locator('#deptId_help')).toHaveText('请选择所属部门');
    await page.keyboard.press('Escape');
  });
});
