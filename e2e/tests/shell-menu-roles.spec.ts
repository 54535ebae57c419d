import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin, sidebarItem } from '../support/console.ts';

/**
 * A menu item may carry a list of roles (spec parts 2 and 6, `meta.roles` as BladeX's menus do): it is
 * shown only to a user holding one of them. The server's menus carry none yet, so the test adds one.
 */
interface Node {
  code: string;
  meta?: { roles?: string[] };
  children?: Node[];
}

/** Answers `menu/routes` with the server's tree, 参数管理 given `roles`. */
async function withRoles(page: Page, roles: string[]) {
  await page.unrouteAll();
  await page.route('**/api/blade-system/menu/routes*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Node[] };
    const visit = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.code === 'param') node.meta = { ...node.meta, roles };
        visit(node.children ?? []);
      }
    };
    visit(body.data);
    await route.fulfill({ response, json: body });
  });
}

test('an item listing other roles is hidden from the sidebar, both searches and its address', async ({ page }) => {
  await withRoles(page, ['auditor', 'ops']);
  await loginAsAdmin(page);
  await sidebarItem(page, '系统管理').click();
  await expect(sidebarItem(page, '用户管理')).toBeVisible();
  await expect(sidebarItem(page, '参数管理')).toHaveCount(0);

  await page.getByRole('combobox', { name: '请输入搜索内容' }).fill('参数');
  await expect(page.locator('.ant-select-item-option', { hasText: '参数管理' })).toHaveCount(0);
  await page.getByRole('combobox', { name: '请输入搜索内容' }).fill('');

  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('textbox').fill('csgl');
  await expect(dialog.getByText('没有匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/404$/);
});

test("an item listing one of the user's roles is shown as any other", async ({ page }) => {
  // The administrator's role alias is `administrator` (its role_name).
  await withRoles(page, ['auditor', 'administrator']);
  await loginAsAdmin(page);
  await sidebarItem(page, '系统管理').click();
  await expect(sidebarItem(page, '参数管理')).toBeVisible();

  await page.getByRole('button', { name: '菜单搜索' }).click();
  const dialog = page.getByRole('dialog', { name: '菜单搜索' });
  await dialog.getByRole('textbox').fill('csgl');
  await expect(dialog.getByTestId('menu-search-result')).toHaveText([/参数管理/]);
  await page.keyboard.press('Escape');

  await sidebarItem(page, '参数管理').click();
  await expect(page).toHaveURL(/\/system\/param$/);
  await expect(page.getByRole('tab', { name: '参数管理' })).toBeVisible();
});
