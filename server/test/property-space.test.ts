import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { exportSheet } from './exports.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * 公共空间 (blade-property/public-space): the spaces and their config, and the reservations' rules held whatever the
 * client sends: inside the opening hours, on the slots, not in the past, within the days ahead; no two live
 * reservations of one space overlap (50 at once for one slot: exactly one wins, by the database's exclusion
 * constraint); cancelled by the owner (or the park's space staff) only; a company account sees another
 * enterprise's reservations only as booked. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let companyA: string;
let companyB: string;
let clerk: string;
let enterpriseA: string;

const P = '/api/blade-property/public-space';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = admin, payload?: unknown) =>
  server.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const post = (url: string, payload: unknown = {}, token = admin) => call('POST', url, token, payload);
const get = (url: string, token = admin) => call('GET', url, token);

let today: string;
const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let room: string;
let hall: string;

const reserve = (body: object, token = admin) =>
  post(
    `${P}/reserve`,
    { spaceId: room, reserveDate: day(1), startTime: '10:00', endTime: '11:00', subject: '周会', ...body },
    token,
  );

const records = async (spaceId: string, token = admin, extra = '') =>
  (
    await data(
      get(`${P}/reserveRecord?spaceId=${spaceId}&startDate=${day(-1)}&endDate=${day(20)}&size=100${extra}`, token),
    )
  ).records;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  enterpriseA = (await createEnterprise(server, admin, '甲空间企业', 'space_company_a')).id;
  await createEnterprise(server, admin, '乙空间企业', 'space_company_b');
  companyA = await login(server, 'space_company_a', 'secret1', '000000', 'web');
  companyB = await login(server, 'space_company_b', 'secret1', '000000', 'web');
  // Park staff who may open the screen and book, but not manage the spaces.
  await createUserWithButtons(server, '000000', 'sp_clerk', ['public_space', 'public_space_view']);
  clerk = await login(server, 'sp_clerk', 'pass');

  room = (
    await data(
      post(`${P}/save`, { spaceName: '测试会议室', spaceType: 1, location: 'A座5层', capacity: 12, enabled: 1 }),
    )
  ).id;
  hall = (await data(post(`${P}/submit`, { spaceName: '测试大厅', spaceType: 2, capacity: 100, enabled: 1 }))).id;
  await data(
    call('PUT', `${P}/config`, admin, {
      id: room,
      openTime: '08:00',
      closeTime: '20:00',
      slotMinutes: 60,
      bookDays: 14,
    }),
  );
});
afterAll(() => server.close());

describe('spaces and their config', () => {
  it('saves a space with the default config, reads it back and lists it', async () => {
    const row = await data(get(`${P}/detail?id=${hall}`));
    expect(row).toMatchObject({ spaceName: '测试大厅', spaceType: 2, openTime: '08:00', closeTime: '18:00' });
    expect(row.slotMinutes).toBe(60);
    expect(row.bookDays).toBe(7);
    const page = await data(get(`${P}/page?spaceName=测试&size=10`));
    expect(page.records.map((r: { id: string }) => r.id).sort()).toEqual([room, hall].sort());
    // The config is not the form's: submit leaves it as it is.
    await data(post(`${P}/submit`, { id: hall, closeTime: '23:00', capacity: 120 }));
    expect((await data(get(`${P}/detail?id=${hall}`))).closeTime).toBe('18:00');
  });

  it('PUT config sets the config and refuses a bad one with the reason', async () => {
    const set = (body: object, token = admin) =>
      call('PUT', `${P}/config`, token, {
        id: hall,
        openTime: '09:00',
        closeTime: '21:00',
        slotMinutes: 120,
        bookDays: 30,
        ...body,
      });
    expect(await data(set({}))).toMatchObject({
      openTime: '09:00',
      closeTime: '21:00',
      slotMinutes: 120,
      bookDays: 30,
    });
    await refused(set({ openTime: '21:00', closeTime: '09:00' }), 400, '开放时间必须早于关闭时间');
    await refused(set({ openTime: '10:00', closeTime: '10:00' }), 400, '开放时间必须早于关闭时间');
    await refused(set({ openTime: '25:00' }), 400, '开放时间');
    await refused(set({ closeTime: '9:00' }), 400, '关闭时间');
    await refused(set({ slotMinutes: 7 }), 400, '时段长度');
    await refused(set({ slotMinutes: 0 }), 400, '时段长度');
    await refused(set({ slotMinutes: 'x' }), 400, '时段长度');
    await refused(set({ slotMinutes: 52 }), 400, '5分钟');
    // 45-minute slots do not fill 09:00-20:00 (11 hours) exactly.
    await refused(set({ closeTime: '20:00', slotMinutes: 45 }), 400, '整数倍');
    await refused(set({ bookDays: 0 }), 400, '提前预约天数');
    await refused(set({ bookDays: 91 }), 400, '提前预约天数');
    await refused(set({ id: undefined }), 400, '缺少参数id');
    await refused(set({ id: '1123598821738675299' }), 404, '公共空间不存在');
    await refused(call('PUT', `${P}/config`, admin, [1, 2]), 400, 'JSON');
    // Up to midnight is a closing time.
    expect((await data(set({ openTime: '00:00', closeTime: '24:00', slotMinutes: 240 }))).closeTime).toBe('24:00');
    // The space's staff set it; a clerk who only books may not, a company account never.
    expect((await set({}, clerk)).body.code).toBe(403);
    expect((await set({}, companyA)).body.code).toBe(403);
    // English when asked.
    const en = await server.call({
      method: 'PUT',
      url: `${P}/config`,
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: { id: hall, openTime: '18:00', closeTime: '08:00', slotMinutes: 60, bookDays: 7 },
    });
    expect(en.body.msg).toBe('The opening time must be before the closing time');
    await data(set({}));
  });

  it('a company account reads the enabled spaces and changes none', async () => {
    const off = (await data(post(`${P}/save`, { spaceName: '测试停用空间', spaceType: 3, enabled: 0 }))).id;
    const ids = (await data(get(`${P}/page?spaceName=测试&size=10`, companyA))).records.map(
      (r: { id: string }) => r.id,
    );
    expect(ids).toContain(room);
    expect(ids).not.toContain(off);
    expect((await get(`${P}/detail?id=${off}`, companyA)).body.code).toBe(404);
    expect((await post(`${P}/submit`, { id: room, capacity: 1 }, companyA)).body.code).toBe(403);
    expect((await post(`${P}/save`, { spaceName: 'x', spaceType: 1, enabled: 1 }, companyA)).body.code).toBe(403);
    expect((await post(`${P}/remove?ids=${room}`, {}, companyA)).body.code).toBe(403);
    expect((await get(`${P}/export?ids=${room}`, companyA)).status).toBe(403);
    // A disabled space is not booked, even by the park.
    await refused(reserve({ spaceId: off }), 400, '未启用');
    await refused(reserve({ spaceId: off }, companyA), 404, '公共空间不存在');
  });
});

describe('reservations', () => {
  it('lie inside the opening hours, on the slots, in the future and within the days ahead', async () => {
    await refused(reserve({ startTime: '07:00', endTime: '08:00' }), 400, '开放时间08:00-20:00');
    await refused(reserve({ startTime: '19:00', endTime: '21:00' }), 400, '开放时间');
    await refused(reserve({ startTime: '10:30', endTime: '11:30' }), 400, '60分钟的时段');
    await refused(reserve({ startTime: '10:00', endTime: '10:30' }), 400, '60分钟的时段');
    await refused(reserve({ reserveDate: day(-1) }), 400, '已经过去');
    await refused(reserve({ reserveDate: day(15) }), 400, '最多只能提前14天');
    await refused(reserve({ startTime: '11:00', endTime: '10:00' }), 400, '结束时间必须晚于开始时间');
    await refused(reserve({ reserveDate: '2030-02-30' }), 400, '预约日期');
    await refused(reserve({ startTime: '24:00', endTime: '24:00' }), 400, '开始时间');
    await refused(reserve({ subject: '  ' }), 400, '预约主题');
    await refused(reserve({ subject: 'a\u0000b' }), 400, '空字符');
    await refused(reserve({ subject: 'x'.repeat(101) }), 400, '预约主题');
    await refused(reserve({ spaceId: 'x' }), 400, '编号无效');
    await refused(reserve({ spaceId: '1123598821738675299' }), 404, '公共空间不存在');
    // The last day of the window is open.
    const last = await data(
      reserve({ reserveDate: day(14), startTime: '19:00', endTime: '20:00', subject: '窗口末日' }),
    );
    expect(last).toMatchObject({ reserveDate: day(14), startTime: '19:00', endTime: '20:00', reserveStatus: 1 });
    await data(post(`${P}/cancel-reserve?id=${last.id}`));
  });

  it('50 reservations of one slot at the same moment: exactly one succeeds, the rest are told it is taken', async () => {
    const tokens = [admin, companyA, companyB, clerk];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        reserve({ reserveDate: day(2), startTime: '10:00', endTime: '11:00', subject: `并发${i}` }, tokens[i % 4]),
      ),
    );
    const won = answers.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('该时段已被预约，请选择其他时段');
    }
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from property_space_reservation
          where space_id = $1 and reserve_date = $2 and reserve_status = 1 and is_deleted = 0`,
        [room, day(2)],
      ),
    );
    expect(n).toBe(1);
  });

  it('refuses any overlap of a live reservation, takes the adjacent slots, and a longer span of whole slots', async () => {
    await data(reserve({ reserveDate: day(3), startTime: '10:00', endTime: '12:00', subject: '两小时' }, companyA));
    await refused(
      reserve({ reserveDate: day(3), startTime: '11:00', endTime: '12:00' }, companyB),
      400,
      '该时段已被预约',
    );
    await refused(reserve({ reserveDate: day(3), startTime: '09:00', endTime: '13:00' }, clerk), 400, '该时段已被预约');
    await data(reserve({ reserveDate: day(3), startTime: '09:00', endTime: '10:00' }, companyB));
    await data(reserve({ reserveDate: day(3), startTime: '12:00', endTime: '13:00' }, clerk));
    // Another space's same time is free.
    await data(
      post(`${P}/reserve`, {
        spaceId: hall,
        reserveDate: day(3),
        startTime: '11:00',
        endTime: '13:00',
        subject: '大厅',
      }),
    );
  });

  it('is cancelled by its owner (or the space staff) only, in one statement, and frees the slot', async () => {
    const mine = await data(
      reserve({ reserveDate: day(4), startTime: '14:00', endTime: '15:00', subject: '甲的会' }, companyA),
    );
    expect(mine.enterpriseId).toBe(enterpriseA);
    await refused(post(`${P}/cancel-reserve?id=${mine.id}`, {}, companyB), 403, '只能取消本人的预约');
    await refused(post(`${P}/cancel-reserve?id=${mine.id}`, {}, clerk), 403, '只能取消本人的预约');
    await refused(post(`${P}/cancel-reserve`, {}, companyA), 400, '缺少参数id');
    await refused(post(`${P}/cancel-reserve?id=1123598821738675299`, {}, companyA), 404, '预约不存在');
    await data(post(`${P}/cancel-reserve?id=${mine.id}`, {}, companyA));
    await refused(post(`${P}/cancel-reserve?id=${mine.id}`, {}, companyA), 400, '该预约已取消');
    // The slot is free again; the park's space staff cancel anyone's.
    const again = await data(
      reserve({ reserveDate: day(4), startTime: '14:00', endTime: '15:00', subject: '乙的会' }, companyB),
    );
    expect(await data(post(`${P}/cancel-reserve`, { id: again.id }))).toBe(true);
    // One that has started is history: nobody cancels it.
    const past = '1123598821738675001';
    await server.platform.db.tx('000000', (q) =>
      q.query(
        `insert into property_space_reservation (id, tenant_id, space_id, reserve_date, start_at, end_at, subject, user_id)
         select $1, '000000', $2, current_date - 1, (current_date - 1) + time '10:00', (current_date - 1) + time '11:00', '昨天的会', user_id
           from property_space_reservation where id = $3`,
        [past, room, mine.id],
      ),
    );
    await refused(post(`${P}/cancel-reserve?id=${past}`, {}, companyA), 400, '已开始或已结束');
  });

  it('reserveRecord: the park sees who booked; a company sees another enterprise’s only as booked', async () => {
    const all = await records(room);
    const two = all.find((r: { subject: string }) => r.subject === '两小时');
    expect(two).toMatchObject({
      userName: expect.any(String),
      enterpriseName: '甲空间企业',
      startTime: '10:00',
      endTime: '12:00',
    });
    expect(all.some((r: { reserveStatus: number }) => r.reserveStatus === 2)).toBe(true);

    const seenByA = await records(room, companyA);
    const ownRow = seenByA.find((r: { id: string }) => r.id === two.id);
    expect(ownRow).toMatchObject({ subject: '两小时', mine: true, cancellable: true, enterpriseName: '甲空间企业' });
    const others = seenByA.filter((r: { enterpriseId: string | null; mine: boolean }) => !r.mine);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) {
      expect(r).toMatchObject({
        subject: null,
        userName: null,
        enterpriseName: null,
        userId: null,
        cancellable: false,
      });
      // Another's cancelled ones are not shown at all.
      expect(r.reserveStatus).toBe(1);
    }
    const text = JSON.stringify(seenByA);
    expect(text).not.toContain('乙空间企业');
    expect(text).not.toContain('乙的会');

    // Only booked ones, paged.
    const page = await data(
      get(`${P}/reserveRecord?spaceId=${room}&startDate=${day(0)}&endDate=${day(7)}&reserveStatus=1&size=2&current=1`),
    );
    expect(page).toMatchObject({ size: 2, current: 1 });
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.pages).toBe(Math.ceil(page.total / 2));
    const beyond = await data(
      get(`${P}/reserveRecord?spaceId=${room}&startDate=${day(0)}&endDate=${day(7)}&size=2&current=99`),
    );
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBeGreaterThanOrEqual(4);

    await refused(get(`${P}/reserveRecord`), 400, '缺少参数spaceId');
    await refused(get(`${P}/reserveRecord?spaceId=${room}&startDate=${day(5)}&endDate=${day(1)}`), 400, '日期范围');
    await refused(get(`${P}/reserveRecord?spaceId=${room}&startDate=2024-02-30`), 400, '日期范围');
    await refused(get(`${P}/reserveRecord?spaceId=${room}&startDate=2020-01-01&endDate=2024-01-01`), 400, '日期范围');
    await refused(get(`${P}/reserveRecord?spaceId=${room}&reserveStatus=9`), 400, '预约状态');
  });

  it('a space with reservations to come is not removed until they are cancelled', async () => {
    const gym = (await data(post(`${P}/save`, { spaceName: '测试球场', spaceType: 3, enabled: 1 }))).id;
    const r = await data(
      post(`${P}/reserve`, {
        spaceId: gym,
        reserveDate: day(1),
        startTime: '09:00',
        endTime: '10:00',
        subject: '球赛',
      }),
    );
    await refused(post(`${P}/remove?ids=${gym}`), 400, '未开始的预约');
    expect((await data(get(`${P}/detail?id=${gym}`))).id).toBe(gym);
    await data(post(`${P}/cancel-reserve?id=${r.id}`));
    await data(post(`${P}/remove?ids=${gym}`));
    expect((await get(`${P}/detail?id=${gym}`)).body.code).toBe(404);
  });
});

describe('several slots at once (issue 34.5)', () => {
  let multi: string;
  const slots = (...spans: [number, string, string][]) =>
    spans.map(([d, startTime, endTime]) => ({ reserveDate: day(d), startTime, endTime }));
  const book = (spans: [number, string, string][], token = admin, subject = '多时段') =>
    post(`${P}/reserve`, { spaceId: multi, subject, slots: slots(...spans) }, token);
  const live = async () =>
    server.platform.db.scoped('000000', (q) =>
      q.query<{ d: string; s: string; e: string }>(
        `select reserve_date::text as d, to_char(start_at, 'HH24:MI') as s, to_char(end_at, 'HH24:MI') as e
           from property_space_reservation where space_id = $1 and reserve_status = 1 and is_deleted = 0
          order by start_at`,
        [multi],
      ),
    );

  beforeAll(async () => {
    multi = (await data(post(`${P}/save`, { spaceName: '多选会议室', spaceType: 1, enabled: 1 }))).id;
    await data(
      call('PUT', `${P}/config`, admin, {
        id: multi,
        openTime: '08:00',
        closeTime: '18:00',
        slotMinutes: 30,
        bookDays: 14,
      }),
    );
  });

  it('books the picked slots of several days in one call, the ones that meet joined into one reservation', async () => {
    const booked = await data(
      book(
        [
          [8, '10:00', '10:30'],
          [8, '09:00', '09:30'],
          [8, '09:30', '10:00'],
          [9, '14:00', '14:30'],
        ],
        companyA,
      ),
    );
    expect(
      booked.map((b: { reserveDate: string; startTime: string; endTime: string }) => [
        b.reserveDate,
        b.startTime,
        b.endTime,
      ]),
    ).toEqual([
      [day(8), '09:00', '10:30'],
      [day(9), '14:00', '14:30'],
    ]);
    expect(
      booked.every((b: { enterpriseName: string; mine: boolean }) => b.mine && b.enterpriseName === '甲空间企业'),
    ).toBe(true);
    expect(await live()).toEqual([
      { d: day(8), s: '09:00', e: '10:30' },
      { d: day(9), s: '14:00', e: '14:30' },
    ]);
  });

  it('books all or nothing: one slot taken, a rule broken or a slot repeated refuses every one', async () => {
    const before = await live();
    // 10:00-10:30 of day 8 is taken: the free 11:00 and day 10 are not booked either.
    await refused(
      book(
        [
          [10, '09:00', '09:30'],
          [8, '11:00', '11:30'],
          [8, '10:00', '10:30'],
        ],
        companyB,
      ),
      400,
      '该时段已被预约',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [10, '17:30', '18:30'],
      ]),
      400,
      '开放时间',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [10, '09:10', '09:40'],
      ]),
      400,
      '所选时段有重复',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [10, '09:00', '09:30'],
      ]),
      400,
      '所选时段有重复',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [10, '09:15', '09:45'],
      ]),
      400,
      '所选时段有重复',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [10, '10:15', '10:45'],
      ]),
      400,
      '时段',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [-1, '09:00', '09:30'],
      ]),
      400,
      '已经过去',
    );
    await refused(
      book([
        [10, '09:00', '09:30'],
        [20, '09:00', '09:30'],
      ]),
      400,
      '最多只能提前14天',
    );
    await refused(post(`${P}/reserve`, { spaceId: multi, subject: 'x', slots: [] }), 400, '请选择要预约的时段');
    await refused(post(`${P}/reserve`, { spaceId: multi, subject: 'x', slots: 'a' }), 400, '请选择要预约的时段');
    await refused(post(`${P}/reserve`, { spaceId: multi, subject: 'x', slots: [null] }), 400, '预约日期');
    await refused(
      post(`${P}/reserve`, {
        spaceId: multi,
        subject: 'x',
        slots: Array.from({ length: 49 }, (_, i) => ({ reserveDate: day(10), startTime: '08:00', endTime: `0${i}` })),
      }),
      400,
      '一次最多48个',
    );
    expect(await live()).toEqual(before);
  });

  it('two bookings of several slots sharing one, sent at once: one commits whole, the other writes nothing', async () => {
    const tokens = [admin, companyA, companyB, clerk];
    // Each call: its own slot of day 11 (a distinct hour) and the shared 17:30 of day 12.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(
          [
            [11, `${String(8 + i).padStart(2, '0')}:00`, `${String(8 + i).padStart(2, '0')}:30`],
            [12, '17:30', '18:00'],
          ],
          tokens[i % 4],
          `并发多时段${i}`,
        ),
      ),
    );
    const won = answers.filter((a) => a.body.code === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.body.code !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.msg).toBe('该时段已被预约，请选择其他时段');
    }
    const rows = (await live()).filter((r) => r.d === day(11) || r.d === day(12));
    // The winner's two reservations, nothing of the others'.
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({ d: day(12), s: '17:30', e: '18:00' });
  });
});

describe('the list of all reservations (issue 34.5)', () => {
  it('pages every space’s reservations, newest first, with who booked, and filters them', async () => {
    const page = await data(get(`${P}/reservations?size=5`));
    expect(page.records).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const starts = page.records.map(
      (r: { reserveDate: string; startTime: string }) => `${r.reserveDate} ${r.startTime}`,
    );
    expect([...starts].sort().reverse()).toEqual(starts);
    const all = await data(get(`${P}/reservations?size=500`));
    expect(all.total).toBe(page.total);
    const spaces = new Set(all.records.map((r: { spaceName: string }) => r.spaceName));
    for (const name of ['测试会议室', '测试大厅', '多选会议室']) expect(spaces.has(name), name).toBe(true);
    // A company's reservation names its enterprise and person to the park.
    const byA = await data(get(`${P}/reservations?keyword=${encodeURIComponent('甲空间')}&size=500`));
    expect(byA.total).toBeGreaterThan(0);
    expect(byA.records.every((r: { enterpriseName: string }) => r.enterpriseName === '甲空间企业')).toBe(true);
    const ofMulti = await data(
      get(
        `${P}/reservations?keyword=${encodeURIComponent('多选')}&startDate=${day(8)}&endDate=${day(9)}&reserveStatus=1`,
      ),
    );
    expect(ofMulti.records.map((r: { reserveDate: string }) => r.reserveDate)).toEqual([day(9), day(8)]);
    const cancelled = await data(get(`${P}/reservations?reserveStatus=2&size=500`));
    expect(cancelled.records.every((r: { reserveStatus: number }) => r.reserveStatus === 2)).toBe(true);
    // Past the last page the total still counts.
    const beyond = await data(get(`${P}/reservations?current=999&size=10`));
    expect(beyond).toMatchObject({ records: [], total: page.total });
    // A keyword of LIKE's wildcards matches them literally.
    expect((await data(get(`${P}/reservations?keyword=${encodeURIComponent('%')}`))).total).toBe(0);
  });

  it('offers cancel where the caller may, and the list follows it', async () => {
    const [mine] = (await data(get(`${P}/reservations?keyword=${encodeURIComponent('多时段')}&reserveStatus=1`)))
      .records;
    expect(mine.cancellable).toBe(true);
    await data(post(`${P}/cancel-reserve?id=${mine.id}`));
    const after = await data(get(`${P}/reservations?keyword=${encodeURIComponent('多时段')}&size=100`));
    expect(after.records.find((r: { id: string }) => r.id === mine.id)).toMatchObject({
      reserveStatus: 2,
      cancellable: false,
    });
  });

  it('exports the filtered list, and is the park’s alone', async () => {
    const { headers, rows } = await exportSheet(
      server,
      admin,
      'blade-property/public-space',
      `keyword=${encodeURIComponent('甲空间')}`,
      undefined,
      'reservations/export',
    );
    expect(headers).toEqual([
      '公共空间',
      '预约日期',
      '开始时间',
      '结束时间',
      '预约主题',
      '预约人',
      '所属企业',
      '预约状态',
      // A space asking for approval (issue 34.5): the reservation's approval and its note.
      '审批状态',
      '审批意见',
      '预约时间',
    ]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => String(r.所属企业.value) === '甲空间企业')).toBe(true);
    await refused(get(`${P}/reservations`, companyA), 403, '');
    await refused(get(`${P}/reservations/export`, companyA), 403, '');
  });

  it('refuses bad filters with 400', async () => {
    await refused(get(`${P}/reservations?reserveStatus=3`), 400, '预约状态无效');
    await refused(get(`${P}/reservations?startDate=2024-02-30`), 400, '日期范围');
    await refused(get(`${P}/reservations?spaceId=abc`), 400, '');
    await refused(get(`${P}/reservations?keyword=${'长'.repeat(101)}`), 400, '关键字');
    await refused(get(`${P}/reservations?keyword=a&keyword=b`), 400, '关键字');
  });
});

describe('export and hostile input', () => {
  it('exports the picked spaces by ids to Excel', async () => {
    const { values, type } = await exportSheet(server, admin, 'blade-property/public-space', `ids=${room},${hall}`);
    expect(type).toContain('spreadsheetml');
    expect(values.map((v) => v.空间名称).sort()).toEqual(['测试会议室', '测试大厅'].sort());
    const roomRow = values.find((v) => v.空间名称 === '测试会议室')!;
    expect(roomRow.空间类型).toBe('会议室');
    expect(roomRow.开放时间).toBe('08:00');
  });

  it('answers bad input with 400 (or 403/404), never 500, and writes nothing', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { spaceId: [room], reserveDate: day(1), startTime: '10:00', endTime: '11:00', subject: 'x' },
      { spaceId: room, reserveDate: { a: 1 }, startTime: '10:00', endTime: '11:00', subject: 'x' },
      { spaceId: room, reserveDate: day(1), startTime: 1e20, endTime: '11:00', subject: 'x' },
      { spaceId: room, reserveDate: day(1), startTime: '10:00', endTime: '11:00', subject: { a: 1 } },
      { spaceId: '99999999999999999999999', reserveDate: day(1), startTime: '10:00', endTime: '11:00', subject: 'x' },
      { spaceId: room, reserveDate: '0000-01-01', startTime: '10:00', endTime: '11:00', subject: 'x' },
      { spaceId: room, reserveDate: '99999-01-01', startTime: '10:00', endTime: '11:00', subject: 'x' },
    ];
    const before = (await records(room)).length;
    for (const body of bodies) {
      for (const url of [`${P}/reserve`, `${P}/cancel-reserve`]) {
        const res = await server.call({ method: 'POST', url, token: admin, payload: body as object });
        expect(res.status, `${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.body.code).not.toBe(200);
      }
      const res = await server.call({ method: 'PUT', url: `${P}/config`, token: admin, payload: body as object });
      expect(res.status, `config ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    for (const query of [
      `spaceId=${room}&startDate=%00`,
      `spaceId=${room}&current=1e20`,
      `spaceId=${room}&size=-1`,
      `spaceId=${room}&spaceId=${room}`,
      'spaceId=9223372036854775808',
      `spaceId=${room}&reserveStatus=1e400`,
      `spaceId=${room}&startDate=0000-01-01`,
    ]) {
      const res = await get(`${P}/reserveRecord?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(res.body.code).not.toBe(200);
    }
    const cancelQuery = await post(`${P}/cancel-reserve?id=a%00b`);
    expect(cancelQuery.status).toBe(400);
    expect((await records(room)).length).toBe(before);
  });
});

describe('demo data', () => {
  it('holds a meeting room, a hall and a court with reservations of this week, shown to a company as booked', async () => {
    const demo = await startServer({ demoData: true });
    try {
      const token = await login(demo, ADMIN.account, ADMIN.password);
      const ask = async (url: string, as = token) => {
        const { body } = await demo.call({ method: 'GET', url, token: as });
        expect(body.code, JSON.stringify(body)).toBe(200);
        return body.data;
      };
      const spaces = (await ask(`${P}/page?remark=演示数据&size=10&ascs=spaceName`)).records;
      expect(spaces.map((s: { spaceType: number }) => s.spaceType).sort()).toEqual([1, 2, 3]);
      // The week the demo data was seeded in (its first start): the test's image may be older than today's week.
      const [{ monday }] = await demo.platform.db.tx(ALL_TENANTS, (q) =>
        q.query<{ monday: string }>(
          `select date_trunc('week', applied_at)::date::text as monday from park_seed where name = 'demo-property-space'`,
        ),
      );
      const sunday = new Date(`${monday}T00:00:00Z`);
      sunday.setUTCDate(sunday.getUTCDate() + 6);
      const week = `startDate=${monday}&endDate=${sunday.toISOString().slice(0, 10)}&size=100`;
      const meeting = spaces.find((s: { spaceType: number }) => s.spaceType === 1);
      const seen = (await ask(`${P}/reserveRecord?spaceId=${meeting.id}&${week}`)).records;
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen.map((r: { subject: string }) => r.subject)).toContain('客户洽谈');
      // 星河智能's account sees its own in full, the others only as booked.
      const xinghe = await login(demo, 'xinghe', '123456', '000000', 'web');
      const asCompany = (await ask(`${P}/reserveRecord?spaceId=${meeting.id}&${week}`, xinghe)).records;
      expect(asCompany).toHaveLength(seen.length);
      expect(
        asCompany
          .filter((r: { subject: string | null }) => r.subject !== null)
          .map((r: { subject: string }) => r.subject),
      ).toEqual(['客户洽谈']);
    } finally {
      await demo.close();
    }
  });
});
