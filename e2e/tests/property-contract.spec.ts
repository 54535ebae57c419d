import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pickFirstRow } from '../support/catalog.ts';
import { label, loginAsAdmin, openMenu, settled, toast } from '../support/console.ts';
import { dataRows, fillDate, pickOption } from '../support/crm.ts';
import { callApi, clickRowAction, confirm, rowWithCell } from '../support/system.ts';

/**
 * 办公室合同 (issue 17): an office contract made in the browser for an enterprise (the enterprise selector) and
 * an office (with its summed area), its generated monthly costs read under 费用 and on 租赁费用 (the first marked
 * paid), and a second contract on the same office over overlapping dates refused with the server's message. Axe on the list and the costs.
 */
test('an office contract is made, shows its generated costs, and an overlapping one is refused', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const officeName = `E2E办公室${stamp}`;
  const enterpriseName = `E2E租户${stamp}`;
  await loginAsAdmin(page, { at: '/property/office-contract' });

  const building = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E楼宇${stamp}`, sort: 99 },
  });
  const floor = await callApi<{ id: string }>(page, 'blade-property/storey/submit', {
    method: 'POST',
    data: { storeyName: `E2E楼层${stamp}`, parentId: building.id, sort: 1 },
  });
  await callApi(page, 'blade-property/office/submit', {
    method: 'POST',
    data: { officeName, storeyId: floor.id, buildArea: '120.5' },
  });
  await callApi(page, 'blade-crm/enterprise/create-enterprise', {
    method: 'POST',
    data: {
      enterpriseName,
      creditCode: `9${stamp}123456`.slice(0, 15),
      agentName: '租户联系人',
      agentPhone: '13900001234',
      account: `lease_${stamp}`,
      password: 'Secret-123',
    },
  });

  /** Fills the contract dialog for the office over [start, end] and saves it. */
  const fillContract = async (contractNo: string, start: string, end: string) => {
    await page.getByRole('button', { name: label('新增') }).click();
    const dialog = await settled(page.getByRole('dialog', { name: '新增' }));
    await dialog.locator('#contractNo').fill(contractNo);
    await pickFirstRow(page, dialog, 'enterpriseId', {
      input: 'enterpriseSelector_enterpriseName',
      text: enterpriseName,
    });
    await dialog.locator('#officeIds').fill(officeName);
    await page.locator('.ant-select-dropdown:visible').getByTitle(`${officeName}（120.5㎡）`).click();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('status')).toHaveText('合计建筑面积：120.5 ㎡');
    await fillDate(dialog, 'startDate', start);
    await fillDate(dialog, 'endDate', end);
    await dialog.locator('#unitPrice').fill('80');
    return dialog;
  };

  await test.step('the contract is saved for the enterprise and the office', async () => {
    await expectNoAxeViolations(page, '/property/office-contract');
    const dialog = await fillContract(`E2E-HT${stamp}`, '2030-01-01', '2030-03-31');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(toast(page, '新增成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowWithCell(page, `E2E-HT${stamp}`);
    await expect(row).toContainText(officeName);
    // 120.5 m² at 80 yuan a month.
    await expect(row).toContainText('9,640.00');
  });

  await test.step('费用 lists the three generated months', async () => {
    await clickRowAction(rowWithCell(page, `E2E-HT${stamp}`), '费用');
    const costs = await settled(page.getByRole('dialog', { name: `合同E2E-HT${stamp}的租赁费用` }));
    await expect(dataRows(costs)).toHaveCount(3);
    await expect(dataRows(costs).first()).toContainText('2030-01-01 ~ 2030-01-31');
    await expect(dataRows(costs).first()).toContainText('9,640.00');
    await expect(dataRows(costs).first()).toContainText('未缴');
    await expectNoAxeViolations(page, 'contract costs');
    await costs
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(costs).toBeHidden();
  });

  await test.step('租赁费用 finds the contract’s periods and marks the first one paid', async () => {
    await openMenu(page, '物业管理', '租赁费用');
    await page.locator('#search_contractId').fill(`E2E-HT${stamp}`);
    await pickOption(page, page.locator('form').first(), 'search_contractId', `E2E-HT${stamp}`);
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(dataRows(page)).toHaveCount(3);
    const first = rowWithCell(page, '2030-01-01');
    await expect(first).toContainText('未缴');
    await expectNoAxeViolations(page, '/property/lease-contract-cost');
    await clickRowAction(first, '缴费');
    await confirm(page, '确定将第1期费用（9640元）标记为已缴?', '缴费成功');
    await expect(first).toContainText('已缴');
    await openMenu(page, '物业管理', '办公室合同');
  });

  await test.step('a second contract on the office over overlapping dates is refused with the reason', async () => {
    const dialog = await fillContract(`E2E-HT${stamp}B`, '2030-03-01', '2030-04-30');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await expect(page.locator('.ant-message-error')).toContainText('该办公室在所选日期已有合同');
    await expect(dialog).toBeVisible();
  });
});
