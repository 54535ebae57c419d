import { EXPIRING_DAYS } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/**
 * Vacancy of offices and rooms (issue 34.5): each unit's occupant (the enterprise of the contract holding it
 * today) and its vacancy (空置 / 已租 / 即将到期), the list narrowed to one vacancy in SQL (its total with it),
 * and the contract form's picker told which units are free over the contract's dates (the one being edited
 * not counted against itself). A company account reads none of it.
 * Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let company: string;
let enterpriseA: string;
let enterpriseB: string;
let today: string;

const P = '/api/blade-property';
const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Office name → id: V-LEASED, V-EXPIRING, V-FOLLOWED (expiring lease, then another), V-VACANT, V-FUTURE, V-ENDED. */
const office: Record<string, string> = {};
let room: string;
let seq = 0;

const contract = (type: 1 | 2, units: string[], start: number, end: number, enterpriseId = enterpriseA) =>
  data(
    post(`${P}/room-contract/save`, {
      contractNo: `VAC-${++seq}`,
      contractType: type,
      enterpriseId,
      [type === 1 ? 'officeIds' : 'roomIds']: units.join(','),
      startDate: day(start),
      endDate: day(end),
      unitPrice: 50,
      payCycle: 1,
      contractRegistrationStatus: 0,
      leaseStatus: 0,
    }),
  );

type Unit = { officeName: string; free?: boolean } & Record<string, unknown>;
const byName = (rows: Unit[]) => new Map(rows.map((r) => [r.officeName, r]));
const ours = (rows: Unit[]) => rows.filter((r) => r.officeName.startsWith('V-'));

let endedContract: string;
let futureContract: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseA = (await createEnterprise(server, admin, '甲空置企业', 'vac_company_a')).id;
  enterpriseB = (await createEnterprise(server, admin, '乙空置企业', 'vac_company_b')).id;
  company = await login(server, 'vac_company_b', 'secret1', '000000', 'web');
  const building = (await data(post(`${P}/storey/submit`, { storeyName: 'V座', sort: 1 }))).id;
  const floor = (await data(post(`${P}/storey/submit`, { storeyName: 'V座1层', parentId: building, sort: 1 }))).id;
  for (const name of ['V-LEASED', 'V-EXPIRING', 'V-FOLLOWED', 'V-VACANT', 'V-FUTURE', 'V-ENDED']) {
    office[name] = (await data(post(`${P}/office/submit`, { officeName: name, storeyId: floor, buildArea: 50 }))).id;
  }
  room = (await data(post(`${P}/room/submit`, { roomName: 'V-R1', storeyId: floor, buildArea: 20 }))).id;
  await contract(1, [office['V-LEASED']], -30, 365);
  await contract(1, [office['V-EXPIRING']], -30, EXPIRING_DAYS - 1, enterpriseB);
  await contract(1, [office['V-FOLLOWED']], -30, 5);
  await contract(1, [office['V-FOLLOWED']], 6, 400);
  futureContract = (await contract(1, [office['V-FUTURE']], 10, 100)).id;
  endedContract = (await contract(1, [office['V-ENDED']], -30, 300)).id;
  // Terminated: it holds nothing any more.
  await data(post(`${P}/room-contract/update`, { id: endedContract, leaseStatus: 1 }));
  await contract(2, [room], -1, 1);
});
afterAll(() => server.close());

describe('occupant and vacancy of each unit', () => {
  it('tells each office its vacancy and the occupant of the contract holding it today', async () => {
    const page = await data(get(`${P}/office/page?officeName=V-&size=50`));
    const rows = byName(page.records);
    expect(rows.get('V-LEASED')).toMatchObject({ vacancy: 'leased', leased: true, enterpriseName: '甲空置企业' });
    expect(rows.get('V-LEASED')?.contractNo).toMatch(/^VAC-/);
    expect(rows.get('V-LEASED')?.leaseEnd).toBe(day(365));
    expect(rows.get('V-EXPIRING')).toMatchObject({ vacancy: 'expiring', enterpriseName: '乙空置企业' });
    // Its lease runs out within the window, but the next contract takes over: still leased.
    expect(rows.get('V-FOLLOWED')).toMatchObject({ vacancy: 'leased', leaseEnd: day(5) });
    expect(rows.get('V-VACANT')).toMatchObject({ vacancy: 'vacant', leased: false, enterpriseName: null });
    // A contract that starts later does not hold the office today.
    expect(rows.get('V-FUTURE')).toMatchObject({ vacancy: 'vacant', enterpriseId: null });
    expect(rows.get('V-ENDED')).toMatchObject({ vacancy: 'vacant', contractId: null });
  });

  it('narrows the list to one vacancy in SQL, with its total', async () => {
    const names = async (vacancy: string) => {
      const page = await data(get(`${P}/office/page?officeName=V-&size=2&vacancy=${vacancy}`));
      const all = await data(get(`${P}/office/list?officeName=V-&size=50&vacancy=${vacancy}`));
      expect(page.total).toBe(all.records.length);
      return ours(all.records)
        .map((r: { officeName: string }) => r.officeName)
        .sort();
    };
    expect(await names('vacant')).toEqual(['V-ENDED', 'V-FUTURE', 'V-VACANT']);
    expect(await names('leased')).toEqual(['V-FOLLOWED', 'V-LEASED']);
    expect(await names('expiring')).toEqual(['V-EXPIRING']);
    const rooms = await data(get(`${P}/room/page?roomName=V-R&vacancy=expiring`));
    expect(rooms.records.map((r: { roomName: string }) => r.roomName)).toEqual(['V-R1']);
  });

  it('refuses a vacancy it does not know', async () => {
    await refused(get(`${P}/office/page?vacancy=free`), 400, '空置状态无效');
    await refused(get(`${P}/office/page?vacancy=vacant&vacancy=leased`), 400, '空置状态无效');
    await refused(get(`${P}/room/select?vacancy=1`), 400, '空置状态无效');
  });

  it("is not a company account's to read: the unit lists are park staff's", async () => {
    await refused(get(`${P}/office/select?officeName=V-`, company), 403);
    await refused(get(`${P}/room/page`, company), 403);
  });
});

describe("the contract form's free units", () => {
  const free = async (query: string) => {
    const rows = await data(get(`${P}/office/select?officeName=V-&${query}`));
    return ours(rows)
      .filter((r) => r.free)
      .map((r: { officeName: string }) => r.officeName)
      .sort();
  };

  it('offers only the offices no other live contract holds on any day of the dates', async () => {
    expect(await free(`startDate=${day(0)}&endDate=${day(9)}`)).toEqual(['V-ENDED', 'V-FUTURE', 'V-VACANT']);
    // From day 10 on the future contract holds V-FUTURE.
    expect(await free(`startDate=${day(0)}&endDate=${day(10)}`)).toEqual(['V-ENDED', 'V-VACANT']);
    // After the expiring lease, before anything else: V-EXPIRING is free again.
    expect(await free(`startDate=${day(EXPIRING_DAYS)}&endDate=${day(60)}`)).toEqual([
      'V-ENDED',
      'V-EXPIRING',
      'V-VACANT',
    ]);
    // Without the dates every unit is offered.
    expect((await free('')).length).toBe(6);
  });

  it('counts the contract being edited as no obstacle to itself', async () => {
    const dates = `startDate=${day(20)}&endDate=${day(90)}`;
    expect(await free(dates)).not.toContain('V-FUTURE');
    expect(await free(`${dates}&contractId=${futureContract}`)).toContain('V-FUTURE');
  });

  it('agrees with the save: a unit it calls taken is refused, one it calls free is saved', async () => {
    const taken = post(`${P}/room-contract/save`, {
      contractNo: `VAC-${++seq}`,
      contractType: 1,
      enterpriseId: enterpriseA,
      officeIds: office['V-FUTURE'],
      startDate: day(0),
      endDate: day(10),
      unitPrice: 50,
      payCycle: 1,
      contractRegistrationStatus: 0,
      leaseStatus: 0,
    });
    await refused(taken, 400, '该办公室在所选日期已有合同');
    await contract(1, [office['V-FUTURE']], 0, 9);
    expect(await free(`startDate=${day(0)}&endDate=${day(9)}`)).toEqual(['V-ENDED', 'V-VACANT']);
  });

  it('refuses dates that are not dates and a contract id that is not one', async () => {
    await refused(get(`${P}/office/select?startDate=2024-02-30&endDate=2024-03-01`), 400, '租赁日期');
    await refused(get(`${P}/office/select?startDate=tomorrow&endDate=2024-03-01`), 400, '租赁日期');
    await refused(get(`${P}/room/select?startDate=2024-03-01&endDate=2024-03-02&contractId=x1`), 400);
  });
});
