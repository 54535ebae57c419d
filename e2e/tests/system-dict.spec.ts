import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, deleteRow, describedValue, rowWithCell, saveDialog } from '../support/system.ts';

/**
 * The dictionary screens (spec parts 3 and 5): a dictionary's own row in the list, its entries
 * as a tree in an 880 wide dialog, each with the spec's required messages; and the two screens
 * that show the entries beside or below the list.
 */

async function addEntry(page: Page, entries: ReturnType<Page['locator']>, value: string, key: string, parent?: string) {
  await entries.getByRole('button', { name: label('新增') }).click();
  const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
  await dialog.locator('#dictValue').fill(value);
  await dialog.locator('#dictKey').fill(key);
  await dialog.locator('#sort').fill(key);
  if (parent) {
    await dialog.locator('#parentId').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(parent, { exact: true }).click();
  }
  await saveDialog(page, dialog, '新增成功');
}

for (const menu of ['系统字典', '业务字典']) {
  test(`an administrator keeps a dictionary and its entries in ${menu}`, async ({ page }) => {
    const code = `e2e_dict_${Date.now()}`;
    const row = page.getByRole('row').filter({ hasText: code });
    await loginAsAdmin(page);
    await openMenu(page, '系统管理', menu);

    await test.step('a dictionary is added after the required messages', async () => {
      await page
        .getByRole('button', { name: label('新增') })
        .first()
        .click();
      const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
      await expect(dialog.locator('#dictKey')).toHaveCount(0);
      await dialog.getByRole('button', { name: label('保存') }).click();
      for (const message of ['请输入字典编号', '请输入字典名称', '请输入字典排序']) {
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      }
      await dialog.locator('#code').fill(code);
      await dialog.locator('#dictValue').fill('端到端字典');
      await dialog.locator('#sort').fill('1');
      await saveDialog(page, dialog, '新增成功');
      await page.locator('#search_code').fill(code);
      await page
        .getByRole('button', { name: label('搜索') })
        .first()
        .click();
      await expect(row).toHaveCount(1);
      // The list leads with an index column (after the selection box) and offers a view.
      await expect(page.getByRole('columnheader', { name: '序号' })).toBeVisible();
      await expect(row.getByRole('cell').nth(1)).toHaveText('1');
      await expect(row.getByRole('button', { name: label('查看') })).toBeVisible();
    });

    await test.step('it is renamed', async () => {
      await row.getByRole('button', { name: label('编辑') }).click();
      const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
      await dialog.locator('#dictValue').fill('改后字典');
      await saveDialog(page, dialog, '更新成功');
      await expect(row).toContainText('改后字典');
    });

    const entries = page.getByRole('dialog', { name: '改后字典 字典项' });
    await test.step('its entries open in an 880 wide dialog and are added as a tree', async () => {
      await clickRowAction(row, '字典配置');
      await expect(entries).toBeVisible();
      const box = entries.locator('.ant-modal-container, .ant-modal-content').first();
      await expect.poll(async () => (await box.boundingBox())?.width).toBe(880);
      await expectNoAxeViolations(page, `${menu}, entries dialog`);

      await entries.getByRole('button', { name: label('新增') }).click();
      const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
      await expect(dialog.locator('#code')).toHaveValue(code);
      await expect(dialog.locator('#code')).toBeDisabled();
      await expect(dialog.getByText('请选择上级字典')).toBeVisible();
      await dialog.getByRole('button', { name: label('保存') }).click();
      await expect(dialog.getByText('请输入字典键值', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: label('取消') }).click();

      await addEntry(page, entries, '第一项', '1');
      await addEntry(page, entries, '第一项之下', '2', '第一项');
      const first = entries.getByRole('row').filter({ hasText: '第一项' }).first();
      await first.locator('.ant-table-row-expand-icon-collapsed').click();
      const below = entries.getByRole('row').filter({ hasText: '第一项之下' });
      await expect(below).toHaveClass(/ant-table-row-level-1/);
      // The entries' tree has the index column and a view too: each entry numbered among its siblings.
      await expect(entries.getByRole('columnheader', { name: '序号' })).toBeVisible();
      await expect(first.getByRole('cell').nth(1)).toHaveText('1');
      await expect(below.getByRole('cell').nth(1)).toHaveText('1');
      await below.getByRole('button', { name: label('查看') }).click();
      const view = page.getByRole('dialog', { name: '查看' });
      await expect(describedValue(view, '字典名称')).toHaveText('第一项之下');
      await page.keyboard.press('Escape');
      await expect(view).toBeHidden();
      await expect(entries).toBeVisible();
    });

    await test.step('an entry and then the dictionary are deleted', async () => {
      await deleteRow(page, entries.getByRole('row').filter({ hasText: '第一项之下' }));
      await page.keyboard.press('Escape');
      await expect(entries).toBeHidden();
      await deleteRow(page, row);
    });
  });
}

for (const [menu, layout, pick] of [
  ['字典管理(横向)', 'beside', '请在左侧列表中选择一个字典'],
  ['字典管理(纵向)', 'below', '请在上方列表中选择一个字典'],
] as const) {
  test(`${menu} shows a dictionary's entries ${layout} the list, opened by a click on its row`, async ({ page }) => {
    await loginAsAdmin(page);
    await openMenu(page, '系统管理', menu);
    await expect(page.getByText(pick)).toBeVisible();
    await page.locator('#search_code').fill('sex');
    await page
      .getByRole('button', { name: label('搜索') })
      .first()
      .click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'sex', exact: true }) });
    // A click anywhere on the row but its buttons opens the dictionary, and the row is marked.
    await row.getByRole('cell', { name: '性别', exact: true }).click();
    const card = page.locator('.ant-card').filter({ hasText: '字典项' });
    await expect(card.getByRole('cell', { name: '男', exact: true })).toBeVisible();
    await expect(page.getByText(pick)).toHaveCount(0);
    await expect(row).toHaveClass(/ant-table-row-selected/);
    await expect(page.locator('.ant-table-row-selected')).toHaveCount(1);
    // Both lists lead with an index column and offer a view.
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('button', { name: label('查看') })).toBeVisible();
    const male = card.getByRole('row').filter({ has: page.getByRole('cell', { name: '男', exact: true }) });
    await expect(card.getByRole('columnheader', { name: '序号' })).toBeVisible();
    await expect(male.getByRole('cell').nth(1)).toHaveText('1');
    await expectNoAxeViolations(page, menu);
    await expect(male.getByRole('button', { name: label('查看') })).toBeVisible();
    const list = (await page.locator('.ant-card').first().boundingBox()) ?? { x: 0, y: 0 };
    const entries = (await card.boundingBox()) ?? { x: 0, y: 0 };
    if (layout === 'beside') expect(entries.x).toBeGreaterThan(list.x);
    else expect(entries.y).toBeGreaterThan(list.y);
  });
}

test('a sealed dictionary entry leaves the dropdowns, and comes back unsealed', async ({ page }) => {
  const offered = async () =>
    (
      await callApi<{ dictValue: string }[]>(page, 'blade-system/dict/dictionary', {
        params: { code: 'post_category' },
      })
    ).map((e) => e.dictValue);
  /** Opens the 岗位类型 dropdown of the post form on a fresh page and checks what it offers. */
  const postCategories = async (offers: string[], lacks: string[] = []) => {
    await page.goto('/system/post');
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#category').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    for (const name of offers) await expect(dropdown.getByTitle(name, { exact: true })).toBeVisible();
    for (const name of lacks) await expect(dropdown.getByTitle(name, { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
  };
  await loginAsAdmin(page);
  await postCategories(['高层', '其他']);
  const [entry] = (
    await callApi<{ id: string; dictKey: string }[]>(page, 'blade-system/dict/list', {
      params: { code: 'post_category', dictValue: '其他' },
    })
  ).filter((e) => e.dictKey === '4');

  try {
    await test.step('其他 is sealed in the entries of 岗位类型', async () => {
      await page.goto('/system/dict');
      await page.locator('#search_code').fill('post_category');
      await page
        .getByRole('button', { name: label('搜索') })
        .first()
        .click();
      await clickRowAction(rowWithCell(page, 'post_category'), '字典配置');
      const entries = page.getByRole('dialog', { name: '岗位类型 字典项' });
      const other = entries.getByRole('row').filter({ has: page.getByRole('cell', { name: '其他', exact: true }) });
      await other.getByRole('button', { name: label('编辑') }).click();
      const dialog = await settled(page.getByRole('dialog', { name: '编辑' }));
      await pickOption(page, dialog, 'isSealed', '是');
      await saveDialog(page, dialog, '更新成功');
      await expect(other.getByRole('cell', { name: '是', exact: true })).toBeVisible();
    });

    await test.step('dictionary?code= and the post form no longer offer it', async () => {
      expect(await offered()).toEqual(['高层', '中层', '基层']);
      await postCategories(['高层', '中层', '基层'], ['其他']);
    });
  } finally {
    await callApi(page, 'blade-system/dict/submit', { method: 'POST', data: { id: entry.id, isSealed: 0 } });
  }
  await test.step('unsealed, it is offered again', async () => {
    expect(await offered()).toContain('其他');
    await postCategories(['其他']);
  });
});
