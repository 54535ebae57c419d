import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN,
  label,
  loginAsAdmin,
  openMenu,
  settled,
  sidebarEntries,
  sidebarItem,
  submitLogin,
} from '../support/console.ts';
import { pickInTree, requestApi, saveDialog, selectRow } from '../support/system.ts';

/**
 * Permissions end to end: a role granted one menu with two of its buttons, a user holding that
 * role sees that menu alone, those buttons alone, and the server refuses the others.
 */

/** A node of the grant dialog's menu tree. */
function treeNode(page: Page, name: string) {
  return page
    .getByRole('dialog')
    .locator('.ant-tree-treenode')
    .filter({ hasText: new RegExp(`^${name}$`) });
}

test('a user sees and may do only what their role was granted', async ({ page }) => {
  const stamp = Date.now();
  const roleName = `参数查看员${stamp}`;
  const account = `e2e_perm_${stamp}`;
  const password = 'Secret-123';
  await loginAsAdmin(page);

  await test.step('the administrator creates a role', async () => {
    await openMenu(page, '权限管理', '角色管理');
    await expect(page).toHaveURL(/\/authority\/role$/);
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#roleName').fill(roleName);
    await dialog.locator('#roleAlias').fill(`e2e_perm_${stamp}`);
    await dialog.locator('#sort').fill('99');
    await saveDialog(page, dialog, '新增成功');
  });

  await test.step('and grants it 参数管理 with only its 查看 and 新增 buttons', async () => {
    await selectRow(page.getByRole('row').filter({ hasText: roleName }));
    await page.getByRole('button', { name: label('权限设置') }).click();
    const dialog = page.getByRole('dialog', { name: '角色权限配置' });
    const param = treeNode(page, '参数管理');
    for (const button of ['查看', '新增']) {
      // The first such button after the menu is its own: a menu's buttons follow it in the tree.
      await param.locator(`xpath=following-sibling::div[.//span[@title="${button}"]][1]`).getByTitle(button).click();
    }
    await expect(param.locator('.ant-tree-checkbox-indeterminate')).toHaveCount(1);
    await expect(treeNode(page, '系统管理').locator('.ant-tree-checkbox-indeterminate')).toHaveCount(1);
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('and creates a user with that role', async () => {
    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/\/system\/user$/);
    // The role screen stays open in its tab: wait until the user screen has taken its place.
    await expect(page.getByText('机构列表')).toBeVisible();
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#account').fill(account);
    await dialog.locator('#name').fill('参数查看员');
    await dialog.locator('#realName').fill('参数查看员');
    await pickInTree(page, dialog, 'roleId', [roleName]);
    await pickInTree(page, dialog, 'deptId', ['招商部']);
    await dialog.locator('#password').fill(password);
    await dialog.locator('#password2').fill(password);
    await saveDialog(page, dialog, '新增成功');
  });

  await test.step('the user logs in and finds 系统管理 > 参数管理 alone in the sidebar', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login\/platform$/);
    await submitLogin(page, { tenantId: ADMIN.tenantId, username: account, password });
    await expect(page).not.toHaveURL(/\/login\//);
    await openMenu(page, '系统管理', '参数管理');
    await expect(page).toHaveURL(/\/system\/param$/);
    // The whole sidebar, every folder opened: the granted menu under its folder and nothing else.
    expect(await sidebarEntries(page)).toEqual(['系统管理', '参数管理']);
    await expect(sidebarItem(page, '企业管理')).toHaveCount(0);
  });

  await test.step('the parameter screen offers 新增 and 查看, but no 编辑 or 删除', async () => {
    const rows = page.getByRole('row').filter({ hasText: 'park.name' });
    await expect(rows.getByRole('button', { name: label('查看') })).toBeVisible();
    await expect(page.getByRole('button', { name: label('新增') })).toBeVisible();
    await expect(page.getByRole('button', { name: label('编辑') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: label('删除') })).toHaveCount(0);
  });

  await test.step("the server refuses, with the user's token, what the role was not granted", async () => {
    const refused = async (res: Awaited<ReturnType<typeof requestApi>>) => {
      expect(res.status()).toBe(403);
      expect((await res.json()).code).toBe(403);
    };
    // A delete and an edit of the granted screen, whose buttons the role lacks.
    await refused(await requestApi(page, 'blade-system/param/remove', { method: 'POST', params: { ids: '1' } }));
    const [param] = (
      await (await requestApi(page, 'blade-system/param/list', { params: { paramKey: 'park.name' } })).json()
    ).data.records;
    await refused(
      await requestApi(page, 'blade-system/param/submit', {
        method: 'POST',
        data: { id: param.id, paramValue: '改名园区' },
      }),
    );
    // The lists of screens it was not granted.
    for (const path of ['blade-user/page', 'blade-system/role/list', 'blade-desk/notice/page']) {
      await refused(await requestApi(page, path));
    }
    // Its own granted list still answers.
    expect((await requestApi(page, 'blade-system/param/page')).status()).toBe(200);
  });
});
