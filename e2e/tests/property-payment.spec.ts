import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { label, loginAsAdmin, settled, switchToEnglish, toast } from '../support/console.ts';
import { dataRows, pickOption } from '../support/crm.ts';
import { leaseParty, periodRows, searchContract } from '../support/property.ts';
import { callApi, clickRowAction, rowActionNames, rowWithCell } from '../support/system.ts';

/**
 * 租赁费用 records money (issue 34.5): 登记缴费 opens a payment form whose amount is the balance; a partial
 * payment leaves the balance and 部分缴纳 (still 逾期, in red), a second completes it (已缴, 撤销缴费 offered,
 * no 删除); the period's 查看 lists both payments. The contract's deposit is its own row (押金), paid the same way
 * in English. The contract is made through the API, in 2020 (the records-kept walk's are in 2021), so that its periods are due.
 */
test('a partial payment leaves the balance and 部分缴纳; a second completes it; overdue reads red', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const contractNo = `E2E-PAY${stamp}`;
  await loginAsAdmin(page, { at: '/property/lease-contract-cost' });

  const { office, enterprise } = await leaseParty(page, {
    name: '缴费',
    stamp,
    account: 'pay',
    digit: '8',
    phone: '13900004322',
  });
  // Two monthly periods of 100 m² at 50 yuan (5,000.00 each) and a 2,000.00 deposit due on signing: all long due.
  await callApi(page, 'blade-property/room-contract/save', {
    method: 'POST',
    data: {
      contractNo,
      contractType: 1,
      enterpriseId: enterprise.id,
      officeIds: office.id,
      unitPrice: 50,
      payCycle: 1,
      deposit: 2000,
      signDate: '2020-02-20',
      contractRegistrationStatus: 0,
      leaseStatus: 0,
      startDate: '2020-03-01',
      endDate: '2020-04-30',
    },
  });

  // Each row by its due date: the periods' first days, the deposit's signing day (its period starts with the contract,
  // on the first period's day too: the periods are told by their kind).
  const first = rowWithCell(page, '2020-03-01').filter({ hasNotText: '押金' });
  const second = rowWithCell(page, '2020-04-01');
  const zhDeposit = rowWithCell(page, '2020-02-20');

  await test.step('the list leads with 应缴, 已缴, 余额 and 缴费状态; owed past due reads red', async () => {
    await searchContract(page, contractNo);
    await expect(periodRows(page)).toHaveCount(3);
    const headers = (await page.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    expect(headers.slice(0, 4)).toEqual(['应缴金额(元)', '已缴金额(元)', '余额(元)', '缴费状态']);
    await expect(first).toContainText('未缴');
    await expect(first.locator('.ant-tag-error')).toHaveText('逾期');
    await expect(first.locator('.ant-typography-danger')).toHaveText('5,000.00');
    await expect(zhDeposit).toContainText('押金');
    // 登记缴费 is the row's main work: side by side beside 查看, 编辑 and 删除 (last) under 更多 (issue 34.4).
    await expect(first.getByRole('button', { name: '登记缴费' })).toBeVisible();
    expect(await rowActionNames(first)).toEqual(['查看', '登记缴费', '编辑', '删除']);
  });

  await test.step('登记缴费 of 2,000.00: 部分缴纳 with 3,000.00 left, still overdue', async () => {
    const dialog = await openPayment(page, first, '登记第1期缴费');
    await expect(dialog).toContainText('应缴 5,000.00 元，已缴 0.00 元，余额 5,000.00 元');
    await expect(dialog.locator('#amount')).toHaveValue('5000.00');
    await expectNoAxeViolations(page, 'the payment dialog');
    await fillPayment(dialog, { amount: '2000', payer: '张会计', receipt: `E2E-${stamp}-1` });
    await dialog.getByRole('button', { name: label('登记缴费') }).click();
    await expect(toast(page, '登记缴费成功').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(first).toContainText('部分缴纳');
    await expect(first).toContainText('2,000.00');
    await expect(first.locator('.ant-typography-danger')).toHaveText('3,000.00');
    await expect(first.locator('.ant-tag-error')).toHaveText('逾期');
    // Money on it: no 删除 any more, 撤销缴费 instead.
    expect(await rowActionNames(first)).toEqual(['查看', '登记缴费', '编辑', '撤销缴费']);
  });

  await test.step('a second payment of the balance completes it: 已缴, no longer overdue', async () => {
    const dialog = await openPayment(page, first, '登记第1期缴费');
    await expect(dialog.locator('#amount')).toHaveValue('3000.00');
    // More than the balance is refused by the form before the server.
    await dialog.locator('#amount').fill('3000.01');
    await dialog.locator('#payer').click();
    await expect(dialog.locator('#amount')).toHaveValue('3000.00');
    await fillPayment(dialog, { payer: '张会计', receipt: `E2E-${stamp}-2`, method: '微信' });
    await dialog.getByRole('button', { name: label('登记缴费') }).click();
    await expect(toast(page, '登记缴费成功').first()).toBeVisible();
    await expect(first).toContainText('已缴');
    await expect(first.locator('.ant-tag-error')).toHaveCount(0);
    expect(await rowActionNames(first)).toEqual(['查看', '编辑', '撤销缴费']);
    await expect(second.locator('.ant-tag-error')).toHaveText('逾期');
  });

  await test.step('查看 lists both payments, and the state', async () => {
    await clickRowAction(first, '查看');
    const view = await settled(page.getByRole('dialog', { name: '查看' }));
    const payments = view.getByRole('region', { name: '缴费记录' });
    await expect(dataRows(payments)).toHaveCount(2);
    await expect(dataRows(payments).first()).toContainText('2,000.00');
    await expect(dataRows(payments).first()).toContainText('银行转账');
    await expect(dataRows(payments).nth(1)).toContainText('3,000.00');
    await expect(dataRows(payments).nth(1)).toContainText('微信');
    await expect(dataRows(payments).nth(1)).toContainText(`E2E-${stamp}-2`);
    await expectNoAxeViolations(page, 'a period’s detail with its payments');
    await view
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await expect(view).toBeHidden();
  });

  await test.step('in English: the deposit paid in part, then in full', async () => {
    await switchToEnglish(page);
    await page.getByRole('button', { name: label('Search') }).click();
    // Sorted by due date: the deposit, due on signing, comes first.
    const deposit = dataRows(page).first();
    await expect(deposit).toContainText('2020-02-20');
    await expect(deposit.locator('.ant-tag-error')).toHaveText('Overdue');
    let dialog = await openPayment(page, deposit, 'Record a deposit payment', 'Record payment');
    await expect(dialog).toContainText('Due 2,000.00 yuan, paid 0.00 yuan, balance 2,000.00 yuan');
    await fillPayment(dialog, { amount: '500', payer: 'Accounts', receipt: `E2E-${stamp}-3`, method: 'Cash' });
    await dialog.getByRole('button', { name: label('Record payment') }).click();
    await expect(toast(page, 'Payment recorded').first()).toBeVisible();
    await expect(deposit).toContainText('Partly paid');
    await expect(deposit.locator('.ant-typography-danger')).toHaveText('1,500.00');
    await expect(deposit.locator('.ant-tag-error')).toHaveText('Overdue');
    await expectNoAxeViolations(page, '/property/lease-contract-cost in English');
    // At 1024 px the read-only list of every payment scrolls sideways: the keyboard reaches its box to scroll it.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoAxeViolations(page, '/property/lease-contract-cost in English at 1024 px', 'screen');
    await page.setViewportSize({ width: 1440, height: 900 });
    dialog = await openPayment(page, deposit, 'Record a deposit payment', 'Record payment');
    await expect(dialog.locator('#amount')).toHaveValue('1500.00');
    await fillPayment(dialog, { payer: 'Accounts', receipt: `E2E-${stamp}-4` });
    await dialog.getByRole('button', { name: label('Record payment') }).click();
    await expect(toast(page, 'Payment recorded').first()).toBeVisible();
    await expect(deposit).toContainText('Paid');
    await expect(deposit).not.toContainText('Partly');
    await expect(deposit.locator('.ant-tag-error')).toHaveCount(0);
  });
});

/** Narrows 租赁费用 to one contract's rows through the search form's contract picker. */

/** Opens a row's payment dialog: its button, or the one under 更多 (More in English). */
async function openPayment(page: Page, row: Locator, title: string, action = '登记缴费') {
  if (action === '登记缴费') await clickRowAction(row, action);
  else {
    const inline = row.getByRole('button', { name: label(action) });
    if ((await inline.count()) > 0) await inline.click();
    else {
      await row.getByRole('button', { name: label('More') }).click();
      await (await settled(page.locator('.ant-dropdown:visible'))).getByRole('button', { name: label(action) }).click();
    }
  }
  return settled(page.getByRole('dialog', { name: title }));
}

/** Fills the payment form; the amount and method only when given (their defaults are the balance and 银行转账). */
async function fillPayment(
  dialog: Locator,
  values: { amount?: string; payer: string; receipt: string; method?: string },
) {
  if (values.amount) await dialog.locator('#amount').fill(values.amount);
  if (values.method) await pickOption(dialog.page(), dialog, 'payMethod', values.method);
  await dialog.locator('#payer').fill(values.payer);
  await dialog.locator('#receiptNo').fill(values.receipt);
}
