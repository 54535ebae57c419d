import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifyStaff } from '../src/modules/message/notify-rules.ts';
import { runAs } from '../src/platform/context.ts';
import { SEED } from '../src/seed/platform.ts';
import { data, refused } from './answers.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';
import { until } from './until.ts';

/**
 * Work that reaches the park reaches a person (issue 34.1): a new repair, feedback, public-space reservation or a
 * production report handed in sends every live park user its kind's rule names one message with a link to the
 * record, pushed once the creating transaction has committed. The rule is the tenant's (on/off, roles, users; the
 * administrator role by default, a repair's the 维修人员 role when one holds a live user; issue 34.7); the one who acted and company accounts are never told. Run on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let companyA: string;
let companyAUser: string;
let dispatcher: { userId: string; roleId: string };
let dispatcherToken: string;
let otherStaff: { userId: string; roleId: string };
let enterpriseA: string;

const R = '/api/blade-message/notify-rule';
const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });
const saveRule = (body: object, token = admin) => post(`${R}/save`, body, token);

/** Every message of a user's inbox (newest first): title, link and the sender. */
async function inbox(userId: string) {
  return server.platform.db.scoped('000000', (q) =>
    q.query<{ id: string; title: string; link: string | null }>(
      `select m.id::text as id, m.title, m.link from blade_message_receiver r join blade_message m on m.id = r.message_id
        where r.user_id = $1 and r.is_deleted = 0 and m.is_deleted = 0 order by m.id desc`,
      [userId],
    ),
  );
}
const titles = async (userId: string) => (await inbox(userId)).map((m) => m.title);

/** The frames pushed to each user, as their open tabs would hear them. */
const frames = new Map<string, { type: string; message: { id: string; title: string; link: string | null } }[]>();
const stops: (() => void)[] = [];
function listen(userId: string) {
  frames.set(userId, []);
  stops.push(server.platform.push.listen('000000', userId, (f) => frames.get(userId)!.push(JSON.parse(f))));
}

const repairBody = (location: string) => ({
  faultType: 1,
  location,
  description: '空调不制冷',
  contactPhone: '13800001111',
});
const reportRepair = (location: string, token = companyA) =>
  data(post('/api/blade-crm/work-order/submit', repairBody(location), token));

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  enterpriseA = (await createEnterprise(server, admin, '甲通知企业', 'notify_company_a')).id;
  await createEnterprise(server, admin, '乙通知企业', 'notify_company_b');
  companyA = await login(server, 'notify_company_a', 'secret1', '000000', 'web');
  [{ id: companyAUser }] = await server.platform.db.scoped('000000', (q) =>
    q.query<{ id: string }>(`select id::text as id from blade_user where account = 'notify_company_a'`),
  );
  dispatcher = await createUserWithButtons(server, '000000', 'nt_disp', [
    'work_order',
    'work_order_add',
    'work_order_view',
    'notify_rule',
  ]);
  dispatcherToken = await login(server, 'nt_disp', 'pass');
  otherStaff = await createUserWithButtons(server, '000000', 'nt_other', ['work_order', 'work_order_view']);
  for (const id of [ADMIN.userId, dispatcher.userId, otherStaff.userId, companyAUser]) listen(id);
});
afterAll(async () => {
  for (const stop of stops) stop();
  await server.close();
});
beforeEach(() => {
  for (const list of frames.values()) list.length = 0;
});

describe('the rules', () => {
  it('lists every kind, by default on and heard by the administrator role', async () => {
    const { rules, roles } = await data(get(`${R}/list`));
    expect(rules.map((r: { kind: string }) => r.kind)).toEqual(['repair', 'feedback', 'space_reserve', 'prod_report']);
    for (const rule of rules) expect(rule).toMatchObject({ enabled: 1, roleIds: [SEED.adminRole], isDefault: true });
    expect(roles.map((r: { id: string }) => r.id)).toContain(dispatcher.roleId);
  });

  it('refuses an unknown kind, a bad flag, an unknown role and a company account, with a 400', async () => {
    await refused(saveRule({ kind: 'nope', enabled: 1 }), 400, '通知类型不存在');
    await refused(saveRule({ kind: 'repair', enabled: 2 }), 400, '是否启用只能是0或1');
    await refused(saveRule({ kind: 'repair', enabled: 1, roleIds: ['123'] }), 400, '所选角色不存在');
    await refused(saveRule({ kind: 'repair', enabled: 1, roleIds: 'abc' }), 400, '编号无效');
    await refused(saveRule({ kind: 'repair', enabled: 1, userIds: [companyAUser] }), 400, '不能是企业账号');
    await refused(saveRule({ kind: 'repair', enabled: 1, roleIds: [{ id: 1 }] }), 400);
    // Nothing was written: the kind still follows the default.
    const { rules } = await data(get(`${R}/list`));
    expect(rules[0].isDefault).toBe(true);
  });

  it('is saved behind its button only', async () => {
    await refused(saveRule({ kind: 'repair', enabled: 1 }, dispatcherToken), 403);
    await refused(saveRule({ kind: 'repair', enabled: 1 }, companyA), 403);
  });
});

describe('a new repair', () => {
  it('by default tells the administrators, live, with a link to the work order; not the reporting company', async () => {
    const repair = await reportRepair('A-101 办公室');
    const { repairNo } = await data(get(`/api/blade-property/work-order/detail?id=${repair.id}`));
    const [message] = await inbox(ADMIN.userId);
    expect(message.title).toBe(`新报修：A-101 办公室（${repairNo}）`);
    expect(message.link).toBe(`/property/work-order?repairNo=${repairNo}`);
    await until('the administrator hears of it', () => frames.get(ADMIN.userId)!.length === 1);
    expect(frames.get(ADMIN.userId)![0].message).toMatchObject({ id: message.id, link: message.link });
    // The bell's reads carry the link too.
    const top = await data(get('/api/blade-message/message/my/topList?size=1'));
    expect(top[0]).toMatchObject({ title: message.title, link: message.link });
    expect(await titles(dispatcher.userId)).not.toContain(message.title);
    expect((await titles(companyAUser)).filter((t) => t.startsWith('新报修'))).toEqual([]);
  });

  it('tells the roles and users the rule names, never a company account named through a role', async () => {
    await data(
      saveRule({
        kind: 'repair',
        enabled: 1,
        roleIds: [dispatcher.roleId, SEED.companyRole],
        userIds: [otherStaff.userId],
      }),
    );
    const { rules } = await data(get(`${R}/list`));
    expect(rules[0]).toMatchObject({
      kind: 'repair',
      enabled: 1,
      roleIds: [dispatcher.roleId, SEED.companyRole],
      userIds: [otherStaff.userId],
      userNames: ['nt_other'],
      isDefault: false,
    });
    await reportRepair('B-202 会议室');
    expect((await titles(dispatcher.userId))[0]).toMatch(/^新报修：B-202 会议室/);
    expect((await titles(otherStaff.userId))[0]).toMatch(/^新报修：B-202 会议室/);
    expect((await titles(ADMIN.userId))[0]).not.toMatch(/B-202/);
    expect((await titles(companyAUser)).filter((t) => t.includes('B-202') && t.startsWith('新报修'))).toEqual([]);
    await until('the dispatcher hears of it', () => frames.get(dispatcher.userId)!.length === 1);
    expect(frames.get(companyAUser)!.filter((f) => f.message.title.startsWith('新报修'))).toEqual([]);
  });

  it('never tells the one who reported it', async () => {
    await data(saveRule({ kind: 'repair', enabled: 1, roleIds: [dispatcher.roleId, SEED.adminRole] }));
    const order = await data(post('/api/blade-property/work-order/save', repairBody('C-303 机房'), dispatcherToken));
    expect(order.id).toBeTruthy();
    expect((await titles(dispatcher.userId)).filter((t) => t.includes('C-303'))).toEqual([]);
    expect((await titles(ADMIN.userId))[0]).toMatch(/^新报修：C-303 机房/);
  });

  it('tells nobody while the rule is off', async () => {
    await data(saveRule({ kind: 'repair', enabled: 0, roleIds: [dispatcher.roleId, SEED.adminRole] }));
    await reportRepair('D-404 走廊');
    expect((await titles(dispatcher.userId)).filter((t) => t.includes('D-404'))).toEqual([]);
    expect((await titles(ADMIN.userId)).filter((t) => t.includes('D-404'))).toEqual([]);
    await data(saveRule({ kind: 'repair', enabled: 1, roleIds: [SEED.adminRole] }));
  });

  it('sends nothing when the creating transaction fails', async () => {
    const repair = await reportRepair('E-505 仓库');
    const before = (await inbox(ADMIN.userId)).length;
    for (const list of frames.values()) list.length = 0;
    const caller = {
      tenantId: '000000',
      userId: companyAUser,
      deptId: '',
      roleIds: [SEED.companyRole],
      roleAliases: ['company'],
      postId: '',
      account: 'notify_company_a',
      userName: 'notify_company_a',
      accountType: 'web',
      sessionId: 'test',
      lang: 'zh' as const,
    };
    await expect(
      runAs(caller, () =>
        server.platform.db.tx('000000', async (q) => {
          await notifyStaff(server.platform, q, 'repair', repair.id);
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    // The same call that commits is heard: the failing one was not.
    await runAs(caller, () =>
      server.platform.db.tx('000000', (q) => notifyStaff(server.platform, q, 'repair', repair.id)),
    );
    await until('the committed one is heard', () => frames.get(ADMIN.userId)!.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(frames.get(ADMIN.userId)!.length).toBe(1);
    expect((await inbox(ADMIN.userId)).length).toBe(before + 1);
  });

  it('keeps one rule per kind when two saves race', async () => {
    await Promise.all([
      data(saveRule({ kind: 'feedback', enabled: 0 })),
      data(saveRule({ kind: 'feedback', enabled: 1, roleIds: [SEED.adminRole] })),
      data(saveRule({ kind: 'feedback', enabled: 1, roleIds: [dispatcher.roleId] })),
    ]);
    const [{ n }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from park_notify_rule where tenant_id = '000000' and kind = 'feedback'`,
      ),
    );
    expect(n).toBe(1);
    await data(saveRule({ kind: 'feedback', enabled: 1, roleIds: [SEED.adminRole] }));
  });
});

describe('the other kinds', () => {
  it('new feedback tells the staff, linked to 意见反馈', async () => {
    await data(
      post('/api/blade-basic/feedback/submit', { title: '电梯噪音', feedbackType: 1, content: '很吵' }, companyA),
    );
    const [message] = await inbox(ADMIN.userId);
    expect(message.title).toBe('新意见反馈：电梯噪音');
    expect(message.link).toBe(`/basic/feedback?title=${encodeURIComponent('电梯噪音')}`);
  });

  it('a public-space reservation needing approval tells the staff, linked to 公共空间; one that needs none, nobody', async () => {
    const plain = await data(
      post('/api/blade-property/public-space/submit', { spaceName: '免审通知室', spaceType: 1, enabled: 1 }),
    );
    const space = await data(
      post('/api/blade-property/public-space/submit', {
        spaceName: '通知会议室',
        spaceType: 1,
        enabled: 1,
        needsApproval: 1,
      }),
    );
    const [{ tomorrow }] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ tomorrow: string }>(`select (current_date + 1)::text as tomorrow`),
    );
    await data(
      post(
        '/api/blade-property/public-space/reserve',
        { spaceId: plain.id, reserveDate: tomorrow, startTime: '10:00', endTime: '11:00', subject: '例会' },
        companyA,
      ),
    );
    expect((await titles(ADMIN.userId)).filter((t) => t.includes('免审通知室'))).toEqual([]);
    await data(
      post(
        '/api/blade-property/public-space/reserve',
        { spaceId: space.id, reserveDate: tomorrow, startTime: '10:00', endTime: '11:00', subject: '客户洽谈' },
        companyA,
      ),
    );
    const [message] = await inbox(ADMIN.userId);
    expect(message.title).toBe(`新预约：通知会议室 ${tomorrow} 10:00-11:00`);
    expect(message.link).toBe(`/property/public-space?spaceName=${encodeURIComponent('通知会议室')}`);
  });

  it('a production report tells the staff when it is handed in, once', async () => {
    const body = {
      title: '三月安全报告',
      reportType: 1,
      reportCycle: 4,
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      dueDate: '2024-04-05',
    };
    const draft = await data(post('/api/blade-prod/report/submit', body, companyA));
    expect((await titles(ADMIN.userId)).filter((t) => t.includes('三月安全报告'))).toEqual([]);
    await data(post('/api/blade-prod/report/submit', { id: draft.id, submitDate: '2024-04-02' }, companyA));
    const [message] = await inbox(ADMIN.userId);
    expect(message.title).toBe('新生产报告：甲通知企业《三月安全报告》');
    expect(message.link).toBe(`/prod/report?title=${encodeURIComponent('三月安全报告')}`);
    // Edited again while handed in: no second notice.
    await data(post('/api/blade-prod/report/submit', { id: draft.id, remark: '补充' }, companyA));
    expect((await titles(ADMIN.userId)).filter((t) => t.includes('三月安全报告'))).toHaveLength(1);
    expect(enterpriseA).toBeTruthy();
  });
});

describe('a new repair by default', () => {
  it('goes to the 维修人员 role (alias repairer) when one holds a live park user, else to the administrators', async () => {
    const fixer = await createUserWithButtons(server, '000000', 'nt_fixer', ['work_order', 'work_order_view']);
    const sql = (text: string, params: unknown[]) => server.platform.db.tx('000000', (q) => q.query(text, params));
    await sql(`update blade_role set role_alias = 'repairer' where id = $1`, [fixer.roleId]);
    // The default applies where no rule is saved: the tests before saved the repair's.
    await sql(`delete from park_notify_rule where tenant_id = '000000' and kind = 'repair'`, []);
    try {
      const { rules } = await data(get(`${R}/list`));
      expect(rules[0]).toMatchObject({ kind: 'repair', roleIds: [fixer.roleId], isDefault: true });
      // The other kinds keep the administrators.
      expect(rules[1]).toMatchObject({ kind: 'feedback', roleIds: [SEED.adminRole] });
      await reportRepair('G-707 机房');
      expect((await titles(fixer.userId)).filter((t) => t.includes('G-707'))).toHaveLength(1);
      expect((await titles(ADMIN.userId)).filter((t) => t.includes('G-707'))).toEqual([]);
      // Its only holder disabled: the administrators hear of it again.
      await sql('update blade_user set status = 0 where id = $1', [fixer.userId]);
      await reportRepair('H-808 机房');
      expect((await titles(ADMIN.userId)).filter((t) => t.includes('H-808'))).toHaveLength(1);
      expect((await titles(fixer.userId)).filter((t) => t.includes('H-808'))).toEqual([]);
    } finally {
      await sql(`update blade_role set role_alias = 'nt_fixer' where id = $1`, [fixer.roleId]);
    }
  });
});

describe("the reporter's messages", () => {
  it("link to the reporter's list, so its open tab refreshes on them", async () => {
    const repair = await reportRepair('F-606 前台');
    const { repairNo } = await data(get(`/api/blade-property/work-order/detail?id=${repair.id}`));
    await data(post('/api/blade-property/work-order/assign', { id: repair.id, assignee: otherStaff.userId }));
    await until('the company hears of the move', () =>
      frames.get(companyAUser)!.some((f) => f.message.link === `/property/repair?repairNo=${repairNo}`),
    );
    const assigned = (await inbox(otherStaff.userId)).find((m) => m.title.includes(repairNo));
    expect(assigned?.link).toBe(`/property/work-order?repairNo=${repairNo}`);
  });
});
