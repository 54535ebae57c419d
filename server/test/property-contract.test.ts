import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * Property (blade-property): buildings and floors as a tree, offices and rooms, lease contracts and the costs
 * they generate. The rules held whatever the client sends: two live contracts never cover one unit over
 * overlapping dates (20 saves at once: one wins), a terminated or removed contract blocks nothing, costs are
 * generated and regenerated keeping paid periods, overdue is computed, the enterprise's office number and
 * dates follow its contracts, and a company account reads its own enterprise's contracts and costs only.
 * Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let company: string;
let staff: string;
let enterpriseA: string;
let enterpriseB: string;

const P = '/api/blade-property';
const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

async function data(res: Promise<{ body: { code: number; data: unknown } }>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

let today: string;
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let building: string;
let floor1: string;
let floor2: string;
const offices: string[] = [];
let roomA: string;
let seq = 0;

const contract = (body: object, token = admin) =>
  post(
    `${P}/room-contract/save`,
    {
      contractNo: `HT-${++seq}`,
      contractType: 1,
      enterpriseId: enterpriseA,
      unitPrice: 100,
      payCycle: 1,
      contractRegistrationStatus: 0,
      leaseStatus: 0,
      ...body,
    },
    token,
  );

const costsOf = async (contractId: string, token = admin) =>
  (await data(get(`${P}/lease-contract-cost/list?contractId_equal=${contractId}&size=100&ascs=periodStart`, token)))
    .records;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseA = (await createEnterprise(server, admin, '甲物业企业', 'prop_company_a')).id;
  enterpriseB = (await createEnterprise(server, admin, '乙物业企业', 'prop_company_b')).id;
  // The company role reads the contract and cost screens by default; given their write buttons too, it
  // still writes nothing.
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    const [{ role }] = await q.query<{ role: string }>(
      `select role_id::text as role from blade_user where account = 'prop_company_a' and tenant_id = '000000'`,
    );
    const menus = await q.query<{ id: string }>(
      `select id from blade_menu where code in ('room_contract_add', 'lease_contract_cost_edit')`,
    );
    await insertRows(
      q,
      'blade_role_menu',
      menus.map((m) => ({ id: nextId(), menu_id: m.id, role_id: role })),
    );
  });
  company = await login(server, 'prop_company_a', 'secret1', '000000', 'web');
  await createUserWithButtons(server, '000000', 'prop_clerk', [
    'office_contract',
    'office_contract_add',
    'office_contract_edit',
  ]);
  staff = await login(server, 'prop_clerk', 'pass');

  building = (await data(post(`${P}/storey/submit`, { storeyName: 'A座', sort: 1 }))).id;
  floor1 = (await data(post(`${P}/storey/submit`, { storeyName: 'A座1层', parentId: building, sort: 1 }))).id;
  floor2 = (await data(post(`${P}/storey/submit`, { storeyName: 'A座2层', parentId: building, sort: 2 }))).id;
  for (const [name, area] of [
    ['A-101', '100.5'],
    ['A-102', '80.25'],
    ['A-201', '60'],
  ] as const) {
    offices.push(
      (
        await data(
          post(`${P}/office/submit`, { officeName: name, storeyId: name < 'A-2' ? floor1 : floor2, buildArea: area }),
        )
      ).id,
    );
  }
  roomA = (await data(post(`${P}/room/submit`, { roomName: 'R-1', storeyId: floor1, buildArea: 30 }))).id;
});
afterAll(() => server.close());

describe('buildings, floors, offices and rooms', () => {
  it('answers the storey tree, one lazy level and the select; a floor is typed as one', async () => {
    const tree = await data(get(`${P}/storey/tree?tenantId=000000`));
    const a = tree.find((n: { id: string }) => n.id === building);
    expect(a).toMatchObject({ title: 'A座', hasChildren: true });
    expect(a.children.map((c: { title: string }) => c.title)).toEqual(['A座1层', 'A座2层']);
    const level = await data(get(`${P}/storey/lazy-list?parentId=${building}`));
    expect(level.map((r: { storeyName: string }) => r.storeyName)).toEqual(['A座1层', 'A座2层']);
    expect(level[0]).toMatchObject({ storeyType: 2, hasChildren: false });
    const roots = await data(get(`${P}/storey/select?parentId=0`));
    expect(roots.find((r: { id: string }) => r.id === building)).toMatchObject({ storeyType: 1 });
    // A floor with offices is not removed; a cycle is refused.
    expect((await post(`${P}/storey/remove?ids=${floor1}`)).body.code).toBe(400);
    expect((await post(`${P}/storey/submit`, { id: building, parentId: floor1 })).body.code).toBe(400);
  });

  it('pages and selects offices, sums their building area in SQL, lists a floor’s rooms', async () => {
    const page = await data(get(`${P}/office/page?storeyId=${floor1}`));
    expect(page.records.map((r: { officeName: string }) => r.officeName).sort()).toEqual(['A-101', 'A-102']);
    expect(page.records[0]).toMatchObject({ leased: false });
    expect((await data(get(`${P}/office/select?storeyId=${floor2}`))).length).toBe(1);
    expect(await data(get(`${P}/office/calcBuildArea?ids=${offices[0]},${offices[1]}`))).toBe(180.75);
    expect((await get(`${P}/office/calcBuildArea?ids=abc`)).body.code).toBe(400);
    const rooms = await data(get(`${P}/room/page?storeyId=${floor1}`));
    expect(rooms.records.map((r: { roomName: string }) => r.roomName)).toEqual(['R-1']);
    expect((await post(`${P}/office/submit`, { officeName: 'X', storeyId: '123', buildArea: 1 })).body.code).toBe(400);
  });
});

describe('lease contracts', () => {
  it('refuses bad input with a 400 and a clear message', async () => {
    const cases: [object, string][] = [
      [{ officeIds: offices[0], startDate: day(0), endDate: day(-1) }, '结束日期不能早于开始日期'],
      [{ startDate: day(0), endDate: day(30) }, '请选择办公室'],
      [{ officeIds: '999', startDate: day(0), endDate: day(30) }, '所选办公室不存在'],
      [{ officeIds: 'abc,1', startDate: day(0), endDate: day(30) }, '所选办公室不存在'],
      [{ officeIds: offices[0], roomIds: roomA, startDate: day(0), endDate: day(30) }, '办公室合同不能包含房间'],
      [{ officeIds: offices[0], startDate: day(0), endDate: day(30), unitPrice: -1 }, '租金单价(元/㎡/月)不能小于0'],
      [{ officeIds: offices[0], startDate: day(0), endDate: day(30), contractType: 9 }, '请选择合同类型'],
      [{ officeIds: offices[0], startDate: 'soon', endDate: day(30) }, '开始日期格式应为yyyy-MM-dd'],
      [{ officeIds: offices[0], startDate: day(0), endDate: day(30), enterpriseId: '12345' }, '所属企业不存在'],
    ];
    for (const [body, msg] of cases) {
      const res = await contract(body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const en = await server.call({
      method: 'POST',
      url: `${P}/room-contract/save`,
      token: admin,
      headers: { 'accept-language': 'en-US' },
      payload: {
        contractNo: 'EN-1',
        contractType: 1,
        enterpriseId: enterpriseA,
        unitPrice: 1,
        payCycle: 1,
        contractRegistrationStatus: 0,
        leaseStatus: 0,
        startDate: day(0),
        endDate: day(1),
      },
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'Please select the offices' });
  });

  let first: string;
  it('saves a contract: area, rent, costs per month, the enterprise follows it', async () => {
    const saved = await data(
      contract({
        officeIds: `${offices[1]},${offices[0]}`,
        startDate: '2025-01-15',
        endDate: '2025-04-14',
        feePrice: 10,
      }),
    );
    first = saved.id;
    expect(saved).toMatchObject({
      contractType: 1,
      officeIds: `${offices[0]},${offices[1]}`,
      unitNames: 'A-101, A-102',
      leaseArea: 180.75,
      monthlyRent: 18075,
      monthlyFee: 1807.5,
    });
    const costs = await costsOf(first);
    expect(costs.map((c: Record<string, unknown>) => [c.periodNo, c.periodStart, c.periodEnd, c.amountDue])).toEqual([
      [1, '2025-01-15', '2025-02-14', 19882.5],
      [2, '2025-02-15', '2025-03-14', 19882.5],
      [3, '2025-03-15', '2025-04-14', 19882.5],
    ]);
    // Due on each period's first day, long past and unpaid: overdue.
    expect(costs.every((c: { overdue: number; dueDate: string }) => c.overdue === 1 && c.dueDate < today)).toBe(true);
    const e = await data(get(`/api/blade-crm/enterprise/detail?id=${enterpriseA}`));
    expect(e).toMatchObject({ entryDate: '2025-01-15', dueDate: '2025-04-14' });
    // Ended: no office number left.
    expect(e.officeNumber).toBeNull();
    // The named reads.
    expect((await data(get(`${P}/room-contract/select-by-id?contractId=${first}`))).units).toHaveLength(2);
    expect(
      (await data(get(`${P}/room-contract/select-by-enterprise?enterpriseId=${enterpriseA}`))).map(
        (c: { id: string }) => c.id,
      ),
    ).toContain(first);
    expect((await data(get(`${P}/room-contract/select`))).map((c: { id: string }) => c.id)).toContain(first);
  });

  it('pays a period, regenerates the rest on a change of dates and price, keeping what was paid', async () => {
    const [p1] = await costsOf(first);
    expect(await data(post(`${P}/lease-contract-cost/pay?ids=${p1.id}&paidDate=2025-01-16`))).toBe(1);
    expect((await post(`${P}/lease-contract-cost/pay?ids=${p1.id}`)).body.code).toBe(400);
    await data(post(`${P}/room-contract/update`, { id: first, endDate: '2025-05-31', unitPrice: 50 }));
    const costs = await costsOf(first);
    expect(
      costs.map((c: Record<string, unknown>) => [c.periodNo, c.periodStart, c.periodEnd, c.payStatus, c.amountDue]),
    ).toEqual([
      [1, '2025-01-15', '2025-02-14', 1, 19882.5],
      [2, '2025-02-15', '2025-03-14', 0, 10845],
      [3, '2025-03-15', '2025-04-14', 0, 10845],
      [4, '2025-04-15', '2025-05-14', 0, 10845],
      // The last period's share of a full one: 17 of 31 days (rent 4,956.05 and fee 991.21).
      [5, '2025-05-15', '2025-05-31', 0, 5947.26],
    ]);
    expect(costs[0]).toMatchObject({ paidAmount: 19882.5, paidDate: '2025-01-16', overdue: 0 });
    const overdue = await data(get(`${P}/lease-contract-cost/page?contractId_equal=${first}&overdue=1`));
    expect(overdue.total).toBe(4);
    // A cost is generated, never typed.
    expect((await post(`${P}/lease-contract-cost/submit`, { contractId: first, amountDue: 1 })).body.code).toBe(400);
    // An update that changes nothing of the schedule keeps the rows as they are.
    await data(post(`${P}/room-contract/update`, { id: first, remark: '备注' }));
    expect((await costsOf(first)).map((c: { id: string }) => c.id)).toEqual(costs.map((c: { id: string }) => c.id));
  });

  it('never lets two live contracts cover one office over overlapping dates; terminated or removed ones do not block', async () => {
    const clash = await contract({ officeIds: offices[0], startDate: '2025-05-31', endDate: '2025-06-30' });
    expect(clash.status).toBe(400);
    expect(clash.body.msg).toContain('该办公室在所选日期已有合同');
    // The next day is free, and another office on the same dates too.
    const next = await data(contract({ officeIds: offices[0], startDate: '2025-06-01', endDate: '2025-06-30' }));
    await data(contract({ officeIds: offices[2], startDate: '2025-05-01', endDate: '2025-05-31' }));
    // Terminated: its office is free again.
    await data(post(`${P}/room-contract/update`, { id: next.id, leaseStatus: 1 }));
    expect(await costsOf(next.id)).toEqual([]);
    const again = await data(contract({ officeIds: offices[0], startDate: '2025-06-10', endDate: '2025-06-20' }));
    // Removed: the same.
    await data(post(`${P}/room-contract/remove?ids=${again.id}`));
    expect(await costsOf(again.id)).toEqual([]);
    await data(contract({ officeIds: offices[0], startDate: '2025-06-10', endDate: '2025-06-20' }));
    // An update may not move a contract onto another's dates either.
    const moved = await post(`${P}/room-contract/update`, { id: first, endDate: '2025-06-15' });
    expect(moved.body).toMatchObject({ code: 400 });
    expect(moved.body.msg).toContain('该办公室在所选日期已有合同');
  });

  it('20 concurrent saves for one office over overlapping dates: exactly one succeeds', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        contract({ officeIds: offices[1], startDate: day(100 + i), endDate: day(200 + i) }),
      ),
    );
    const won = answers.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toContain('该办公室在所选日期已有合同');
    }
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from property_contract_unit where unit_id = $1 and start_date >= $2::date`,
        [offices[1], day(100)],
      ),
    );
    expect(n).toBe(1);
    // The database itself refuses it, whatever code writes: a raw overlapping row breaks the constraint.
    const raw = server.platform.db.tx('000000', (q) =>
      q.query(
        `insert into property_contract_unit (id, tenant_id, contract_id, unit_type, unit_id, start_date, end_date)
         values ($1, '000000', $2, 1, $3, $4::date, $4::date)`,
        [nextId(), nextId(), offices[1], day(150)],
      ),
    );
    await expect(raw).rejects.toMatchObject({ code: '23P01' });
    // The office contract's own buttons let a clerk write it; a room contract needs the room buttons.
    await data(contract({ officeIds: offices[2], startDate: day(400), endDate: day(430) }, staff));
    expect(
      (await contract({ contractType: 2, roomIds: roomA, startDate: day(400), endDate: day(430) }, staff)).status,
    ).toBe(403);
  });

  it('rooms: detail by roomId is the contract holding it; the enterprise office number follows live contracts', async () => {
    const held = await data(
      contract({ contractType: 2, roomIds: roomA, enterpriseId: enterpriseB, startDate: day(-10), endDate: day(300) }),
    );
    expect(held).toMatchObject({ unitNames: 'R-1', contractType: 2 });
    expect(
      (
        await contract({
          contractType: 2,
          roomIds: roomA,
          enterpriseId: enterpriseA,
          startDate: day(5),
          endDate: day(6),
        })
      ).body.msg,
    ).toContain('该房间在所选日期已有合同');
    expect(await data(get(`${P}/room-contract/detail?roomId=${roomA}`))).toMatchObject({ id: held.id });
    expect((await get(`${P}/room-contract/detail`)).body.code).toBe(400);
    const e = await data(get(`/api/blade-crm/enterprise/detail?id=${enterpriseB}`));
    expect(e).toMatchObject({ officeNumber: 'R-1', entryDate: day(-10), dueDate: day(300) });
    // The office page says who holds the room's counterpart today (none here); the room's page does.
    expect((await data(get(`${P}/room/page?roomName=R-1`))).records[0]).toMatchObject({
      leased: true,
      enterpriseId: enterpriseB,
    });
    // Moved to another enterprise: both follow.
    await data(post(`${P}/room-contract/update`, { id: held.id, enterpriseId: enterpriseA }));
    expect((await data(get(`/api/blade-crm/enterprise/detail?id=${enterpriseB}`))).officeNumber).toBeNull();
    expect((await data(get(`/api/blade-crm/enterprise/detail?id=${enterpriseA}`))).officeNumber).toContain('R-1');
    await data(post(`${P}/room-contract/update`, { id: held.id, enterpriseId: enterpriseB }));
  });

  it('a company account reads only its own enterprise’s contracts and costs, and writes none', async () => {
    const mine = await data(get(`${P}/room-contract/page?size=100`, company));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.records.every((r: { enterpriseId: string }) => r.enterpriseId === enterpriseA)).toBe(true);
    const costs = await data(get(`${P}/lease-contract-cost/page?size=100`, company));
    expect(costs.total).toBeGreaterThan(0);
    expect(costs.records.every((r: { enterpriseId: string }) => r.enterpriseId === enterpriseA)).toBe(true);
    const others = await data(get(`${P}/room-contract/select-by-enterprise?enterpriseId=${enterpriseB}`, company));
    expect(others).toEqual([]);
    const bRoom = await data(get(`${P}/room-contract/detail?roomId=${roomA}`));
    expect((await get(`${P}/room-contract/detail?id=${bRoom.id}`, company)).status).toBe(404);
    expect((await contract({ officeIds: offices[2], startDate: day(500), endDate: day(510) }, company)).status).toBe(
      403,
    );
    const [cost] = costs.records;
    expect((await post(`${P}/lease-contract-cost/pay?ids=${cost.id}`, {}, company)).status).toBe(403);
    expect((await post(`${P}/lease-contract-cost/submit`, { id: cost.id, remark: 'x' }, company)).status).toBe(403);
    // Reaches no other property call at all.
    expect((await get(`${P}/office/page`, company)).status).toBe(403);
  });

  it('exports the costs with the overdue column', async () => {
    const { headers, values } = await exportSheet(server, admin, 'blade-property/lease-contract-cost', 'overdue=1');
    expect(headers).toContain('是否逾期');
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v.是否逾期 === '是')).toBe(true);
  });
});
