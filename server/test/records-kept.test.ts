import { LEASE_COST_KEPT, ORDER_MEAL_KEPT, REPAIR_KEPT } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constraintViolationOf, KEPT_MESSAGES } from '../src/platform/constraints.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Money and audit records are never deleted (issue 34.2): a paid lease period, a finished or rated repair and a
 * written-off meal order. Two walls, each proven alone: the module's remove (with the tables' triggers switched
 * off) and migration 0172's triggers (written to straight, past the modules); a batch holding one such row
 * removes nothing. A paid period is reversed instead (撤销缴费) with a reason its history keeps, and is unpaid
 * (and overdue) again. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let clerk: string;
let payer: string;
let company: string;
let otherTenant: string;
let enterpriseId: string;

const P = '/api/blade-property';
const B = '/api/blade-dhm';
const english = { 'accept-language': 'en-US' };
const post = (url: string, payload: object = {}, token = admin, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url, token, payload, headers });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

/** Runs SQL as the tenant, as a handler would (no module's check in the way). */
const sql = (text: string, params: unknown[] = []) =>
  server.platform.db.tx('000000', (q) => q.query<Record<string, unknown>>(text, params));

/** The error a statement ends with (undefined when it succeeds). */
const failure = (text: string, params: unknown[] = []) =>
  sql(text, params).then(
    () => undefined,
    (e: unknown) => e as { code?: string; constraint?: string },
  );

const live = async (table: string, ids: string[]) =>
  (await sql(`select id::text as id from ${table} where id = any($1::bigint[]) and is_deleted = 0`, [ids])).map(
    (r) => r.id,
  );

/** Runs `work` with the table's trigger switched off: the module's wall alone. */
async function withoutTrigger(table: string, trigger: string, work: () => Promise<void>) {
  await server.platform.db.admin.exec(`alter table ${table} disable trigger ${trigger}`);
  try {
    await work();
  } finally {
    await server.platform.db.admin.exec(`alter table ${table} enable trigger ${trigger}`);
  }
}

let today: string;
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let contractId: string;
let costs: { id: string; periodNo: number; amountDue: number; dueDate: string }[];

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseId = (await createEnterprise(server, admin, '留痕企业', 'kept_company')).id;
  company = await login(server, 'kept_company', 'secret1', '000000', 'web');
  // The cost screen without its edit button (reads and deletes), and with it (pays and reverses).
  await createUserWithButtons(server, '000000', 'kept_clerk', ['lease_contract_cost', 'lease_contract_cost_delete']);
  clerk = await login(server, 'kept_clerk', 'pass');
  await createUserWithButtons(server, '000000', 'kept_payer', ['lease_contract_cost', 'lease_contract_cost_edit']);
  payer = await login(server, 'kept_payer', 'pass');
  await createTenant(server, '808080');
  otherTenant = await login(server, 'admin', 'admin', '808080');

  const floor = (await data(post(`${P}/storey/submit`, { storeyName: '留痕楼', sort: 1 }))).id;
  const office = (await data(post(`${P}/office/submit`, { officeName: 'K-101', storeyId: floor, buildArea: 50 }))).id;
  // Four monthly periods, the first three due in the past.
  contractId = (
    await data(
      post(`${P}/room-contract/save`, {
        contractNo: 'KEPT-1',
        contractType: 1,
        enterpriseId,
        officeIds: office,
        unitPrice: 100,
        payCycle: 1,
        contractRegistrationStatus: 0,
        leaseStatus: 0,
        startDate: day(-90),
        endDate: day(29),
      }),
    )
  ).id;
  costs = (await data(get(`${P}/lease-contract-cost/list?contractId_equal=${contractId}&size=100&ascs=periodStart`)))
    .records;
  expect(costs.length).toBeGreaterThanOrEqual(4);
  expect(await data(post(`${P}/lease-contract-cost/pay?ids=${costs[0].id},${costs[1].id}`))).toBe(2);
});
afterAll(() => server.close());

describe('paid lease periods', () => {
  it('refuses removing a paid period with a clear 400 in both languages', async () => {
    await refused(post(`${P}/lease-contract-cost/remove?ids=${costs[0].id}`), 400, LEASE_COST_KEPT.zh);
    expect((await post(`${P}/lease-contract-cost/remove?ids=${costs[0].id}`, {}, admin, english)).body).toMatchObject({
      code: 400,
      msg: LEASE_COST_KEPT.en,
    });
    expect(await live('property_lease_contract_cost', [costs[0].id])).toEqual([costs[0].id]);
  });

  it('removes nothing of a batch holding a paid period; an unpaid one alone goes', async () => {
    const [paid, , unpaid, last] = costs;
    await refused(
      post(`${P}/lease-contract-cost/remove?ids=${last.id},${paid.id}`, {}, clerk),
      400,
      LEASE_COST_KEPT.zh,
    );
    expect(await live('property_lease_contract_cost', [last.id, paid.id])).toHaveLength(2);
    await data(post(`${P}/lease-contract-cost/remove?ids=${last.id}`, {}, clerk));
    expect(await live('property_lease_contract_cost', [last.id, unpaid.id])).toEqual([unpaid.id]);
  });

  it('the module alone (the trigger switched off) refuses the period and the batch', async () => {
    await withoutTrigger('property_lease_contract_cost', 'property_lease_cost_kept', async () => {
      await refused(post(`${P}/lease-contract-cost/remove?ids=${costs[2].id},${costs[1].id}`), 400, LEASE_COST_KEPT.zh);
      await refused(post(`${P}/lease-contract-cost/remove?ids=${costs[1].id}`), 400, LEASE_COST_KEPT.zh);
      expect(await live('property_lease_contract_cost', [costs[1].id, costs[2].id])).toHaveLength(2);
      // Nor does the contract's removal take its paid periods with it.
      await refused(post(`${P}/room-contract/remove?ids=${contractId}`), 400, '合同已有缴费记录');
      expect(await live('property_room_contract', [contractId])).toEqual([contractId]);
    });
  });

  it('the trigger alone refuses a paid period written to straight, and the platform answers it as the 400', async () => {
    const error = await failure('update property_lease_contract_cost set is_deleted = 1 where id = any($1::bigint[])', [
      [costs[2].id, costs[0].id],
    ]);
    expect(error).toMatchObject({ code: '23514', constraint: 'property_lease_cost_kept' });
    expect(constraintViolationOf(error)?.text).toEqual(LEASE_COST_KEPT);
    // Paid and removed in one statement: refused too.
    expect(
      await failure('update property_lease_contract_cost set pay_status = 1, is_deleted = 1 where id = $1', [
        costs[2].id,
      ]),
    ).toMatchObject({ constraint: 'property_lease_cost_kept' });
    expect(await live('property_lease_contract_cost', [costs[0].id, costs[2].id])).toHaveLength(2);
    // An unpaid period passes (the contract's regeneration drops them this way); put back for what follows.
    const unpaid = [costs[2].id];
    expect(await failure('update property_lease_contract_cost set is_deleted = 1 where id = $1', unpaid)).toBe(
      undefined,
    );
    expect(await failure('update property_lease_contract_cost set is_deleted = 0 where id = $1', unpaid)).toBe(
      undefined,
    );
  });

  it('the contract of a paid period is refused with its own message; its costs stay', async () => {
    await refused(post(`${P}/room-contract/remove?ids=${contractId}`), 400, '合同已有缴费记录');
    expect((await post(`${P}/room-contract/remove?ids=${contractId}`, {}, admin, english)).body.msg).toBe(
      'The contract has paid periods and cannot be deleted: terminate it instead',
    );
    expect(await live('property_lease_contract_cost', [costs[0].id, costs[1].id])).toHaveLength(2);
  });

  it('an edit may not make a paid period unpaid (only 撤销缴费 does)', async () => {
    await refused(post(`${P}/lease-contract-cost/submit`, { id: costs[0].id, payStatus: 0 }), 400, '请使用撤销缴费');
    // Its remark may change.
    await data(post(`${P}/lease-contract-cost/submit`, { id: costs[0].id, payStatus: 1, remark: '银行转账' }));
  });

  it('reverses a payment with a reason: unpaid and overdue again, the payment kept in the history', async () => {
    const before = await data(get(`${P}/lease-contract-cost/detail?id=${costs[0].id}`));
    expect(before).toMatchObject({ payStatus: 1, overdue: 0, reversals: [] });
    const reversed = await data(
      post(`${P}/lease-contract-cost/reverse`, { id: costs[0].id, reason: '  重复缴费，款项已退回  ' }, payer),
    );
    expect(reversed).toMatchObject({ id: costs[0].id, payStatus: 0, paidAmount: null, paidDate: null, overdue: 1 });
    const after = await data(get(`${P}/lease-contract-cost/detail?id=${costs[0].id}`));
    expect(after).toMatchObject({ payStatus: 0, overdue: 1 });
    expect(after.reversals).toHaveLength(1);
    expect(after.reversals[0]).toMatchObject({
      reason: '重复缴费，款项已退回',
      paidDate: before.paidDate,
      createUserName: 'kept_payer',
    });
    expect(Number(after.reversals[0].paidAmount)).toBe(Number(before.paidAmount));
    expect(after.reversals[0].createTime).toBeTruthy();
    // The overdue filter finds it.
    const overdue = await data(get(`${P}/lease-contract-cost/page?overdue=1&contractId_equal=${contractId}&size=100`));
    expect(overdue.records.map((r: { id: string }) => r.id)).toContain(costs[0].id);
    // Unpaid now: a second reversal is refused; paid again and reversed again, the history holds both.
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: costs[0].id, reason: '再次' }), 400, '未缴费');
    await data(post(`${P}/lease-contract-cost/pay?ids=${costs[0].id}`));
    await data(post(`${P}/lease-contract-cost/reverse?id=${costs[0].id}`, { reason: '金额有误' }));
    const twice = await data(get(`${P}/lease-contract-cost/detail?id=${costs[0].id}`));
    expect(twice.reversals.map((r: { reason: string }) => r.reason)).toEqual(['金额有误', '重复缴费，款项已退回']);
  });

  it('refuses a reversal without a reason, with one too long, of an unpaid or unknown period', async () => {
    const paid = costs[1].id;
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid }), 400, '请输入撤销原因');
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '   ' }), 400, '请输入撤销原因');
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: { no: 1 } }), 400, '请输入撤销原因');
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '长'.repeat(501) }), 400, '500');
    expect((await post(`${P}/lease-contract-cost/reverse`, { id: paid }, admin, english)).body.msg).toBe(
      'Please enter the reason for the reversal',
    );
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: costs[2].id, reason: '无' }), 400, '未缴费');
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: '123', reason: '无' }), 404);
    await refused(post(`${P}/lease-contract-cost/reverse`, { reason: '无' }), 400, '缺少参数id');
    // Nothing of it reached the period or its history.
    expect(await data(get(`${P}/lease-contract-cost/detail?id=${paid}`))).toMatchObject({
      payStatus: 1,
      reversals: [],
    });
    // 500 characters exactly is enough.
    await data(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '长'.repeat(500) }));
    await data(post(`${P}/lease-contract-cost/pay?ids=${paid}`));
  });

  it('reverses only for the tenant’s park staff holding the edit button', async () => {
    const paid = costs[1].id;
    // Another tenant does not see the period; a company account writes no costs; without 编辑, no reversal.
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '越权' }, otherTenant), 404);
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '越权' }, company), 403);
    await refused(post(`${P}/lease-contract-cost/reverse`, { id: paid, reason: '越权' }, clerk), 403);
    expect((await data(get(`${P}/lease-contract-cost/detail?id=${paid}`))).payStatus).toBe(1);
    // The other tenant's removal of it removes nothing either.
    await refused(post(`${P}/lease-contract-cost/remove?ids=${paid}`, {}, otherTenant), 400);
    expect(await live('property_lease_contract_cost', [paid])).toEqual([paid]);
  });

  it('keeps the history itself: a reversal line is never changed or removed', async () => {
    const [line] = await sql('select id::text as id from property_lease_cost_reversal limit 1');
    const changed = await failure(`update property_lease_cost_reversal set reason = 'x' where id = $1`, [line.id]);
    expect(changed).toMatchObject({ code: '23514', constraint: 'property_lease_cost_reversal_kept' });
    const removed = await failure('delete from property_lease_cost_reversal where id = $1', [line.id]);
    expect(removed).toMatchObject({ code: '23514', constraint: 'property_lease_cost_reversal_kept' });
    expect(constraintViolationOf(removed)?.code).toBe(400);
  });
});

describe('finished or rated repairs', () => {
  const repairs: Record<'pending' | 'assigned' | 'finished' | 'rated' | 'cancelled', string> = {
    pending: '',
    assigned: '',
    finished: '',
    rated: '',
    cancelled: '',
  };
  beforeAll(async () => {
    const states = { pending: 0, assigned: 1, finished: 3, rated: 4, cancelled: 5 } as const;
    await server.platform.db.tx('000000', async (q) => {
      for (const [name, status] of Object.entries(states)) {
        const id = nextId();
        repairs[name as keyof typeof repairs] = id;
        await insertRows(q, 'property_repair', [
          {
            id,
            tenant_id: '000000',
            repair_no: `BXKEPT${status}`,
            fault_type: 1,
            location: `留痕-${name}`,
            description: '测试',
            contact_phone: '13800001111',
            repair_status: status,
            assignee: status === 0 || status === 5 ? null : ADMIN.userId,
            result: status >= 3 && status <= 4 ? '已修好' : null,
            rating: status === 4 ? 5 : null,
            create_user: ADMIN.userId,
          },
        ]);
      }
    });
  });

  it('refuses removing a finished or a rated repair on either screen, in both languages', async () => {
    for (const screen of ['repair', 'work-order']) {
      await refused(post(`${P}/${screen}/remove?ids=${repairs.finished}`), 400, REPAIR_KEPT.zh);
      await refused(post(`${P}/${screen}/remove?ids=${repairs.rated}`), 400, REPAIR_KEPT.zh);
    }
    expect((await post(`${P}/work-order/remove?ids=${repairs.rated}`, {}, admin, english)).body.msg).toBe(
      REPAIR_KEPT.en,
    );
    expect(await live('property_repair', [repairs.finished, repairs.rated])).toHaveLength(2);
  });

  it('removes nothing of a batch holding one; the others alone go', async () => {
    await refused(post(`${P}/work-order/remove?ids=${repairs.pending},${repairs.finished}`), 400, REPAIR_KEPT.zh);
    expect(await live('property_repair', [repairs.pending])).toEqual([repairs.pending]);
    await withoutTrigger('property_repair', 'property_repair_kept', async () => {
      await refused(post(`${P}/work-order/remove?ids=${repairs.pending},${repairs.rated}`), 400, REPAIR_KEPT.zh);
      await refused(post(`${P}/repair/remove?ids=${repairs.finished}`), 400, REPAIR_KEPT.zh);
      expect(await live('property_repair', [repairs.pending, repairs.rated, repairs.finished])).toHaveLength(3);
    });
    await data(post(`${P}/work-order/remove?ids=${repairs.pending},${repairs.cancelled}`));
    await data(post(`${P}/repair/remove?ids=${repairs.assigned}`));
    expect(await live('property_repair', [repairs.pending, repairs.cancelled, repairs.assigned])).toEqual([]);
  });

  it('the trigger alone refuses a finished, rated or rated-to-be repair written to straight', async () => {
    for (const id of [repairs.finished, repairs.rated]) {
      const error = await failure('update property_repair set is_deleted = 1 where id = $1', [id]);
      expect(error).toMatchObject({ code: '23514', constraint: 'property_repair_kept' });
      expect(constraintViolationOf(error)?.text).toEqual(REPAIR_KEPT);
    }
    const rating = await failure(
      `update property_repair set repair_status = 4, rating = 3, is_deleted = 1 where id = $1`,
      [repairs.finished],
    );
    expect(rating).toMatchObject({ constraint: 'property_repair_kept' });
    expect(await live('property_repair', [repairs.finished, repairs.rated])).toHaveLength(2);
  });
});

describe('written-off meal orders', () => {
  const orders: Record<'booked' | 'writtenOff' | 'cancelled', string> = { booked: '', writtenOff: '', cancelled: '' };
  beforeAll(async () => {
    const states = { booked: 0, writtenOff: 1, cancelled: 2 } as const;
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      for (const [name, status] of Object.entries(states)) {
        const id = nextId();
        orders[name as keyof typeof orders] = id;
        await insertRows(q, 'dhm_order_meal', [
          {
            id,
            tenant_id: '000000',
            order_no: `DC${id}`,
            meal_id: nextId(),
            category_meal_id: nextId(),
            meal_date: today,
            user_id: ADMIN.userId,
            price: 12,
            order_meal_status: status,
          },
        ]);
      }
    });
  });

  it('refuses removing a written-off order, and a batch holding one removes nothing', async () => {
    await refused(post(`${B}/order-meal/remove?ids=${orders.writtenOff}`), 400, ORDER_MEAL_KEPT.zh);
    expect((await post(`${B}/order-meal/remove?ids=${orders.writtenOff}`, {}, admin, english)).body.msg).toBe(
      ORDER_MEAL_KEPT.en,
    );
    await refused(post(`${B}/order-meal/remove?ids=${orders.booked},${orders.writtenOff}`), 400, ORDER_MEAL_KEPT.zh);
    expect(await live('dhm_order_meal', [orders.booked, orders.writtenOff])).toHaveLength(2);
  });

  it('the module alone (the trigger switched off) refuses it too', async () => {
    await withoutTrigger('dhm_order_meal', 'dhm_order_meal_kept', async () => {
      await refused(
        post(`${B}/order-meal/remove?ids=${orders.cancelled},${orders.writtenOff}`),
        400,
        ORDER_MEAL_KEPT.zh,
      );
      expect(await live('dhm_order_meal', [orders.cancelled, orders.writtenOff])).toHaveLength(2);
    });
  });

  it('the trigger alone refuses a written-off order written to straight', async () => {
    const error = await failure('update dhm_order_meal set is_deleted = 1 where id = any($1::bigint[])', [
      [orders.booked, orders.writtenOff],
    ]);
    expect(error).toMatchObject({ code: '23514', constraint: 'dhm_order_meal_kept' });
    expect(constraintViolationOf(error)?.text).toEqual(ORDER_MEAL_KEPT);
    expect(await live('dhm_order_meal', [orders.booked, orders.writtenOff])).toHaveLength(2);
  });

  it('removes booked and cancelled orders', async () => {
    await data(post(`${B}/order-meal/remove?ids=${orders.booked},${orders.cancelled}`));
    expect(await live('dhm_order_meal', [orders.booked, orders.cancelled, orders.writtenOff])).toEqual([
      orders.writtenOff,
    ]);
  });
});

describe('the triggers', () => {
  it('are there under the names the platform answers', async () => {
    const names = [...KEPT_MESSAGES.keys()];
    const found = await server.platform.db.admin.query<{ name: string }>(
      'select tgname as name from pg_trigger where tgname = any($1) and not tgisinternal',
      [names],
    );
    expect(found.map((r) => r.name).sort()).toEqual(names.sort());
  });
});
