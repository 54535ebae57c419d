import { expect, type Page, test } from '@playwright/test';
import { label, loginAsAdmin, openMenu } from '../support/console.ts';
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
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.getByText('请输入产品包名称', { exact: true })).toBeVisible();
    await expect(dialog.getByText('请选择菜单', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: label('取消') }).click();
  });

  const rows = page.getByRole('row').filter({ hasText: stamp });
  await test.step('the search by package name finds them, and no row offers a view', async () => {
    await searchPackages(page, stamp);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('button', { name: label('查看') })).toHaveCount(0);
  });

  await test.step('one is renamed', async () => {
    await rows
      .filter({ hasText: `${stamp}A` })
      .getByRole('button', { name: label('编辑') })
      .click();
    const dialog = page.getByRole('dialog', { name: '编辑' });
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

test('an administrator adds a package with its menus ticked in the tree', async ({ page }) => {
  const name = `e2e_pkg_${Date.now()}`;
  await openPackages(page);
  await page.getByRole('button', { name: label('新增') }).click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await dialog.locator('#packageName').fill(name);
  await pickInTree(page, dialog, 'menuId', ['系统管理']);
  await saveDialog(page, dialog, '新增成功');
  await searchPackages(page, name);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
