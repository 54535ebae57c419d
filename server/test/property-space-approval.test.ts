import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * A public space that asks for approval (issue 34.5): its reservations are 待审批 (approvalStatus 1) until the park's
 * space staff approve (2) or reject them with a reason (3); the no-overlap rule counts pending and approved ones
 * (and those of a space asking for none), so a pending one holds its slot and a rejected one frees it; each is
 * decided once (concurrent decisions: one lands); the company sees the state of its own and hears the decision; the
 * staff's notice goes out for a reservation needing approval only. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
let server: TestServer;
let admin: string;
let company: string;
let clerk: string;
let room: string;
let plain: string;
let today: string;

const P = '/api/blade-property/public-space';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = admin, payload?: unknown) =>
  server.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const post = (url: string, payload: unknown = {}, token = admin) => call('POST', url, token, payload);
const get = (url: string, token = admin) => call('GET', url, token);

const day = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const reserve = (body: object, token = company) =>
  post(
    `${P}/reserve`,
    { spaceId: room, reserveDate: day(1), startTime: '10:00', endTime: '11:00', subject: '路演', ...body },
    token,
  );
const decide = (id: string, approved: unknown, reason?: unknown, token = admin) =>
  post(`${P}/approve-reserve`, { id, approved, ...(reason === undefined ? {} : { reason }) }, token);
const mine = async (spaceId = room, token = company) =>
  (await data(get(`${P}/reserveRecord?spaceId=${spaceId}&startDate=${day(0)}&endDate=${day(10)}&size=100`, token)))
    .records;
/** The inbox's messages (of the caller of `token`) whose title holds `text`. */
const inbox = async (token: string, text: string) =>
  (await data(get('/api/blade-message/message/my/list?size=100', token))).records.filter((m: { title: string }) =>
    m.title.includes(text),
  );

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  [{ today }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ today: string }>('select current_date::text as today'),
  );
  await createEnterprise(server, admin, '审批空间企业', 'sp_appr_company');
  company = await login(server, 'sp_appr_company', 'secret1', '000000', 'web');
  // Park staff who may open the screen and book, but not manage the spaces (nor decide).
  await createUserWithButtons(server, '000000', 'sp_apclerk', ['public_space', 'public_space_view']);
  clerk = await login(server, 'sp_apclerk', 'pass');
  room = (await data(post(`${P}/submit`, { spaceName: '审批报告厅', spaceType: 2, enabled: 1, needsApproval: 1 }))).id;
  plain = (await data(post(`${P}/submit`, { spaceName: '免审会议室', spaceType: 1, enabled: 1 }))).id;
  await data(
    call('PUT', `${P}/config`, admin, {
      id: room,
      openTime: '08:00',
      closeTime: '20:00',
      slotMinutes: 60,
      bookDays: 14,
    }),
  );
  // A loaded machine (helpers and CI share two cores) may take a while to start the server and migrate.
}, 300_000);
afterAll(() => server.close());

describe('reservations needing approval', () => {
  it('a space says whether it asks for approval; one that does not confirms at once and tells nobody', async () => {
    expect((await data(get(`${P}/detail?id=${room}`))).needsApproval).toBe(1);
    expect((await data(get(`${P}/detail?id=${plain}`))).needsApproval).toBe(0);
    const before = (await inbox(admin, '新预约：免审会议室')).length;
    const { body } = await reserve({ spaceId: plain, subject: '例会' });
    expect(body.code).toBe(200);
    expect(body.msg).toBe('预约成功');
    expect((body.data as { approvalStatus: number }).approvalStatus).toBe(0);
    expect(await inbox(admin, '新预约：免审会议室')).toHaveLength(before);
  });

  it('is pending, told to the staff, shown to the company; approved once, after which it is no longer pending', async () => {
    const { body } = await reserve({ startTime: '08:00', endTime: '09:00', subject: '融资路演' });
    expect(body.code, JSON.stringify(body)).toBe(200);
    expect(body.msg).toBe('预约已提交，待审批');
    const booked = body.data as { id: string; approvalStatus: number; decidable: boolean };
    expect(booked.approvalStatus).toBe(1);
    expect(booked.decidable).toBe(false);
    // The administrator's default rule hears of it, linked to the space.
    const [notice] = await inbox(admin, `新预约：审批报告厅 ${day(1)} 08:00-09:00`);
    expect(notice).toBeTruthy();
    // The staff's list offers the decision; a clerk without public_space_edit neither sees it offered nor may take it.
    const listed = (await data(get(`${P}/reservations?keyword=融资路演&approvalStatus=1`))).records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: booked.id, approvalStatus: 1, decidable: true });
    await refused(decide(booked.id, true, undefined, clerk), 403, '');
    await refused(decide(booked.id, true, undefined, company), 403, '');
    // Bad input: a 400 with the reason.
    await refused(decide(booked.id, 'maybe'), 400, '请选择通过或驳回');
    await refused(decide(booked.id, false), 400, '请输入驳回原因');
    await refused(decide(booked.id, false, '   '), 400, '请输入驳回原因');
    await refused(decide(booked.id, false, 'x'.repeat(256)), 400, '驳回原因');
    await refused(decide('123', true), 404, '预约不存在');
    expect(await data(decide(booked.id, true))).toBe(true);
    await refused(decide(booked.id, false, '重复'), 400, '不在待审批状态');
    const [seen] = (await mine()).filter((r: { id: string }) => r.id === booked.id);
    expect(seen).toMatchObject({ approvalStatus: 2, reserveStatus: 1, mine: true, cancellable: true });
    // The booker is told.
    expect(await inbox(company, `预约已通过：审批报告厅 ${day(1)} 08:00-09:00`)).toHaveLength(1);
    // Approved, it still holds its slot.
    await refused(reserve({ startTime: '08:00', endTime: '09:00' }, admin), 400, '该时段已被预约');
  });

  it('a pending one holds its slot; rejected with a reason, it frees the slot and the company reads why', async () => {
    const pending = await data(reserve({ startTime: '12:00', endTime: '14:00', subject: '新品发布' }));
    // Counted by the no-overlap rule while pending.
    await refused(reserve({ startTime: '13:00', endTime: '14:00' }, admin), 400, '该时段已被预约');
    expect(await data(decide(pending.id, 'false', '  当天场地检修  '))).toBe(true);
    const [seen] = (await mine()).filter((r: { id: string }) => r.id === pending.id);
    expect(seen).toMatchObject({
      approvalStatus: 3,
      approvalReason: '当天场地检修',
      cancellable: false,
      decidable: false,
    });
    expect(await inbox(company, `预约已驳回：审批报告厅 ${day(1)} 12:00-14:00`)).toHaveLength(1);
    // Rejected, it cannot be cancelled, and its slot is free: another booking of it lands (pending in its turn).
    await refused(post(`${P}/cancel-reserve?id=${pending.id}`, {}, company), 400, '已被驳回');
    const next = await data(reserve({ startTime: '12:00', endTime: '13:00', subject: '董事会' }, admin));
    expect(next.approvalStatus).toBe(1);
    // Another enterprise's... the company does not see the park's subject, and no longer the rejected row of others.
    const [other] = (await mine()).filter((r: { id: string }) => r.id === next.id);
    expect(other).toMatchObject({ approvalStatus: 1, subject: null, approvalReason: null, mine: false });
    // A cancelled pending one is no longer decided.
    await data(post(`${P}/cancel-reserve?id=${next.id}`, {}, admin));
    await refused(decide(next.id, true), 400, '不在待审批状态');
  });

  it('decisions arriving at once on one pending reservation: exactly one lands', async () => {
    const pending = await data(reserve({ reserveDate: day(2), startTime: '15:00', endTime: '16:00', subject: '并发' }));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => decide(pending.id, i % 2 === 0, i % 2 === 0 ? undefined : `驳回${i}`)),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    const rows = await server.platform.db.scoped('000000', (q) =>
      q.query<{ approval_status: number }>('select approval_status from property_space_reservation where id = $1', [
        pending.id,
      ]),
    );
    expect([2, 3]).toContain(rows[0].approval_status);
  });

  it('overlapping requests arriving at once for one slot: exactly one is pending', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reserve(
          { reserveDate: day(3), startTime: '09:00', endTime: i % 2 ? '10:00' : '11:00', subject: `抢${i}` },
          admin,
        ),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(9);
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from property_space_reservation
          where space_id = $1 and reserve_date = $2 and approval_status = 1 and reserve_status = 1`,
        [room, day(3)],
      ),
    );
    expect(n).toBe(1);
  });

  it('the database holds the rule: approving by raw SQL a second overlapping reservation is refused', async () => {
    const a = await data(reserve({ reserveDate: day(4), startTime: '10:00', endTime: '11:00', subject: '甲' }));
    expect(await data(decide(a.id, false, '改期'))).toBe(true);
    const b = await data(reserve({ reserveDate: day(4), startTime: '10:00', endTime: '11:00', subject: '乙' }));
    expect(await data(decide(b.id, true))).toBe(true);
    // Bringing the rejected one back over the approved one breaks the exclusion constraint.
    await expect(
      server.platform.db.scoped('000000', (q) =>
        q.query('update property_space_reservation set approval_status = 1 where id = $1', [a.id]),
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });
});
