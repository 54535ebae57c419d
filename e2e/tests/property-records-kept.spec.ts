import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, openMenu, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows, pickOption } from '../support/crm.ts';
import { leaseParty, periodRows, searchContract } from '../support/property.ts';
import { callApi, clickRowAction, rowActionNames, rowWithCell, selectRow } from '../support/system.ts';

/**
 * Money records are never deleted (issue 34.2), on 租赁费用: a paid period offers no 删除 (an unpaid one offers it
 * last, after 登记缴费); a batch delete holding a paid period is refused with the server's reason and removes
 * nothing; 撤销缴费 asks a reason, makes the period unpaid and overdue again, and its 查看 lists the reversal with
 * who, the amount and the reason; a rated work order offers no 删除 either. English once. The contract is made through the API, in the past, so that its
 * periods are due.
 */
test('a paid lease period offers no 删除 and is reversed with a reason, kept in its history', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const contractNo = `E2E-KEPT${stamp}`;
  await loginAsAdmin(page, { at: '/property/lease-contract-cost' });

  const { office, enterprise } = await leaseParty(page, {
    name: '留痕',
    stamp,
    account: 'kept',
    digit: '9',
    phone: '13900004321',
  });
  // Two monthly periods of 100 m² at 50 yuan: 5,000.00 each, both long due.
  const contract = await callApi<{ id: string }>(page, 'blade-property/room-contract/save', {
    method: 'POST',
    data: {
      contractNo,
      contractType: 1,
      enterpriseId: enterprise.id,
      officeIds: office.id,
      unitPrice: 50,
      payCycle: 1,
      contractRegistrationStatus: 0,
      leaseStatus: 0,
      startDate: '2021-03-01',
      endDate: '2021-04-30',
    },
  });
  const costs = await callApi<{ records: { id: string; periodNo: number }[] }>(
    page,
    'blade-property/lease-contract-cost/list',
    { params: { contractId_equal: contract.id, ascs: 'periodStart' } },
  );
  expect(costs.records).toHaveLength(2);
  const [first, second] = costs.records;
  await callApi(page, 'blade-property/lease-contract-cost/pay', {
    method: 'POST',
    params: { ids: first.id, paidDate: '2021-03-05' },
  });

  const paidRow = rowWithCell(page, '2021-03-01');
  const unpaidRow = rowWithCell(page, '2021-04-01');
  await test.step('the contract’s periods: the paid one offers no 删除, the unpaid one offers it last', async () => {
    await searchContract(page, contractNo);
    await expect(periodRows(page)).toHaveCount(2);
    await expect(paidRow).toContainText('已缴');
    expect(await rowActionNames(paidRow)).toEqual(['查看', '编辑', '撤销缴费']);
    expect(await rowActionNames(unpaidRow)).toEqual(['查看', '登记缴费', '编辑', '删除']);
    await expectNoAxeViolations(page, '/property/lease-contract-cost with a paid period');
  });

  await test.step('删除 of a batch holding the paid period is refused with the reason; nothing goes', async () => {
    await selectRow(paidRow);
    await selectRow(unpaidRow);
    await page
      .getByRole('toolbar')
      .getByRole('button', { name: label('删除') })
      .click();
    const question = await settled(page.getByRole('dialog').filter({ hasText: '确定将选择数据删除' }));
    await question.getByRole('button', { name: label('确定') }).click();
    await expect(page.locator('.ant-message-error')).toContainText('已缴费的租赁费用不能删除，请使用撤销缴费');
    await page.getByRole('button', { name: label('搜索') }).click();
    await expect(periodRows(page)).toHaveCount(2);
  });

  await test.step('撤销缴费 asks a reason, then the period is unpaid and overdue again', async () => {
    await clickRowAction(paidRow, '撤销缴费');
    const dialog = await settled(page.getByRole('dialog', { name: '撤销第1期缴费' }));
    await expect(dialog).toContainText('5,000.00');
    await expect(dialog).toContainText('2021-03-05');
    // Without a reason (blanks are none), the dialog stays and says why.
    await dialog.locator('#reason').fill('   ');
    await dialog.getByRole('button', { name: label('撤销缴费') }).click();
    await expect(dialog).toContainText('请输入撤销原因');
    await expectNoAxeViolations(page, 'the reversal dialog');
    await dialog.locator('#reason').fill('银行退票，款项未到账');
    await dialog.getByRole('button', { name: label('撤销缴费') }).click();
    await expect(toast(page, '已撤销缴费').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(paidRow).toContainText('未缴');
    await expect(paidRow).toContainText('逾期');
    expect(await rowActionNames(paidRow)).toEqual(['查看', '登记缴费', '编辑', '删除']);
  });

  await test.step('查看 lists the reversal: who, the amount and date reversed, and the reason', async () => {
    await clickRowAction(paidRow, '查看');
    const view = await settled(page.getByRole('dialog', { name: '查看' }));
    const history = view.getByRole('region', { name: '撤销缴费记录' });
    await expect(dataRows(history)).toHaveCount(1);
    const line = dataRows(history).first();
    await expect(line).toContainText('管理员');
    await expect(line).toContainText('5,000.00');
    await expect(line).toContainText('2021-03-05');
    await expect(line).toContainText('银行退票，款项未到账');
    await expectNoAxeViolations(page, 'a period’s detail with its reversal');
    await view
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(view).toBeHidden();
    // What the screen shows is what the server keeps.
    const detail = await callApi<{ payStatus: number; reversals: { reason: string }[] }>(
      page,
      'blade-property/lease-contract-cost/detail',
      { params: { id: first.id } },
    );
    expect(detail.payStatus).toBe(0);
    expect(detail.reversals.map((r) => r.reason)).toEqual(['银行退票，款项未到账']);
  });

  await test.step('工单管理: a rated work order offers no 删除 either', async () => {
    await openMenu(page, '物业管理', '工单管理');
    await pickOption(page, page.locator('form:visible').first(), 'search_repairStatus', '已评价');
    await page.getByRole('button', { name: label('搜索') }).click();
    const rated = page.locator('.ant-table-tbody tr.ant-table-row:visible').first();
    await expect(rated).toContainText('已评价');
    expect(await rowActionNames(rated)).not.toContain('删除');
    await openMenu(page, '物业管理', '租赁费用');
  });

  await test.step('in English: a paid period offers Reverse payment and no Delete; its detail names the history', async () => {
    await callApi(page, 'blade-property/lease-contract-cost/pay', { method: 'POST', params: { ids: second.id } });
    await switchToEnglish(page);
    await page.getByRole('button', { name: label('Search') }).click();
    const paid = rowWithCell(page, '2021-04-01');
    await expect(paid).toContainText('Paid');
    expect(await rowActionNames(paid)).toEqual(['View', 'Edit', 'Reversepayment']);
    await clickRowAction(paid, 'View');
    const view = await settled(page.getByRole('dialog', { name: 'View' }));
    await expect(view.getByRole('region', { name: 'Payment reversals' })).toContainText('No payment reversed');
    await expect(view).toContainText('A paid lease cost cannot be deleted: reverse the payment instead');
    await expectNoAxeViolations(page, 'a paid period’s detail in English');
  });
});
