import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled } from '../support/console.ts';
import { dataRows } from '../support/crm.ts';
import { callApi, confirm, describedValue, searchCreated, selectRow, today } from '../support/system.ts';

/**
 * The parameter screen beyond what the catalog-driven walk (catalog-walk.spec.ts) does on every generic
 * screen: the creation-time range, the read-only 查看 and a batch delete.
 */
test('an administrator views a parameter, narrows the list by creation time and deletes two at once', async ({
  page,
}) => {
  const prefix = `e2e.batch.${Date.now()}`;
  await loginAsAdmin(page);
  for (const n of [1, 2]) {
    await callApi(page, 'blade-system/param/submit', {
      method: 'POST',
      data: { paramName: `批量参数${n}`, paramKey: `${prefix}.${n}`, paramValue: `value ${n}`, remark: `备注${n}` },
    });
  }
  await openMenu(page, '系统管理', '参数管理');
  const rows = dataRows(page);
  const row = (n: number) => rows.filter({ hasText: `${prefix}.${n}` });

  await test.step('the creation-time range narrows the list: nothing then, both of them today', async () => {
    await expect(rows.first()).toBeVisible();
    await searchCreated(page, '2001-01-01 00:00:00', '2001-01-02 23:59:59');
    await expect(rows).toHaveCount(0);
    await page.locator('#search_paramKey').fill(prefix);
    await searchCreated(page, `${today()} 00:00:00`, `${today()} 23:59:59`);
    await expect(rows).toHaveCount(2);
  });

  await test.step('查看 shows the row as a description list, no inputs in it', async () => {
    await row(1)
      .getByRole('button', { name: label('查看') })
      .click();
    const dialog = await settled(page.getByRole('dialog', { name: '查看' }));
    await expect(describedValue(dialog, '参数键名')).toHaveText(`${prefix}.1`);
    await expect(describedValue(dialog, '参数键值')).toHaveText('value 1');
    await expect(describedValue(dialog, '备注')).toHaveText('备注1');
    await expect(dialog.locator('input, textarea, .ant-select')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: label('保存') })).toHaveCount(0);
    await expectNoAxeViolations(page, 'record view');
    // Its one footer button closes it (the × in the corner is named 关闭 too).
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(dialog).toBeHidden();
  });

  await test.step('both rows selected go with one confirmed 删除', async () => {
    await selectRow(row(1));
    await selectRow(row(2));
    await expect(page.getByText('已选择 2 项')).toBeVisible();
    // The toolbar's 删除, above the rows' own.
    await page
      .getByRole('button', { name: label('删除') })
      .first()
      .click();
    await confirm(page, '确定将选择数据删除?', '删除成功');
    await expect(rows).toHaveCount(0);
    const left = await callApi<{ total: number }>(page, 'blade-system/param/page', {
      params: { paramKey_likeright: prefix },
    });
    expect(left.total).toBe(0);
  });
});
