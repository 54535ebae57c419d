import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { callApi, confirm, deleteRow, pickInTree, saveDialog, selectRow } from '../support/system.ts';

/** The tenant package screen (spec part 3): list, add, edit, no view, delete, batch delete, search by name. */

async function openPackages(page: Page) {
  await loginAsAdmin(page);
  await openMenu(page, '系统管理', '租户产品包');
  await expect(page).toHaveURL(/\/system\/tenantpackage$/);
}

async function searchPackages(page: Page, name: string) {
  await page.locator('#search_packageName').fill(name);
  await page.getByRole('button', { name: label('搜索') }).click();
}

test('an administrator finds, edits, deletes and batch-deletes packages, with no view button', async ({ page }) => {
  const stamp = `e2e_pkg_${Date.now()}`;
  await openPackages(page);

  await test.step('two packages exist to work on', async () => {
    type Page = { records: { menuId: string }[] };
    const seeded = await callApi<Page>(page, 'blade-system/tenant-package/page', {
      params: { packageName: '基础套餐' },
    });
    const menuId = seeded.records[0].menuId.split(',').slice(0, 3).join(',');
    for (const suffix of ['A', 'B']) {
      await callApi(page, 'blade-system/tenant-package/submit', {
        method: 'POST',
        data: { packageName: `${stamp}${suffix}`, menuId },
      });
    }
  });

  await test.step('an empty package names both required fields', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.getByText('请输入产品包名称', { exact: true })).toBeVisible();
    await expect(dialog.getByText('请选择菜单', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'package dialog with its problems');
    await dialog.getByRole('button', { name: label('取消') }).click();
  });

  const rows = page.getByRole('row').filter({ hasText: stamp });
  await test.step('the search by package name finds them, and no row offers a view', async () => {
    await searchPackages(page, stamp);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('button', { name: label('查看') })).toHaveCount(0);
    await expectNoAxeViolations(page, 'tenant packages');
  });

  await test.step('one is renamed', async () => {
    await rows
      .filter({ hasText: `${stamp}A` })
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(dialog.locator('#packageName')).toHaveValue(`${stamp}A`);
    await dialog.locator('#packageName').fill(`${stamp}C`);
    await saveDialog(page, dialog, '更新成功');
    await expect(rows.filter({ hasText: `${stamp}C` })).toHaveCount(1);
  });

  await test.step('one is deleted from its row, the other through the batch delete', async () => {
    await deleteRow(page, rows.filter({ hasText: `${stamp}C` }));
    await selectRow(rows.first());
    await page
      .getByRole('button', { name: label('删除') })
      .first()
      .click();
    await confirm(page, '确定将选择数据删除?', '删除成功');
    await expect(rows).toHaveCount(0);
  });
});

interface MenuNode {
  id: string;
  title: string;
  children?: MenuNode[];
}

/** The nodes of the package menu tree from a root down to the one named `title`. */
function pathTo(nodes: MenuNode[], title: string): MenuNode[] | undefined {
  for (const node of nodes) {
    if (node.title === title) return [node];
    const below = pathTo(node.children ?? [], title);
    if (below) return [node, ...below];
  }
  return undefined;
}

const idsBelow = (node: MenuNode): string[] => [node.id, ...(node.children ?? []).flatMap(idsBelow)];

/** A package's menu ids, as a sorted list. */
async function heldBy(page: Page, id: string): Promise<string[]> {
  const pkg = await callApi<{ menuId: string }>(page, 'blade-system/tenant-package/detail', { params: { id } });
  return pkg.menuId.split(',').sort();
}

test('an administrator adds a package with its menus ticked in the tree', async ({ page }) => {
  const name = `e2e_pkg_${Date.now()}`;
  await openPackages(page);
  await page.getByRole('button', { name: label('新增') }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
  await dialog.locator('#packageName').fill(name);
  await pickInTree(page, dialog, 'menuId', ['系统管理']);
  await saveDialog(page, dialog, '新增成功');
  await searchPackages(page, name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  // Ticking a folder holds it with every menu and button below it.
  const tree = await callApi<MenuNode[]>(page, 'blade-system/tenant-package/menu-tree');
  const saved = await callApi<{ records: { id: string }[] }>(page, 'blade-system/tenant-package/page', {
    params: { packageName: name },
  });
  const system = pathTo(tree, '系统管理')?.at(-1);
  expect(await heldBy(page, saved.records[0].id)).toEqual(idsBelow(system as MenuNode).sort());
});

test('the menu picker shows what a package holds, saves it back unchanged and adds exactly a ticked button', async ({
  page,
}) => {
  const name = `e2e_pkg_${Date.now()}`;
  await openPackages(page);
  const tree = await callApi<MenuNode[]>(page, 'blade-system/tenant-package/menu-tree');
  const [system, user] = pathTo(tree, '用户管理') ?? [];
  const buttons = user.children ?? [];
  expect(buttons.length).toBeGreaterThan(3);
  // 用户管理 with its first two buttons only, under its folder.
  const held = [system.id, user.id, buttons[0].id, buttons[1].id];
  const { id } = await callApi<{ id: string }>(page, 'blade-system/tenant-package/submit', {
    method: 'POST',
    data: { packageName: name, menuId: held.join(',') },
  });
  const row = page.getByRole('row').filter({ hasText: name });
  const dialog = page.getByRole('dialog', { name: '编辑' });
  const node = (title: string) =>
    page.locator('.ant-select-dropdown:visible [role="treeitem"]').filter({ hasText: new RegExp(`^${title}$`) });
  const openPicker = async () => {
    await searchPackages(page, name);
    await row.getByRole('button', { name: label('编辑') }).click();
    await expect(dialog.locator('#packageName')).toHaveValue(name);
    await dialog.locator('#menuId').click();
    await dialog.locator('#menuId').fill('用户管理');
  };

  await test.step('the menu shows half-ticked, its held buttons ticked and the others not', async () => {
    await openPicker();
    await expect(node('系统管理')).toHaveAttribute('aria-checked', 'mixed');
    await expect(node('用户管理')).toHaveAttribute('aria-checked', 'mixed');
    for (const held of buttons.slice(0, 2)) await expect(node(held.title)).toHaveAttribute('aria-checked', 'true');
    for (const other of buttons.slice(2, 4)) await expect(node(other.title)).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
  });

  await test.step('saved unchanged, the package holds the same menus', async () => {
    await saveDialog(page, dialog, '更新成功');
    expect(await heldBy(page, id)).toEqual([...held].sort());
  });

  await test.step('ticking one more button adds exactly its id', async () => {
    await openPicker();
    await node(buttons[2].title).click();
    // The pick clears the search: find the menu's buttons again.
    await dialog.locator('#menuId').fill('用户管理');
    await expect(node(buttons[2].title)).toHaveAttribute('aria-checked', 'true');
    await expect(node(buttons[3].title)).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await saveDialog(page, dialog, '更新成功');
    expect(await heldBy(page, id)).toEqual([...held, buttons[2].id].sort());
  });

  await callApi(page, 'blade-system/tenant-package/remove', { method: 'POST', params: { ids: id } });
});
