import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { clickRowAction, deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The region screen: a province is added at the top, a city under it through the lazily
 * loaded tree, the city edited and viewed, and both deleted (a region with children refused).
 */
test('an administrator manages regions through the lazy tree', async ({ page }) => {
  const province = String(900000 + (Date.now() % 90) * 100);
  const city = String(Number(province) + 1);
  const tree = page.locator('.ant-tree');
  const provinceRow = rowWithCell(page, province);
  const cityRow = rowWithCell(page, city);
  await loginAsAdmin(page);
  await openMenu(page, '基础配置', '行政区划');
  await expect(page).toHaveURL(/\/base\/region$/);

  await test.step('a province is added at the top and shows in the tree', async () => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请输入区划编号' })).toBeVisible();
    await expectNoAxeViolations(page, 'region dialog with its problem');
    await dialog.locator('#code').fill(province);
    await dialog.locator('#name').fill('端到端省');
    await saveDialog(page, dialog, '新增成功');
    await expect(provinceRow).toContainText('端到端省');
    await expect(tree.getByTitle(`端到端省 (${province})`)).toBeVisible();
    await expectNoAxeViolations(page, 'regions');
  });

  await test.step('picked in the tree, it takes a city under it', async () => {
    await tree.getByTitle(`端到端省 (${province})`).click();
    await expect(provinceRow).toHaveCount(0);
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await expect(dialog.locator('#parentCode')).toHaveValue(province);
    await dialog.locator('#code').fill(city);
    await dialog.locator('#name').fill('端到端市');
    await saveDialog(page, dialog, '新增成功');
    await expect(cityRow).toContainText('端到端市');
    await expect(cityRow).toContainText('地市');
  });

  await test.step('the province opens in the tree to load its city', async () => {
    const node = tree.locator('.ant-tree-treenode').filter({ hasText: `端到端省 (${province})` });
    await node.locator('.ant-tree-switcher').click();
    await expect(tree.getByTitle(`端到端市 (${city})`)).toBeVisible();
  });

  await test.step('the city is edited and viewed', async () => {
    await cityRow.getByRole('button', { name: label('编辑') }).click();
    const edit = await settled(page.getByRole('dialog', { name: '编辑' }));
    await expect(edit.locator('#code')).toHaveValue(city);
    await edit.locator('#name').fill('端到端新市');
    await saveDialog(page, edit, '更新成功');
    await expect(cityRow).toContainText('端到端新市');
    await expect(tree.getByTitle(`端到端新市 (${city})`)).toBeVisible();

    await cityRow.getByRole('button', { name: label('查看') }).click();
    const view = page.getByRole('dialog', { name: '查看' });
    await expect(describedValue(view, '区划名称')).toHaveText('端到端新市');
    await expect(describedValue(view, '上级区划')).toContainText(province);
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
  });

  await test.step('a province with a city cannot be deleted; the city first, then the province', async () => {
    await tree.getByTitle(`端到端省 (${province})`).click();
    await expect(provinceRow).toBeVisible();
    await clickRowAction(provinceRow, '删除');
    const confirm = await settled(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' }));
    await confirm.getByRole('button', { name: label('确定') }).click();
    await expect(toast(page, '请先删除子节点').first()).toBeVisible();
    await expect(provinceRow).toBeVisible();

    await tree.getByTitle(`端到端省 (${province})`).click();
    await deleteRow(page, cityRow);
    await expect(tree.getByTitle(`端到端新市 (${city})`)).toHaveCount(0);
    await tree.getByTitle(`端到端省 (${province})`).click();
    await deleteRow(page, provinceRow);
    await expect(tree.getByTitle(`端到端省 (${province})`)).toHaveCount(0);
  });
});
