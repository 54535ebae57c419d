import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/seed/index.ts';
import { SEED } from '../src/seed/platform.ts';
import { createEnterprise, ok } from './crm-fixtures.ts';
import { ADMIN, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';

/**
 * Policies (blade-basic/policy with its attachments) and their push (blade-demo/policy-push with
 * analysisPush/{id}): the generic calls, the files kept from 政策管理, which enterprises a policy
 * fits (industry with the industries below it in the tree, scale by registered capital, qualification
 * tags), the messages to their company
 * accounts, one sending per enterprise however many calls, and what a company account sees.
 */
let server: TestServer;
let admin: string;

const P = '/api/blade-basic/policy';
const PUSH = '/api/blade-demo/policy-push';

const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });
const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.scoped('000000', (q) => q.query<T>(text, params));

const BODY = {
  title: '研发费用补助办法',
  issuingBody: '科技创新局',
  issueDate: '2024-05-01',
  content: '<p>补助说明</p>',
  publishStatus: 1,
};

async function newPolicy(extra: object = {}): Promise<string> {
  return (await ok(server, admin, 'POST', `${P}/submit`, { ...BODY, ...extra })).id;
}
async function newPush(policyId: string): Promise<string> {
  return (await ok(server, admin, 'POST', `${PUSH}/submit`, { policyId, pushContent: '请及时申报' })).id;
}

/** A node of the 行业分类 tree, under `parentId`. */
async function industryNode(industryName: string, parentId?: string): Promise<string> {
  return (await ok(server, admin, 'POST', '/api/blade-basic/industry/submit', { industryName, parentId, sort: 1 })).id;
}

/** An enterprise in the park (or moved out) of an industry and capital, holding qualifications of these types. */
async function enterprise(
  name: string,
  key: string,
  industry: string,
  capital: number,
  types: number[],
  inPark = true,
) {
  const account = `pol_${key}`;
  const { id } = await createEnterprise(server, admin, `${name}公司`, account);
  await sql('update crm_enterprise set industry = $2, registered_capital = $3, status = $4 where id = $1', [
    id,
    industry,
    capital,
    inPark ? 1 : 0,
  ]);
  for (const [i, type] of types.entries()) {
    await sql(
      `insert into crm_qualification (id, tenant_id, enterprise_id, qualification_no, qualification_name, qualification_type)
       values ($1, '000000', $2, $3, '资质', $4)`,
      [`${id.slice(0, -3)}${900 + i}`, id, `Q-${key}-${i}`, type],
    );
  }
  const [{ userId }] = await sql<{ userId: string }>(
    `select id::text as "userId" from blade_user where account = $1 and tenant_id = '000000'`,
    [account],
  );
  return { id, account, userId };
}

/** The push messages each of the accounts received, by account. */
async function pushMessages(userIds: string[]): Promise<number[]> {
  const rows = await sql<{ user_id: string; n: number }>(
    `select r.user_id::text, count(*)::int as n from blade_message_receiver r join blade_message m on m.id = r.message_id
      where r.user_id = any($1::bigint[]) and m.title like '政策推送：%' group by r.user_id`,
    [userIds],
  );
  const by = new Map(rows.map((r) => [r.user_id, r.n]));
  return userIds.map((u) => by.get(u) ?? 0);
}

/**
 * The industries: 信息技术 > 软件开发, and 制造业 > 医药制造业 > 化学药品制造, 制造业 > 通用设备; qualification
 * type 1 = 高新技术企业, 2 = 专精特新企业.
 */
const I: Record<'it' | 'software' | 'making' | 'pharma' | 'chemical' | 'machines', string> = {
  it: '',
  software: '',
  making: '',
  pharma: '',
  chemical: '',
  machines: '',
};
let A: Awaited<ReturnType<typeof enterprise>>; // 软件开发, 20M (中型), 高新
let B: Awaited<ReturnType<typeof enterprise>>; // 软件开发, 2M (小型), 高新
let C: Awaited<ReturnType<typeof enterprise>>; // 化学药品制造, 20M (中型), 专精特新
let D: Awaited<ReturnType<typeof enterprise>>; // 软件开发, 20M, 高新, moved out
let companyA: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  I.it = await industryNode('信息技术');
  I.software = await industryNode('软件开发', I.it);
  I.making = await industryNode('制造业');
  I.pharma = await industryNode('医药制造业', I.making);
  I.chemical = await industryNode('化学药品制造', I.pharma);
  I.machines = await industryNode('通用设备', I.making);
  A = await enterprise('甲', 'a', I.software, 20_000_000, [1]);
  B = await enterprise('乙', 'b', I.software, 2_000_000, [1]);
  C = await enterprise('丙', 'c', I.chemical, 20_000_000, [2]);
  D = await enterprise('丁', 'd', I.software, 20_000_000, [1], false);
  companyA = await login(server, A.account, 'secret1', '000000', 'web');
});
afterAll(() => server.close());

describe('policies', () => {
  it('refuses bad input with a clear message', async () => {
    const removed = await industryNode('已删除的行业');
    await ok(server, admin, 'POST', `/api/blade-basic/industry/remove?ids=${removed}`);
    const cases: [object, string][] = [
      [{ ...BODY, title: '' }, '请输入政策标题'],
      [{ ...BODY, issuingBody: undefined }, '请输入发布机构'],
      [{ ...BODY, content: '<script>alert(1)</script>' }, '请输入政策内容'],
      // An industry is a live node of this tenant's tree.
      [{ ...BODY, industry: '123456789' }, '适用行业不存在'],
      [{ ...BODY, industry: removed }, '适用行业不存在'],
      [{ ...BODY, industry: 'abc' }, '适用行业不是有效的编号'],
      [{ ...BODY, enterpriseScale: 9 }, '企业规模的取值无效'],
      [{ ...BODY, publishStatus: 5 }, '发布状态的取值无效'],
      [{ ...BODY, startDate: '2024-06-02', endDate: '2024-06-01' }, '申报截止不能早于申报开始'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(`${P}/submit`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toContain(msg);
    }
  });

  it('answers the generic calls, keeps tags tidy, the body clean and the publishing time', async () => {
    const draft = await ok(server, admin, 'POST', `${P}/submit`, {
      ...BODY,
      title: '通用调用政策',
      publishStatus: 0,
      tags: ' 人才引进 ,研发补贴，人才引进,,',
      content: '<p onclick="x()">正文<img src="x" onerror="alert(1)"></p><script>alert(1)</script>',
    });
    expect(draft).toMatchObject({ tags: '人才引进,研发补贴', publishStatus: 0, publishTime: null });
    expect(draft.content).toContain('正文');
    expect(draft.content).not.toMatch(/script|onclick|onerror/);

    const published = await ok(server, admin, 'POST', `${P}/submit`, { id: draft.id, publishStatus: 1 });
    expect(published.publishTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const again = await ok(server, admin, 'POST', `${P}/submit`, { id: draft.id, title: '通用调用政策（修订）' });
    expect(again.publishTime).toBe(published.publishTime);

    const page = await ok(server, admin, 'GET', `${P}/page?title=${encodeURIComponent('通用调用')}`);
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([draft.id]);
    expect((await ok(server, admin, 'GET', `${P}/list?tags=${encodeURIComponent('研发补贴')}`)).total).toBe(1);
    expect((await ok(server, admin, 'GET', `${P}/detail?id=${draft.id}`)).title).toBe('通用调用政策（修订）');

    const withdrawn = await ok(server, admin, 'POST', `${P}/submit`, { id: draft.id, publishStatus: 0 });
    expect(withdrawn.publishTime).toBeNull();
    expect((await post(`${P}/remove?ids=${draft.id}`)).body).toMatchObject({ code: 200 });
    expect((await get(`${P}/detail?id=${draft.id}`)).status).toBe(404);
  });

  it('keeps files from 政策管理 with its edit button, not the article editor', async () => {
    const id = await newPolicy({ title: '附件政策' });
    await createUserWithButtons(server, '000000', 'pol_files', ['policy', 'policy_view', 'policy_edit']);
    await createUserWithButtons(server, '000000', 'pol_writer', ['policy_info', 'policy_info_add', 'policy_info_edit']);
    const files = await login(server, 'pol_files', 'pass');
    const writer = await login(server, 'pol_writer', 'pass');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

    const upload = (token: string) =>
      server.call({
        method: 'POST',
        url: `${P}/save-attach?policyId=${id}`,
        token,
        ...multipart('原文.pdf', pdf, 'application/pdf'),
      });
    expect((await upload(writer)).status).toBe(403);
    const saved = await upload(files);
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { name: '原文.pdf' } });

    const list = await ok(server, files, 'GET', `${P}/attach-list?policyId=${id}`);
    expect(list.map((f: { name: string }) => f.name)).toEqual(['原文.pdf']);
    const download = await server.call({ method: 'GET', url: list[0].link, token: files });
    expect(download.status).toBe(200);

    expect((await post(`${P}/remove-attach?id=${list[0].id}`, {}, writer)).status).toBe(403);
    expect((await post(`${P}/remove-attach?id=${list[0].id}`, {}, files)).body.code).toBe(200);
    expect(await ok(server, files, 'GET', `${P}/attach-list?policyId=${id}`)).toEqual([]);
    expect((await get(`${P}/attach-list?policyId=123456789`, files)).status).toBe(404);
  });
});

describe('analysisPush', () => {
  it('refuses unknown, malformed and unpublishable pushes with 400', async () => {
    expect((await post(`${PUSH}/analysisPush/abc`)).body).toMatchObject({ code: 400, msg: '推送记录编号无效' });
    expect((await post(`${PUSH}/analysisPush/123456789`)).body).toMatchObject({ code: 400, msg: '推送记录不存在' });
    expect((await post(`${PUSH}/submit`, { pushContent: 'x' })).body).toMatchObject({
      code: 400,
      msg: '请选择推送政策',
    });
    expect((await post(`${PUSH}/submit`, { policyId: '123456789' })).body).toMatchObject({
      code: 400,
      msg: '所选政策不存在',
    });
    // A draft is not taken by a new push (the form offers only the published ones) nor by a push repointed.
    const draft = await newPolicy({ title: '草稿政策', publishStatus: 0 });
    expect((await post(`${PUSH}/submit`, { policyId: draft })).body).toMatchObject({
      code: 400,
      msg: '只能推送已发布的政策',
    });
    const withdrawn = await newPolicy({ title: '将撤回的政策' });
    const push = await newPush(withdrawn);
    expect((await post(`${PUSH}/submit`, { id: push, policyId: draft })).body).toMatchObject({
      code: 400,
      msg: '只能推送已发布的政策',
    });
    // Its note is still edited after the policy is withdrawn; the push itself waits for it to be published.
    await ok(server, admin, 'POST', `${P}/submit`, { id: withdrawn, publishStatus: 0 });
    await ok(server, admin, 'POST', `${PUSH}/submit`, { id: push, policyId: withdrawn, pushContent: '改' });
    expect((await post(`${PUSH}/analysisPush/${push}?preview=1`)).body).toMatchObject({
      code: 400,
      msg: '政策尚未发布，不能推送',
    });
  });

  it('finds the enterprises in the park by industry, scale and qualification tags', async () => {
    const names = async (policy: object) => {
      const push = await newPush(await newPolicy(policy));
      const res = await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}?preview=1`);
      expect(res.sent).toBe(0);
      return res.enterprises.map((e: { id: string }) => e.id).sort();
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect(await names({ title: '全部' })).toEqual(sorted(A.id, B.id, C.id));
    expect(await names({ title: '软件', industry: I.software })).toEqual(sorted(A.id, B.id));
    // An industry covers those below it, at any depth, and no other.
    expect(await names({ title: '信息技术', industry: I.it })).toEqual(sorted(A.id, B.id));
    expect(await names({ title: '制造', industry: I.making })).toEqual([C.id]);
    expect(await names({ title: '医药', industry: I.pharma })).toEqual([C.id]);
    expect(await names({ title: '设备', industry: I.machines })).toEqual([]);
    expect(await names({ title: '中型', enterpriseScale: 3 })).toEqual(sorted(A.id, C.id));
    expect(await names({ title: '小型软件', industry: I.it, enterpriseScale: 2 })).toEqual([B.id]);
    expect(await names({ title: '专精特新', tags: '专精特新企业' })).toEqual([C.id]);
    expect(await names({ title: '高新或专精', tags: '高新技术企业,专精特新企业,房租减免' })).toEqual(
      sorted(A.id, B.id, C.id),
    );
    // A tag no qualification carries says what the policy gives, not whom it is for.
    expect(await names({ title: '房租', tags: '房租减免', industry: I.pharma })).toEqual([C.id]);
    // Nothing was sent by analysing.
    expect(await pushMessages([A.userId, B.userId, C.userId, D.userId])).toEqual([0, 0, 0, 0]);
  });

  it('messages each fitting company account once, however many calls at once', async () => {
    const push = await newPush(await newPolicy({ title: '高新企业奖励', tags: '高新技术企业', industry: I.it }));
    const calls = await Promise.all([post(`${PUSH}/analysisPush/${push}`), post(`${PUSH}/analysisPush/${push}`)]);
    for (const c of calls) expect(c.body.code, JSON.stringify(c.body)).toBe(200);
    expect(calls.map((c) => c.body.data.sent).sort()).toEqual([0, 2]);
    const last = calls.find((c) => c.body.data.sent === 2)!.body;
    expect(last.msg).toBe('已推送 2 家企业');
    const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : 1);
    const expected = [
      { id: A.id, scale: 3, industry: I.software, industryName: '软件开发' },
      { id: B.id, scale: 2, industry: I.software, industryName: '软件开发' },
    ].sort(byId);
    expect(last.data.enterprises.sort(byId)).toEqual(
      expected.map((e) => expect.objectContaining({ ...e, tags: ['高新技术企业'], accounts: 1, pushed: true })),
    );
    expect(await pushMessages([A.userId, B.userId, C.userId, D.userId])).toEqual([1, 1, 0, 0]);

    // Once more: nothing new to send; the push says whom it reached, when and by whom.
    const third = await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}`);
    expect(third.sent).toBe(0);
    expect(await pushMessages([A.userId, B.userId])).toEqual([1, 1]);
    const row = await ok(server, admin, 'GET', `${PUSH}/detail?id=${push}`);
    expect(row).toMatchObject({
      pushStatus: 1,
      enterpriseCount: 2,
      pushUser: ADMIN.userId,
      policyTitle: '高新企业奖励',
    });
    expect(row.pushTime).toBeTruthy();
    const targets = await sql<{ n: number }>(
      'select count(*)::int as n from demo_policy_push_enterprise where push_id = $1',
      [push],
    );
    expect(targets[0].n).toBe(2);

    // A sent push keeps its policy.
    const other = await newPolicy({ title: '另一政策' });
    expect((await post(`${PUSH}/submit`, { id: push, policyId: other })).body.code).toBe(400);
  });
});

describe('enterprises added and left out by hand (issue 34.5)', () => {
  const ids = (list: { id: string }[]) => list.map((e) => e.id).sort();
  it('keeps the choice on the push: the match without those left out, with those added, and sends to them', async () => {
    // The match: A and B (软件, 高新). C added by hand, B left out; D (moved out of the park) added too.
    const push = await newPush(await newPolicy({ title: '手动选择企业', industry: I.software }));
    const before = await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}?preview=1`);
    expect(ids(before.enterprises)).toEqual([A.id, B.id].sort());
    const picked = await ok(server, admin, 'POST', `${PUSH}/pick`, { id: push, added: [C.id, D.id], removed: [B.id] });
    expect(ids(picked.enterprises)).toEqual([A.id, C.id, D.id].sort());
    expect(picked.enterprises.find((e: { id: string }) => e.id === C.id)).toMatchObject({
      source: 'added',
      pushed: false,
    });
    expect(picked.enterprises.find((e: { id: string }) => e.id === A.id)).toMatchObject({ source: 'match' });
    expect(ids(picked.removed)).toEqual([B.id]);
    // Kept: a later analysis reads the same choice.
    const again = await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}?preview=1`);
    expect(ids(again.enterprises)).toEqual([A.id, C.id, D.id].sort());
    const before2 = await pushMessages([A.userId, B.userId, C.userId, D.userId]);
    const sent = await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}`);
    expect(sent.sent).toBe(3);
    const after = await pushMessages([A.userId, B.userId, C.userId, D.userId]);
    expect(after.map((n, i) => n - before2[i])).toEqual([1, 0, 1, 1]);
    // A new choice replaces the old: B back in (the next send reaches B alone), C no longer added.
    const next = await ok(server, admin, 'POST', `${PUSH}/pick`, { id: push, added: [], removed: [] });
    expect(ids(next.enterprises)).toEqual([A.id, B.id].sort());
    expect((await ok(server, admin, 'POST', `${PUSH}/analysisPush/${push}`)).sent).toBe(1);
  });

  it('refuses a bad choice with 400, and a company account', async () => {
    const push = await newPush(await newPolicy({ title: '选择校验' }));
    const bad = async (body: object, msg: string) =>
      expect((await post(`${PUSH}/pick`, { id: push, ...body })).body).toMatchObject({ code: 400, msg });
    await bad({ added: 'x' }, '请给出要加入或移除的企业（added、removed，各最多500家）');
    await bad({ added: ['abc'] }, '请给出要加入或移除的企业（added、removed，各最多500家）');
    await bad({ added: [A.id], removed: [A.id] }, '同一企业不能既加入又移除');
    await bad({ added: ['123456789'] }, '所选企业不存在');
    expect((await post(`${PUSH}/pick`, { id: 'abc' })).body).toMatchObject({ code: 400, msg: '推送记录编号无效' });
    expect((await post(`${PUSH}/pick`, { id: '123456789' })).body).toMatchObject({ code: 400, msg: '推送记录不存在' });
    // Nothing of the refused calls was kept.
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from demo_policy_push_pick where push_id = $1',
      [push],
    );
    expect(n).toBe(0);
    expect((await post(`${PUSH}/pick`, { id: push, added: [A.id] }, companyA)).status).toBe(403);
  });

  it('lets park staff holding only 政策推送 pick enterprises in the push dialog (the enterprise selector reads them)', async () => {
    await createUserWithButtons(server, '000000', 'push_only', ['policy_push', 'policy_push_view', 'policy_push_edit']);
    const staff = await login(server, 'push_only', 'pass');
    const push = await newPush(await newPolicy({ title: '推送员选择企业', industry: I.software }));
    // The selector's page, search and names of the picked ones.
    const page = await ok(
      server,
      staff,
      'GET',
      `/api/blade-crm/enterprise/page?enterpriseName=${encodeURIComponent('丙')}`,
    );
    expect(page.records.map((e: { id: string }) => e.id)).toContain(C.id);
    const named = await ok(server, staff, 'GET', `/api/blade-crm/enterprise/list-by-ids?ids=${C.id}`);
    expect(named.map((e: { id: string }) => e.id)).toEqual([C.id]);
    const picked = await ok(server, staff, 'POST', `${PUSH}/pick`, { id: push, added: [C.id], removed: [B.id] });
    expect(ids(picked.enterprises)).toEqual([A.id, C.id].sort());
    // Reading enterprises for the dialog writes none of them.
    const write = await server.call({
      method: 'POST',
      url: '/api/blade-crm/enterprise/submit',
      token: staff,
      payload: { id: C.id, enterpriseName: '改名' },
    });
    expect(write.status).toBe(403);
  });
});

describe('a company account', () => {
  it('reads published policies and the pushes to its own enterprise, and changes nothing', async () => {
    const published = await newPolicy({ title: '企业可见政策', industry: I.pharma });
    const draft = await newPolicy({ title: '企业不可见草稿', publishStatus: 0 });
    const mine = await newPush(await newPolicy({ title: '推给甲', tags: '高新技术企业', enterpriseScale: 3 }));
    const others = await newPush(published);
    await ok(server, admin, 'POST', `${PUSH}/analysisPush/${mine}`);
    await ok(server, admin, 'POST', `${PUSH}/analysisPush/${others}`);

    const policies = await ok(server, companyA, 'GET', `${P}/page?size=100`);
    const titles = policies.records.map((r: { title: string }) => r.title);
    expect(titles).toContain('企业可见政策');
    // The industry's name comes with the policy: the company reads no industry tree.
    expect(policies.records.find((r: { id: string }) => r.id === published)).toMatchObject({
      industry: I.pharma,
      industryName: '医药制造业',
    });
    expect(titles).not.toContain('企业不可见草稿');
    expect(policies.records.every((r: { publishStatus: number }) => r.publishStatus === 1)).toBe(true);
    expect((await get(`${P}/detail?id=${draft}`, companyA)).status).toBe(404);
    expect((await get(`${P}/attach-list?policyId=${published}`, companyA)).body.code).toBe(200);

    const pushes = await ok(server, companyA, 'GET', `${PUSH}/page?size=100`);
    const ids = pushes.records.map((r: { id: string }) => r.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(others);
    expect((await get(`${PUSH}/detail?id=${others}`, companyA)).status).toBe(404);

    for (const [url, body] of [
      [`${P}/submit`, BODY],
      [`${P}/submit`, { id: published, title: '改' }],
      [`${P}/remove?ids=${published}`, {}],
      [`${PUSH}/submit`, { policyId: published }],
      [`${PUSH}/analysisPush/${mine}`, {}],
    ] as const) {
      expect((await post(url, body, companyA)).status, url).toBe(403);
    }
    expect((await get(`${P}/detail?id=${published}`)).body.data.title).toBe('企业可见政策');
  });

  it('is given the policies once in a database seeded before companies could read them', async () => {
    const codes = ['policy_info', 'policy_info_view', 'policy_info_edit', 'policy_push', 'policy_push_view'];
    const grants = async () =>
      (
        await server.platform.db.admin.query<{ code: string }>(
          `select m.code from blade_role_menu g join blade_menu m on m.id = g.menu_id
            where g.role_id = $1 and m.code = any($2::text[]) order by m.code`,
          [SEED.companyRole, codes],
        )
      ).map((r) => r.code);
    const granted = ['policy_info', 'policy_info_view', 'policy_push', 'policy_push_view'];
    expect(await grants()).toEqual(granted);
    await server.platform.db.admin.query(
      `delete from blade_role_menu where role_id = $1 and menu_id in (select id from blade_menu where code = any($2::text[]))`,
      [SEED.companyRole, codes],
    );
    await server.platform.db.admin.query(`delete from park_seed where name = 'company-policy'`);
    await seed(server.platform.db, { demo: false });
    expect(await grants()).toEqual(granted);
    await seed(server.platform.db, { demo: false });
    expect(await grants()).toEqual(granted);
  });
});
