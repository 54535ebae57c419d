import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { ADMIN, label, loginAsAdmin, openMenu, settled, switchToEnglish, toast } from '../support/console.ts';
import {
  callApi,
  clickRowAction,
  deleteRow,
  expandRow,
  rowWithCell,
  saveDialog,
  selectRow,
} from '../support/system.ts';

/** The role screen: a tree table of roles, a child role created, edited, granted and deleted. */

async function openRoles(page: Page) {
  await loginAsAdmin(page);
  await openMenu(page, '权限管理', '角色管理');
  await expect(page).toHaveURL(/\/authority\/role$/);
}

/** A role's row by any text in it (name or alias). */
function roleRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

test('an administrator creates, edits and deletes a child role in the tree', async ({ page }) => {
  const alias = `e2e_role_${Date.now()}`;
  const row = roleRow(page, alias);
  await openRoles(page);

  await test.step('the roles are a tree', async () => {
    await expect(roleRow(page, '超级管理员')).toHaveCount(1);
    await expandRow(page, 'user');
    await expect(roleRow(page, '园区员工')).toBeVisible();
    await expectNoAxeViolations(page, 'roles');
  });

  await test.step('a role is created under another', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    for (const message of ['请输入角色名称', '请输入角色别名', '请输入角色排序']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expectNoAxeViolations(page, 'role dialog with its problems');
    await dialog.locator('#roleName').fill('端到端角色');
    await dialog.locator('#roleAlias').fill(alias);
    await dialog.locator('#parentId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('用户', { exact: true }).click();
    await dialog.locator('#sort').fill('9');
    await saveDialog(page, dialog, '新增成功');
    await expandRow(page, 'user');
    await expect(row).toBeVisible();
    await expect(row).toHaveClass(/ant-table-row-level-1/);
  });

  await test.step('it is edited', async () => {
    await row.getByRole('button', { name: label('编辑') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#roleAlias')).toHaveValue(alias);
    await dialog.locator('#roleName').fill('改后角色');
    await saveDialog(page, dialog, '更新成功');
    await expandRow(page, 'user');
    await expect(row).toContainText('改后角色');
  });

  await test.step('a role with children cannot be deleted', async () => {
    await clickRowAction(rowWithCell(page, 'user'), '删除');
    const confirmDialog = await settled(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' }));
    await confirmDialog.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请先删除子节点')).toBeVisible();
  });

  await test.step('it is deleted', async () => {
    await expandRow(page, 'user');
    await deleteRow(page, row);
  });
});

test('an administrator grants menus, data scopes and API scopes to a role', async ({ page }) => {
  await openRoles(page);
  await expandRow(page, 'user');
  const row = roleRow(page, '园区员工');
  await selectRow(row);
  await page.getByRole('button', { name: label('权限设置') }).click();
  const dialog = page.getByRole('dialog', { name: '角色权限配置' });
  for (const tab of ['菜单权限', '数据权限', '接口权限']) {
    await expect(dialog.getByRole('tab', { name: tab })).toBeVisible();
  }
  const menu = dialog.locator('.ant-tree-treenode').filter({ hasText: /^参数管理$/ });
  const wasChecked = await menu.locator('.ant-tree-checkbox-checked').count();
  // A menu with buttons is ticked by its box (clicking the name ticks leaves only).
  await menu.locator('.ant-tree-checkbox').click();
  await expect(menu.locator('.ant-tree-checkbox-checked')).toHaveCount(1 - wasChecked);
  await dialog.getByRole('button', { name: label('保存') }).click();
  await expect(toast(page, '授权成功')).toBeVisible();

  await selectRow(row);
  await page.getByRole('button', { name: label('权限设置') }).click();
  await expect(menu.locator('.ant-tree-checkbox-checked')).toHaveCount(1 - wasChecked);
});

test('in English the grant trees name the menus and buttons as the sidebar does', async ({ page }) => {
  await openRoles(page);
  await switchToEnglish(page);
  await expandRow(page, 'user');
  await selectRow(roleRow(page, '园区员工'));
  await page.getByRole('button', { name: label('Permissions') }).click();
  const dialog = page.getByRole('dialog', { name: 'Role permissions' });
  const titles = dialog.locator('.ant-tree-title');
  await expect(titles.filter({ hasText: /^Workbench$/ })).toHaveCount(1);
  const param = dialog.locator('.ant-tree-treenode').filter({ hasText: /^Parameters$/ });
  await expect(param).toHaveCount(1);
  for (const button of ['Add', 'Edit', 'Delete', 'View']) {
    await expect(titles.filter({ hasText: new RegExp(`^${button}$`) }).first()).toBeVisible();
  }
  await expect(titles.filter({ hasText: /[\u4e00-\u9fff]/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'role permissions dialog (en)');
});

/** Logs a user in through the token endpoint (no browser session) and gives the access token. */
async function tokenOf(page: Page, account: string, password: string): Promise<string> {
  const md5 = createHash('md5').update(password).digest('hex');
  const res = await page.request.post('/api/blade-auth/oauth/token', {
    params: { tenantId: ADMIN.tenantId, username: account, password: md5, grant_type: 'password', scope: 'all' },
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': ADMIN.tenantId,
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

/** Calls the API with a token of its own, answering the envelope. */
async function callAs(page: Page, token: string, path: string, params: Record<string, string> = {}) {
  const res = await page.request.get(`/api/${path}`, {
    params,
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Blade-Auth': `bearer ${token}`,
    },
  });
  return res.json();
}

test('a role granted a data scope and an API scope in the dialog is narrowed and let through by them', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const roleName = `端到端授权${stamp}`;
  const otherRoleName = `端到端旁观${stamp}`;
  const dataRule = `本人通知${stamp}`;
  const apiRule = `岗位查询接口${stamp}`;
  // A path the console never calls, so fencing it touches no other walk.
  const apiPath = '/api/blade-system/search/post';
  const noticeTitle = `端到端授权通知${stamp}`;
  await openRoles(page);

  const ids: Record<string, string> = {};
  await test.step('two roles, a user of each, a notice and two rules are made through the API', async () => {
    for (const [key, name, alias] of [
      ['role', roleName, `e2g${stamp}`],
      ['otherRole', otherRoleName, `e2o${stamp}`],
    ]) {
      ids[key] = (
        await callApi<{ id: string }>(page, 'blade-system/role/submit', {
          method: 'POST',
          data: { roleName: name, roleAlias: alias, sort: 99, parentId: '0' },
        })
      ).id;
    }
    // Both roles hold the screens the two paths serve (岗位管理, 通知公告): only the rules tell them apart.
    const menuOf = async (code: string) =>
      (await callApi<{ id: string }[]>(page, 'blade-system/menu/list', { params: { code_equal: code } }))[0].id;
    await callApi(page, 'blade-system/role/grant', {
      method: 'POST',
      data: { roleIds: [ids.role, ids.otherRole], menuIds: [await menuOf('post'), await menuOf('notice')] },
    });
    for (const [key, role] of [
      ['user', ids.role],
      ['otherUser', ids.otherRole],
    ]) {
      ids[key] = (
        await callApi<{ id: string }>(page, 'blade-user/submit', {
          method: 'POST',
          data: {
            account: `${key}_${stamp}`,
            name: key,
            realName: key,
            password: 'Secret-123',
            roleId: role,
            deptId: '1123598813738675202',
          },
        })
      ).id;
    }
    await callApi(page, 'blade-desk/notice/submit', {
      method: 'POST',
      data: { title: noticeTitle, category: 1, releaseTime: '2025-05-01 09:00:00' },
    });
    const [noticeMenu] = await callApi<{ id: string }[]>(page, 'blade-system/menu/list', {
      params: { code_equal: 'notice' },
    });
    ids.dataRule = (
      await callApi<{ id: string }>(page, 'blade-system/data-scope/submit', {
        method: 'POST',
        data: {
          menuId: noticeMenu.id,
          resourceCode: 'notice',
          scopeName: dataRule,
          scopeColumn: 'create_user',
          scopeType: 2,
        },
      })
    ).id;
    ids.apiRule = (
      await callApi<{ id: string }>(page, 'blade-system/api-scope/submit', {
        method: 'POST',
        data: {
          menuId: noticeMenu.id,
          resourceCode: 'search_post',
          scopeName: apiRule,
          scopePath: apiPath,
          scopeType: 2,
        },
      })
    ).id;
    await page.reload();
  });

  const row = roleRow(page, roleName);
  const dialog = page.getByRole('dialog', { name: '角色权限配置' });
  const rule = (name: string) => dialog.locator('.ant-tree-treenode').filter({ hasText: new RegExp(`^${name}$`) });

  await test.step('the two rules are ticked in the grant dialog and saved', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('权限设置') }).click();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await rule(dataRule).locator('.ant-tree-title').click();
    await expect(rule(dataRule).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await dialog.getByRole('tab', { name: '接口权限' }).click();
    await rule(apiRule).locator('.ant-tree-title').click();
    await expect(rule(apiRule).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '授权成功')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('reopened, the dialog shows them ticked', async () => {
    await selectRow(row);
    await page.getByRole('button', { name: label('权限设置') }).click();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await expect(rule(dataRule).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await dialog.getByRole('tab', { name: '接口权限' }).click();
    await expect(rule(apiRule).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await dialog.getByRole('button', { name: label('取消') }).click();
  });

  await test.step('the API path answers only the granted role, and the data scope narrows its reads', async () => {
    const granted = await tokenOf(page, `user_${stamp}`, 'Secret-123');
    const other = await tokenOf(page, `otherUser_${stamp}`, 'Secret-123');
    expect((await callAs(page, granted, 'blade-system/search/post')).code).toBe(200);
    expect((await callAs(page, other, 'blade-system/search/post')).code).toBe(403);
    // 本人可见: the admin's notice is not the granted user's own; the other role has no rule and sees it.
    expect((await callAs(page, granted, 'blade-desk/notice/page', { title: noticeTitle })).data.total).toBe(0);
    expect((await callAs(page, other, 'blade-desk/notice/page', { title: noticeTitle })).data.total).toBe(1);
  });

  await test.step('the rules, users and roles are removed again', async () => {
    await callApi(page, 'blade-system/api-scope/remove', { method: 'POST', params: { ids: ids.apiRule } });
    await callApi(page, 'blade-system/data-scope/remove', { method: 'POST', params: { ids: ids.dataRule } });
    await callApi(page, 'blade-user/remove', { method: 'POST', params: { ids: `${ids.user},${ids.otherUser}` } });
    await callApi(page, 'blade-system/role/remove', {
      method: 'POST',
      params: { ids: `${ids.role},${ids.otherRole}` },
    });
  });
});

test('the grant dialog shows what a role holds and sends it back unchanged; scope tabs send rules only', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const dialog = page.getByRole('dialog', { name: '角色权限配置' });
  const treeNode = (name: string) =>
    dialog.locator('.ant-tree-treenode:visible').filter({ hasText: new RegExp(`^${name}$`) });
  const menuOf = async (code: string) =>
    (await callApi<{ id: string }[]>(page, 'blade-system/menu/list', { params: { code_equal: code } }))[0].id;
  const heldBy = (roleId: string) =>
    callApi<{ menu: string[]; dataScope: string[] }>(page, 'blade-system/menu/role-tree-keys', {
      params: { roleIds: roleId },
    });
  const companyRole = '1123598816738675204';
  await openRoles(page);
  const enterpriseAdd = await menuOf('enterprise_add');
  expect((await heldBy(companyRole)).menu).not.toContain(enterpriseAdd);

  await test.step('the company role holds 企业信息 but not enterprise_add: the menu is half-ticked, 新增 unticked', async () => {
    await expandRow(page, 'user');
    await selectRow(roleRow(page, '企业用户'));
    await page.getByRole('button', { name: label('权限设置') }).click();
    const enterprise = treeNode('企业信息');
    await expect(enterprise.locator('.ant-tree-checkbox-indeterminate')).toHaveCount(1);
    // Its buttons follow it in sort order: 新增 (enterprise_add), 修改, 删除, 查看.
    const add = enterprise.locator('xpath=following-sibling::div[1]');
    await expect(add).toHaveText('新增');
    await expect(add.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
    await expect(
      enterprise.locator('xpath=following-sibling::div[2]').locator('.ant-tree-checkbox-checked'),
    ).toHaveCount(1);
  });

  await test.step('saved unchanged, the role still lacks enterprise_add', async () => {
    const before = await heldBy(companyRole);
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '授权成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = await heldBy(companyRole);
    expect(after.menu).not.toContain(enterpriseAdd);
    expect([...after.menu].sort()).toEqual([...before.menu].sort());
  });

  const ids: Record<string, string> = {};
  await test.step('ticking a menu node in the data-scope tab sends its rule, and the save succeeds', async () => {
    ids.role = (
      await callApi<{ id: string }>(page, 'blade-system/role/submit', {
        method: 'POST',
        data: { roleName: `端到端规则${stamp}`, roleAlias: `e2r${stamp}`, sort: 99, parentId: '0' },
      })
    ).id;
    // The only data-scope rule of its menu (通知公告): the case that sent the menu's id.
    ids.rule = (
      await callApi<{ id: string }>(page, 'blade-system/data-scope/submit', {
        method: 'POST',
        data: {
          menuId: await menuOf('notice'),
          resourceCode: 'notice',
          scopeName: `本人通知${stamp}`,
          scopeColumn: 'create_user',
          scopeType: 2,
        },
      })
    ).id;
    await page.reload();
    await selectRow(roleRow(page, `e2r${stamp}`));
    await page.getByRole('button', { name: label('权限设置') }).click();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    const notice = treeNode('通知公告');
    await notice.locator('.ant-tree-checkbox').click();
    await expect(notice.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await expect(treeNode(`本人通知${stamp}`).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    const sent = page.waitForRequest((req) => req.url().includes('/api/blade-system/role/grant'));
    await dialog.getByRole('button', { name: label('保存') }).click();
    const body = (await sent).postDataJSON();
    expect(body.dataScopeIds).toEqual([ids.rule]);
    expect(body.apiScopeIds).toEqual([]);
    await expect(toast(page, '授权成功')).toBeVisible();
    expect((await heldBy(ids.role)).dataScope).toEqual([ids.rule]);
  });

  await test.step('the rule and role are removed again', async () => {
    await callApi(page, 'blade-system/data-scope/remove', { method: 'POST', params: { ids: ids.rule } });
    await callApi(page, 'blade-system/role/remove', { method: 'POST', params: { ids: ids.role } });
  });
});
