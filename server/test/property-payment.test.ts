import { COST_KIND, LEASE_COST_KEPT, PAY_STATE, PAY_STATUS } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Rent payments that record money (issue 34.5, migration 0174): a period takes payments (amount, date, method,
 * payer, receipt, note), several partial ones; its paid amount, balance and state (未缴 / 部分缴纳 / 已缴) follow
 * from them. Refused with a clear 400: paying beyond the balance (also by the database's check, whatever lands at
 * once), a date after today, a receipt number taken, a bad field. A payment is never removed: it is reversed with
 * a reason. A contract's deposit is billed once as its own row and paid the same way. Run on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let clerk: string;
let company: string;
let otherTenant: string;
let enterpriseId: string;

const P = '/api/blade-property';
const C = `${P}/lease-contract-cost`;
const english = { 'accept-language': 'en-US' };
const post = (url: string, payload: object = {}, token = admin, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url, token, payload, headers });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

const sql = (text: string, params: unknown[] = []) =>
  server.platform.db.tx('000000', (q) => q.query<Record<string, unknown>>(text, params));
const failure = (text: string, params: unknown[] = []) =>
  sql(text, params).then(
    () => undefined,
    (e: unknown) => e as { code?: string; constraint?: string },
  );

let today: string;
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let seq = 0;
let floor: string;
/** A contract on a new office of 50 m² at 100 yuan: 5,000.00 a month, by default from 70 days ago to 19 days on. */
async function contract(extra: object = {}, start = day(-70), end = day(19)) {
  const unit = (await data(post(`${P}/office/submit`, { officeName: `PAY-${++seq}`, storeyId: floor, buildArea: 50 })))
    .id;
  return (
    await data(
      post(`${P}/room-contract/save`, {
        contractNo: `PAY-HT-${seq}`,
        contractType: 1,
        enterpriseId,
        officeIds: unit,
        unitPrice: 100,
        payCycle: 1,
        contractRegistrationStatus: 0,
        leaseStatus: 0,
        startDate: start,
        endDate: end,
        ...extra,
      }),
    )
  ).id as string;
}
const costsOf = async (contractId: string) =>
  (await data(get(`${C}/list?contractId_equal=${contractId}&size=100&ascs=periodStart`))).records as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: each test reads its own fields
    any
  >[];
const detail = (id: string) => data(get(`${C}/detail?id=${id}`));

let receipt = 0;
const payment = (costId: string, amount: number | string, extra: object = {}) => ({
  costId,
  amount,
  paidDate: today,
  payMethod: 1,
  payer: '财务部 张三',
  receiptNo: `R-${++receipt}`,
  note: '',
  ...extra,
});
const pay = (body: object, token = admin, headers: Record<string, string> = {}) =>
  post(`${C}/payment/submit`, body, token, headers);

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseId = (await createEnterprise(server, admin, '缴费企业', 'pay_company')).id;
  company = await login(server, 'pay_company', 'secret1', '000000', 'web');
  await createUserWithButtons(server, '000000', 'pay_clerk', ['lease_contract_cost']);
  clerk = await login(server, 'pay_clerk', 'pass');
  await createTenant(server, '818181');
  otherTenant = await login(server, 'admin', 'admin', '818181');
  floor = (await data(post(`${P}/storey/submit`, { storeyName: '缴费楼', sort: 1 }))).id;
});
afterAll(() => server.close());

describe('payments on a period', () => {
  it('two partial payments: 部分缴纳 with its balance, then 已缴; the list carries amount, paid, balance, state', async () => {
    const [first] = await costsOf(await contract());
    expect(first).toMatchObject({ amountDue: 5000, balance: 5000, payState: PAY_STATE.unpaid, overdue: 1 });
    const part = await data(pay(payment(first.id, '2000.50', { paidDate: day(-1), payMethod: 3, note: '首付' })));
    expect(part).toMatchObject({
      paidAmount: 2000.5,
      balance: 2999.5,
      payState: PAY_STATE.partly,
      payStatus: PAY_STATUS.unpaid,
      paidDate: day(-1),
      // Still owed past its due date: overdue.
      overdue: 1,
    });
    expect(part.payments).toHaveLength(1);
    expect(part.payments[0]).toMatchObject({ payMethod: 3, payer: '财务部 张三', note: '首付', reversalId: null });
    const partly = await data(get(`${C}/page?payState_equal=${PAY_STATE.partly}&contractId_equal=${first.contractId}`));
    expect(partly.records.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const full = await data(pay(payment(first.id, 2999.5)));
    expect(full).toMatchObject({
      paidAmount: 5000,
      balance: 0,
      payState: PAY_STATE.paid,
      payStatus: PAY_STATUS.paid,
      paidDate: today,
      overdue: 0,
    });
    expect(await data(get(`${C}/payment/list?costId=${first.id}`))).toHaveLength(2);
    // Paid in full: no third payment, however small.
    await refused(pay(payment(first.id, 0.01)), 400, '该费用已缴清');
  });

  it('refuses paying beyond the balance, and writes nothing', async () => {
    const [first] = await costsOf(await contract());
    await refused(pay(payment(first.id, 5000.01)), 400, '缴费金额不能超过未缴余额');
    await data(pay(payment(first.id, 1000)));
    await refused(pay(payment(first.id, '4000.01')), 400, '缴费金额不能超过未缴余额');
    expect((await pay(payment(first.id, 4001), admin, english)).body.msg).toBe(
      'The amount cannot be more than the balance still owed',
    );
    expect(await detail(first.id)).toMatchObject({ paidAmount: 1000, balance: 4000, payState: PAY_STATE.partly });
    expect(await data(get(`${C}/payment/list?costId=${first.id}`))).toHaveLength(1);
  });

  it('refuses a date after today, and a bad amount, date, method, payer, receipt or note', async () => {
    const [first] = await costsOf(await contract());
    await refused(pay(payment(first.id, 100, { paidDate: day(1) })), 400, '缴费日期不能晚于今天');
    expect((await pay(payment(first.id, 100, { paidDate: day(1) }), admin, english)).body.msg).toBe(
      'The payment date cannot be later than today',
    );
    for (const amount of [0, -5, '1.234', 'abc', '', null, { a: 1 }]) {
      await refused(pay(payment(first.id, amount as never)), 400, '请输入大于0的缴费金额');
    }
    for (const paidDate of ['2025-02-30', '2025/01/01', '', 5]) {
      await refused(pay(payment(first.id, 100, { paidDate })), 400, '请输入缴费日期');
    }
    for (const payMethod of [0, 5, 'x', null])
      await refused(pay(payment(first.id, 100, { payMethod })), 400, '缴费方式');
    await refused(pay(payment(first.id, 100, { payer: '  ' })), 400, '请输入缴款人');
    await refused(pay(payment(first.id, 100, { payer: '人'.repeat(101) })), 400, '缴款人不能超过100个字符');
    await refused(pay(payment(first.id, 100, { receiptNo: '' })), 400, '请输入收据编号');
    await refused(pay(payment(first.id, 100, { receiptNo: 'R'.repeat(65) })), 400, '收据编号不能超过64个字符');
    await refused(pay(payment(first.id, 100, { note: '注'.repeat(501) })), 400, '备注不能超过500个字符');
    await refused(pay(payment('123', 100)), 404);
    await refused(pay({ ...payment(first.id, 100), costId: undefined }), 400, '缺少参数costId');
    expect(await detail(first.id)).toMatchObject({ paidAmount: null, payState: PAY_STATE.unpaid });
  });

  it('refuses a receipt number a live payment of the tenant holds; another tenant, or after a reversal, may use it', async () => {
    const [a, b] = await costsOf(await contract());
    await data(pay(payment(a.id, 100, { receiptNo: 'DUP-1' })));
    await refused(pay(payment(b.id, 100, { receiptNo: ' DUP-1 ' })), 400, '收据编号已存在');
    expect((await pay(payment(b.id, 100, { receiptNo: 'DUP-1' }), admin, english)).body.msg).toBe(
      'A payment with this receipt number already exists',
    );
    // The unique index alone, past the server's check.
    const [p] = await data(get(`${C}/payment/list?costId=${a.id}`));
    const error = await failure(
      `insert into property_lease_cost_payment (id, tenant_id, cost_id, contract_id, enterprise_id, amount,
              paid_date, pay_method, receipt_no, create_user)
       select id + 1, tenant_id, $2, contract_id, enterprise_id, 1, paid_date, 1, receipt_no, create_user
         from property_lease_cost_payment where id = $1`,
      [p.id, b.id],
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'property_lease_cost_payment_receipt' });
    // Reversed, its receipt may be entered again, corrected.
    await data(post(`${C}/payment/reverse`, { id: p.id, reason: '金额录错' }));
    await data(pay(payment(b.id, 100, { receiptNo: 'DUP-1' })));
    expect(await detail(b.id)).toMatchObject({ paidAmount: 100 });
  });

  it('ten payments of 1,000 at once on a 5,000 period: five land, the rest are refused, never beyond the amount', async () => {
    const [first] = await costsOf(await contract());
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(payment(first.id, 1000))));
    const won = answers.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(5);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toMatch(/不能超过未缴余额|已缴清/);
    }
    expect(await detail(first.id)).toMatchObject({ paidAmount: 5000, balance: 0, payState: PAY_STATE.paid });
    const [{ n, sum }] = await sql(
      'select count(*)::int as n, sum(amount)::float8 as sum from property_lease_cost_payment where cost_id = $1',
      [first.id],
    );
    expect({ n, sum }).toEqual({ n: 5, sum: 5000 });
  });

  it('the database refuses an overpayment written straight, past the server', async () => {
    const [first] = await costsOf(await contract());
    await data(pay(payment(first.id, 4000)));
    const error = await failure(
      `insert into property_lease_cost_payment (id, tenant_id, cost_id, contract_id, enterprise_id, amount,
              paid_date, pay_method, create_user)
       select id + 7, tenant_id, id, contract_id, enterprise_id, 1000.01, current_date, 9, 1
         from property_lease_contract_cost where id = $1`,
      [first.id],
    );
    expect(error).toMatchObject({ code: '23514', constraint: 'property_lease_cost_not_overpaid' });
    expect(await detail(first.id)).toMatchObject({ paidAmount: 4000 });
  });

  it('BladeX’s 缴费 and paid flag pay the balance of a period paid in part', async () => {
    const [first, second] = await costsOf(await contract());
    await data(pay(payment(first.id, 1200)));
    expect(await data(post(`${C}/pay?ids=${first.id}&paidDate=${day(-2)}`))).toBe(1);
    const paid = await detail(first.id);
    expect(paid).toMatchObject({ paidAmount: 5000, payState: PAY_STATE.paid, paidDate: today });
    expect(paid.payments.map((p: { amount: number; payMethod: number }) => [p.amount, p.payMethod])).toEqual([
      [3800, 9],
      [1200, 1],
    ]);
    await refused(post(`${C}/pay?ids=${second.id}&paidDate=${day(1)}`), 400, '缴费日期不能晚于今天');
    await data(post(`${C}/submit`, { id: second.id, payStatus: 1 }));
    expect(await detail(second.id)).toMatchObject({ paidAmount: 5000, payStatus: PAY_STATUS.paid });
  });
});

describe('payments are kept', () => {
  it('reverses one payment with a reason: the period follows, the history keeps it, it is reversed once', async () => {
    const [first] = await costsOf(await contract());
    await data(pay(payment(first.id, 3000)));
    await data(pay(payment(first.id, 2000, { paidDate: day(-3) })));
    const [older, newer] = await data(get(`${C}/payment/list?costId=${first.id}`));
    expect(older).toMatchObject({ amount: 2000, paidDate: day(-3) });
    await refused(post(`${C}/payment/reverse`, { id: newer.id }), 400, '请输入撤销原因');
    await refused(post(`${C}/payment/reverse`, { id: newer.id, reason: '长'.repeat(501) }), 400, '500');
    const after = await data(post(`${C}/payment/reverse`, { id: newer.id, reason: '  重复登记  ' }));
    expect(after).toMatchObject({ paidAmount: 2000, balance: 3000, payState: PAY_STATE.partly, paidDate: day(-3) });
    expect(after.payments.find((p: { id: string }) => p.id === newer.id)).toMatchObject({
      reversalReason: '重复登记',
      reversalUserName: '管理员',
    });
    expect(after.reversals[0]).toMatchObject({ paymentId: newer.id, paidAmount: 3000, reason: '重复登记' });
    await refused(post(`${C}/payment/reverse`, { id: newer.id, reason: '再次' }), 400, '该缴费记录已撤销');
    await refused(post(`${C}/payment/reverse`, { id: '123', reason: '无' }), 404);
    // 撤销缴费 of the period: its remaining payment reversed, one line with what it had.
    const unpaid = await data(post(`${C}/reverse`, { id: first.id, reason: '整期退回' }));
    expect(unpaid).toMatchObject({ paidAmount: null, payState: PAY_STATE.unpaid, overdue: 1 });
    expect(unpaid.payments.every((p: { reversalId: string | null }) => p.reversalId)).toBe(true);
    expect(unpaid.reversals.map((r: { reason: string }) => r.reason)).toEqual(['整期退回', '重复登记']);
    await refused(post(`${C}/reverse`, { id: first.id, reason: '再次' }), 400, '未缴费');
  });

  it('a payment is never changed or removed, nor its reversal undone, written straight', async () => {
    const [first] = await costsOf(await contract());
    await data(pay(payment(first.id, 500)));
    const [p] = await data(get(`${C}/payment/list?costId=${first.id}`));
    for (const statement of [
      'delete from property_lease_cost_payment where id = $1',
      'update property_lease_cost_payment set amount = 1 where id = $1',
      'update property_lease_cost_payment set reversal_id = 1, amount = 1 where id = $1',
    ]) {
      expect(await failure(statement, [p.id])).toMatchObject({
        code: '23514',
        constraint: 'property_lease_cost_payment_kept',
      });
    }
    await data(post(`${C}/payment/reverse`, { id: p.id, reason: '录错' }));
    expect(
      await failure('update property_lease_cost_payment set reversal_id = null where id = $1', [p.id]),
    ).toMatchObject({ constraint: 'property_lease_cost_payment_kept' });
  });

  it('a period paid in part is not removed, nor its contract', async () => {
    const id = await contract();
    const [first] = await costsOf(id);
    await data(pay(payment(first.id, 1)));
    await refused(post(`${C}/remove?ids=${first.id}`), 400, LEASE_COST_KEPT.zh);
    await refused(post(`${P}/room-contract/remove?ids=${id}`), 400, '合同已有缴费记录');
    expect(
      await failure('update property_lease_contract_cost set is_deleted = 1 where id = $1', [first.id]),
    ).toMatchObject({ code: '23514', constraint: 'property_lease_cost_kept' });
    // A change of the schedule keeps it, and generates the rest after it.
    await data(post(`${P}/room-contract/update`, { id, unitPrice: 80 }));
    const costs = await costsOf(id);
    expect(costs[0]).toMatchObject({ id: first.id, amountDue: 5000, paidAmount: 1 });
    expect(costs[1]).toMatchObject({ periodNo: 2, amountDue: 4000 });
  });

  it('only the tenant’s park staff with the edit button record or reverse; a company reads its own in the detail', async () => {
    const [first] = await costsOf(await contract());
    await refused(pay(payment(first.id, 100), otherTenant), 404);
    await refused(pay(payment(first.id, 100), company), 403);
    await refused(pay(payment(first.id, 100), clerk), 403);
    await refused(get(`${C}/payment/list?costId=${first.id}`, otherTenant), 404);
    await data(pay(payment(first.id, 100)));
    // A company account reads its own period's payments in its detail (the company fence lists the calls it makes).
    const [p] = (await data(get(`${C}/detail?id=${first.id}`, company))).payments;
    expect(p.amount).toBe(100);
    await refused(post(`${C}/payment/reverse`, { id: p.id, reason: '越权' }, otherTenant), 404);
    await refused(post(`${C}/payment/reverse`, { id: p.id, reason: '越权' }, company), 403);
    await refused(post(`${C}/payment/reverse`, { id: p.id, reason: '越权' }, clerk), 403);
    expect(await detail(first.id)).toMatchObject({ paidAmount: 100 });
  });
});

describe("a company's own payments", () => {
  it('payment/list lists its own enterprise’s payments, newest first, never another’s; the staff see the tenant’s', async () => {
    const other = (await createEnterprise(server, admin, '另一缴费企业', 'pay_company2')).id;
    const otherCompany = await login(server, 'pay_company2', 'secret1', '000000', 'web');
    const [mine] = await costsOf(await contract());
    const [theirs] = await costsOf(await contract({ enterpriseId: other }));
    const ownReceipt = `OWN-${Date.now()}`;
    const theirReceipt = `OTHER-${Date.now()}`;
    await data(pay(payment(mine.id, 300, { receiptNo: ownReceipt })));
    await data(pay(payment(theirs.id, 700, { receiptNo: theirReceipt })));
    const listed = async (token: string) =>
      (await data(get(`${C}/payment/list?size=200`, token))).records as { receiptNo: string; enterpriseName: string }[];
    const ownList = await listed(company);
    expect(ownList.map((p) => p.receiptNo)).toContain(ownReceipt);
    expect(ownList.map((p) => p.receiptNo)).not.toContain(theirReceipt);
    expect(new Set(ownList.map((p) => p.enterpriseName))).toEqual(new Set(['缴费企业']));
    expect(ownList.find((p) => p.receiptNo === ownReceipt)).toMatchObject({ amount: 300, costId: mine.id });
    const theirList = await listed(otherCompany);
    expect(theirList.map((p) => p.receiptNo)).toEqual([theirReceipt]);
    // The park's staff see both; another tenant neither.
    const all = (await listed(admin)).map((p) => p.receiptNo);
    expect(all).toEqual(expect.arrayContaining([ownReceipt, theirReceipt]));
    expect((await listed(otherTenant)).map((p) => p.receiptNo)).not.toContain(ownReceipt);
    // A period of another enterprise is not the company's to list.
    await refused(get(`${C}/payment/list?costId=${theirs.id}`, company), 404);
    expect(
      (await data(get(`${C}/payment/list?costId=${mine.id}`, company))).map((p: { receiptNo: string }) => p.receiptNo),
    ).toEqual([ownReceipt]);
  });
});

describe('deposits', () => {
  it('billed once with the contract as its own row, due on signing; follows the contract while unpaid', async () => {
    const id = await contract({ deposit: 3000, signDate: day(-75) });
    const deposits = (await costsOf(id)).filter((c) => c.costKind === COST_KIND.deposit);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ periodNo: 0, amountDue: 3000, dueDate: day(-75), rentAmount: 0, overdue: 1 });
    // Changed while unpaid: still one, at the new amount.
    await data(post(`${P}/room-contract/update`, { id, deposit: 4000 }));
    let now = (await costsOf(id)).filter((c) => c.costKind === COST_KIND.deposit);
    expect(now.map((c) => c.amountDue)).toEqual([4000]);
    // Paid in part: kept as it is through a change of the schedule, still one.
    await data(pay(payment(now[0].id, 1500, { payMethod: 2 })));
    await data(post(`${P}/room-contract/update`, { id, endDate: day(49), deposit: 5000 }));
    now = (await costsOf(id)).filter((c) => c.costKind === COST_KIND.deposit);
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ amountDue: 4000, paidAmount: 1500, payState: PAY_STATE.partly });
    // The rule itself: a second live deposit of a contract, written straight, is refused.
    const error = await failure(
      `insert into property_lease_contract_cost (id, tenant_id, contract_id, enterprise_id, cost_kind, period_no,
              period_start, period_end, due_date, amount_due)
       select (select max(id) from property_lease_contract_cost) + 1, tenant_id, contract_id, enterprise_id, 2, 0,
              period_start, period_end, due_date, 1
         from property_lease_contract_cost where id = $1`,
      [now[0].id],
    );
    expect(error).toMatchObject({ code: '23505', constraint: 'property_lease_cost_deposit_once' });
  });

  it('none without a deposit; a terminated contract drops its unpaid deposit', async () => {
    expect((await costsOf(await contract())).some((c) => c.costKind === COST_KIND.deposit)).toBe(false);
    const id = await contract({ deposit: 800 }, day(10), day(100));
    const [deposit] = (await costsOf(id)).filter((c) => c.costKind === COST_KIND.deposit);
    expect(deposit).toMatchObject({ amountDue: 800, dueDate: day(10), overdue: 0 });
    await data(post(`${P}/room-contract/update`, { id, leaseStatus: 1 }));
    expect(await costsOf(id)).toEqual([]);
  });
});
