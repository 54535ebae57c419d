import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { createEnterprise } from './crm-fixtures.ts';
import { ADMIN, createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/**
 * The park's basic data (blade-basic): industries and jobs as trees (lazy-tree, lazy-list, tree, update,
 * a parent that must exist and not lie below, no removal of a node with children), carousels in their
 * order with safe picture and link addresses, Q&A, and tag options (select by tagKey, save, submit:
 * empty and existing values skipped, an unknown key refused with 不被期望的tagKey, concurrent submits
 * adding each tag once). Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let other: string;
/** Holds 招聘岗位 with its view button only, and 园区指南. */
let reader: string;
/** Holds 常见问答 only. */
let stranger: string;

const B = '/api/blade-basic';
const post = (url: string, payload: unknown = {}, token = admin, headers: Record<string, string> = {}) =>
  server.call({ method: 'POST', url, token, payload: payload as object, headers });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

async function created(url: string, body: object, token = admin): Promise<string> {
  const res = await post(url, body, token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** A 400 with exactly this message. */
function refused(res: { status: number; body: { code: number; msg: string } }, msg: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ code: 400, msg });
}

beforeAll(async () => {
  // The demo seeding: its data is checked first, and every other test adds rows of its own beside it.
  server = await startServer({ demoData: true });
  admin = await login(server, ADMIN.account, ADMIN.password);
  const tenant = await createTenant(server, '636001');
  // Signed straight (tokens.ts): the login flow is not what these tests are about.
  const as = (tenantId: string, userId: string, roleId: string, alias: string) =>
    tokenFor(server, { tenantId, userId, roleIds: [roleId], roleAliases: [alias], deptId: '' });
  other = as(tenant.tenantId, tenant.adminId, tenant.adminRole, 'administrator');
  const readerUser = await createUserWithButtons(server, '000000', 'b_reader', ['job', 'job_view', 'guide']);
  reader = as('000000', readerUser.userId, readerUser.roleId, 'b_reader');
  const strangerUser = await createUserWithButtons(server, '000000', 'b_stranger', ['qa']);
  stranger = as('000000', strangerUser.userId, strangerUser.roleId, 'b_stranger');
});
afterAll(() => server.close());

type Node = { id: string; parentId: string; title: string; hasChildren: boolean; children?: Node[] };

describe('demo data', () => {
  it('has the industry tree, jobs, carousels with pictures in the store, questions and tags', async () => {
    const roots = (await get(`${B}/industry/lazy-tree?pid=0`)).body.data as Node[];
    expect(roots).toHaveLength(20);
    expect(roots[0]).toMatchObject({ title: '农、林、牧、渔业', hasChildren: true });
    const tree = (await get(`${B}/industry/tree`)).body.data as Node[];
    const info = tree.find((n) => n.title === '信息传输、软件和信息技术服务业');
    expect(info?.children?.find((n) => n.title === '软件和信息技术服务业')?.children?.map((n) => n.title)).toContain(
      '软件开发',
    );

    const jobs = (await get(`${B}/job/tree`)).body.data as Node[];
    expect(jobs.map((n) => n.title)).toEqual(['技术研发', '生产制造', '市场销售']);

    const carousels = (await get(`${B}/carousel/page`)).body.data.records as { imageUrl: string; sort: number }[];
    expect(carousels.map((c) => c.sort)).toEqual([1, 2, 3]);
    const picture = await server.call({ method: 'GET', url: carousels[0].imageUrl });
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    expect((await get(`${B}/qa/page`)).body.data.total).toBe(5);
    const tags = (await get(`${B}/tag-option/select?tagKey=guide_tag_option`)).body.data as { tagValue: string }[];
    expect(tags.map((t) => t.tagValue)).toContain('办事流程');
  });
});

describe('industries', () => {
  const I = `${B}/industry`;
  let top: string;
  let mid: string;
  let leaf: string;
  let second: string;

  beforeAll(async () => {
    top = await created(`${I}/submit`, { industryName: '测试门类', industryCode: 'TX', sort: 1 });
    second = await created(`${I}/submit`, { industryName: '测试门类二', industryCode: 'TY', sort: 2 });
    mid = await created(`${I}/submit`, { industryName: '测试大类', industryCode: 'TX1', parentId: top, sort: 1 });
    leaf = await created(`${I}/submit`, { industryName: '测试小类', industryCode: 'TX11', parentId: mid, sort: 1 });
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    refused(await post(`${I}/submit`, { industryCode: 'Z9', sort: 1 }), '请输入行业名称');
    refused(await post(`${I}/submit`, { industryName: '无上级', parentId: '1234567', sort: 1 }), '上级节点不存在');
    refused(await post(`${I}/submit`, { industryName: '坏上级', parentId: 'abc', sort: 1 }), '上级行业不是有效的编号');
    refused(await post(`${I}/submit`, { industryName: '重复代码', industryCode: 'TX', sort: 1 }), '行业代码已存在');
    refused(await post(`${I}/submit`, { industryName: '负排序', sort: -1 }), '排序不能小于0');
    refused(await post(`${I}/submit`, [1, 2]), '请求体必须是JSON对象');
    // Under itself or under its own descendant: a cycle.
    refused(await post(`${I}/update`, { id: top, parentId: top }), '上级节点不能是自己或自己的下级');
    refused(await post(`${I}/update`, { id: top, parentId: leaf }), '上级节点不能是自己或自己的下级');
    refused(await post(`${I}/update`, { industryName: '无编号' }), '请选择要修改的数据');
    refused(await get(`${I}/lazy-tree?pid=abc`), '上级编号无效');
    const en = await post(`${I}/submit`, { industryName: '无上级', parentId: '1234567', sort: 1 }, admin, {
      'accept-language': 'en',
    });
    expect(en.body).toMatchObject({ code: 400, msg: 'The parent does not exist' });
  });

  it('keeps the ancestors and answers one level at a time by pid or parentId, each telling hasChildren', async () => {
    const detail = await get(`${I}/detail?id=${leaf}`);
    expect(detail.body.data).toMatchObject({ ancestors: `0,${top},${mid}`, parentName: '测试大类' });

    const roots = await get(`${I}/lazy-tree?pid=0`);
    expect(roots.body.code).toBe(200);
    const rootNode = (roots.body.data as Node[]).find((n) => n.id === top);
    expect(rootNode).toMatchObject({
      id: top,
      parentId: '0',
      title: '测试门类',
      key: top,
      value: top,
      hasChildren: true,
    });
    expect((roots.body.data as Node[]).find((n) => n.id === second)?.hasChildren).toBe(false);
    // Only the top level: no class of a category comes with them.
    expect((roots.body.data as Node[]).some((n) => n.id === mid)).toBe(false);

    const level = await get(`${I}/lazy-tree?parentId=${top}`);
    expect(level.body.data).toEqual([expect.objectContaining({ id: mid, title: '测试大类', hasChildren: true })]);

    const rows = await get(`${I}/lazy-list?pid=${mid}`);
    expect(rows.body.data).toEqual([
      expect.objectContaining({ id: leaf, industryName: '测试小类', industryCode: 'TX11', hasChildren: false }),
    ]);
    // The list's filters apply to a level too.
    const found = await get(`${I}/lazy-list?pid=0&industryName=${encodeURIComponent('门类二')}`);
    expect((found.body.data as { id: string }[]).map((r) => r.id)).toEqual([second]);
  });

  it('answers the whole tree nested, and its list as an array', async () => {
    const tree = await get(`${I}/tree`);
    const node = (tree.body.data as Node[]).find((n) => n.id === top);
    expect(node?.children?.[0]).toMatchObject({ id: mid, hasChildren: true });
    expect(node?.children?.[0].children?.[0]).toMatchObject({ id: leaf, title: '测试小类', hasChildren: false });
    const list = await get(`${I}/list?industryCode=TX`);
    expect(Array.isArray(list.body.data)).toBe(true);
    expect((list.body.data as { id: string }[]).map((r) => r.id).sort()).toEqual([top, mid, leaf].sort());
  });

  it('moves a branch with update, carrying the descendants along', async () => {
    const moved = await post(`${I}/update`, { id: mid, parentId: second });
    expect(moved.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await get(`${I}/detail?id=${mid}`)).body.data.ancestors).toBe(`0,${second}`);
    expect((await get(`${I}/detail?id=${leaf}`)).body.data.ancestors).toBe(`0,${second},${mid}`);
    expect((await get(`${I}/lazy-tree?pid=${top}`)).body.data).toEqual([]);
  });

  it('refuses to remove an industry with children; removes it by id once they are gone', async () => {
    refused(await post(`${I}/remove?id=${second}`), '该行业下还有子行业，请先删除子行业');
    expect((await get(`${I}/detail?id=${second}`)).body.data.industryName).toBe('测试门类二');
    // A parent removed with its children in one call leaves none behind.
    expect((await post(`${I}/remove?ids=${leaf},${mid}`)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await post(`${I}/remove?id=${second}`)).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get(`${I}/detail?id=${second}`)).status).toBe(404);
  });

  it('keeps each tenant to its own tree', async () => {
    const roots = await get(`${I}/lazy-tree?pid=0`, other);
    expect(roots.body).toMatchObject({ code: 200, data: [] });
    expect((await get(`${I}/tree`, other)).body.data).toEqual([]);
    // Another tenant's node is no parent here.
    refused(await post(`${I}/submit`, { industryName: '越界', parentId: top, sort: 1 }, other), '上级节点不存在');
    expect((await get(`${I}/lazy-list?pid=${top}`, other)).body.data).toEqual([]);
  });
});

describe('jobs', () => {
  const J = `${B}/job`;
  let enterpriseId: string;
  let category: string;
  let position: string;

  beforeAll(async () => {
    enterpriseId = (await createEnterprise(server, admin, '招聘测试企业', 'job_ent')).id;
    category = await created(`${J}/submit`, { jobName: '技术类', sort: 1 });
    position = await created(`${J}/submit`, {
      jobName: '前端工程师',
      parentId: category,
      enterpriseId,
      salary: '15K-20K',
      headcount: 2,
      contactPhone: '13800138000',
      status: 1,
      sort: 1,
    });
  });

  it('refuses bad input with a clear message', async () => {
    refused(await post(`${J}/submit`, { sort: 1 }), '请输入岗位名称');
    refused(await post(`${J}/submit`, { jobName: '甲', sort: 1, enterpriseId: '1234567' }), '招聘企业不存在');
    refused(await post(`${J}/submit`, { jobName: '甲', sort: 1, contactPhone: '12' }), '电话号不正确');
    refused(await post(`${J}/submit`, { jobName: '甲', sort: 1, headcount: 0 }), '招聘人数在1-9999之间');
    refused(await post(`${J}/submit`, { jobName: '甲', sort: 1, status: 7 }), '招聘状态的取值无效');
    refused(await post(`${J}/submit`, { jobName: '甲', sort: 1, parentId: '1234567' }), '上级节点不存在');
  });

  it('serves lazy-tree, lazy-list and tree, and update', async () => {
    const roots = (await get(`${J}/lazy-tree`)).body.data as Node[];
    expect(roots.find((n) => n.id === category)).toMatchObject({ title: '技术类', hasChildren: true });
    const rows = (await get(`${J}/lazy-list?parentId=${category}`)).body.data;
    expect(rows).toEqual([
      expect.objectContaining({
        id: position,
        jobName: '前端工程师',
        enterpriseId,
        parentName: '技术类',
        hasChildren: false,
      }),
    ]);
    const tree = (await get(`${J}/tree`)).body.data as Node[];
    expect(tree.find((n) => n.id === category)?.children).toEqual([
      expect.objectContaining({ id: position, title: '前端工程师' }),
    ]);
    const updated = await post(`${J}/update`, { id: position, status: 0, headcount: 3 });
    expect(updated.body).toMatchObject({ code: 200, data: { status: 0, headcount: 3, jobName: '前端工程师' } });
    refused(await post(`${J}/remove?ids=${category}`), '该类别下还有岗位，请先删除其下岗位');
  });

  it('asks for the buttons: a user with only the list may read, not write', async () => {
    expect((await get(`${J}/lazy-tree`, reader)).body.code).toBe(200);
    expect((await post(`${J}/submit`, { jobName: '乙' }, reader)).status).toBe(403);
    expect((await post(`${J}/update`, { id: position, jobName: '乙' }, reader)).status).toBe(403);
    expect((await post(`${J}/remove?ids=${position}`, {}, reader)).status).toBe(403);
    // No grant of the screen: not even a read.
    expect((await get(`${J}/tree`, stranger)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: `${J}/lazy-tree` })).status).toBe(401);
  });
});

describe('carousels', () => {
  const C = `${B}/carousel`;
  const IMAGE = '/api/blade-resource/oss/endpoint/file/000000/0123456789abcdef0123456789abcdef.png';

  it('refuses a missing picture, unsafe addresses and an unknown state', async () => {
    refused(await post(`${C}/submit`, { title: '甲', sort: 1, status: 1 }), '请上传图片');
    refused(
      await post(`${C}/submit`, { title: '甲', imageUrl: 'javascript:alert(1)', sort: 1, status: 1 }),
      '图片地址无效，请重新上传图片',
    );
    refused(
      await post(`${C}/submit`, { title: '甲', imageUrl: IMAGE, linkUrl: 'javascript:alert(1)', sort: 1, status: 1 }),
      '跳转链接须以 http://、https:// 或 / 开头',
    );
    refused(
      await post(`${C}/submit`, { title: '甲', imageUrl: IMAGE, linkUrl: '//evil.example', sort: 1, status: 1 }),
      '跳转链接须以 http://、https:// 或 / 开头',
    );
    refused(await post(`${C}/submit`, { title: '甲', imageUrl: IMAGE, status: 5, sort: 1 }), '状态的取值无效');
  });

  it('lists them by their order, and switches one off', async () => {
    const ids: Record<number, string> = {};
    for (const sort of [3, 1, 2]) {
      ids[sort] = await created(`${C}/submit`, {
        title: `轮播${sort}`,
        imageUrl: IMAGE,
        linkUrl: sort === 1 ? 'https://park.example/news' : '/policy/info',
        sort,
        // A new carousel is on unless the form says otherwise.
        ...(sort === 3 ? {} : { status: 1 }),
      });
    }
    expect((await get(`${C}/detail?id=${ids[3]}`)).body.data.status).toBe(1);
    const page = await get(`${C}/page?current=1&size=10&title=${encodeURIComponent('轮播')}`);
    expect(page.body.data.records.map((r: { title: string }) => r.title)).toEqual(['轮播1', '轮播2', '轮播3']);
    const off = await post(`${C}/submit`, { id: ids[2], status: 0 });
    expect(off.body).toMatchObject({ code: 200, data: { status: 0, title: '轮播2' } });
    const on = await get(`${C}/list?status=1&title=${encodeURIComponent('轮播')}`);
    expect(on.body.data.records.map((r: { title: string }) => r.title)).toEqual(['轮播1', '轮播3']);
    expect((await post(`${C}/remove?ids=${ids[3]}`)).body.code).toBe(200);
    expect((await get(`${C}/detail?id=${ids[3]}`)).status).toBe(404);
  });
});

describe('Q&A', () => {
  const Q = `${B}/qa`;

  it('keeps questions in their order with every generic call', async () => {
    refused(await post(`${Q}/submit`, { question: '没有答案？', sort: 1 }), '请输入回答');
    refused(await post(`${Q}/submit`, { answer: '没有问题', sort: 1 }), '请输入问题');
    const later = await created(`${Q}/submit`, { question: 'QA测试二', answer: '答二', sort: 2 });
    const first = await created(`${Q}/submit`, { question: 'QA测试一', answer: '答一', sort: 1 });
    const page = await get(`${Q}/page?question=${encodeURIComponent('QA测试')}`);
    expect(page.body.data.records.map((r: { id: string }) => r.id)).toEqual([first, later]);
    expect((await post(`${Q}/submit`, { id: later, answer: '新答案' })).body.data.answer).toBe('新答案');
    expect((await get(`${Q}/detail?id=${later}`, other)).status).toBe(404);
    expect((await post(`${Q}/remove?ids=${first},${later}`)).body.msg).toBe('删除成功');
  });
});

describe('tag options', () => {
  const T = `${B}/tag-option`;
  const values = (res: { body: { data: { tagValue: string }[] } }) => res.body.data.map((o) => o.tagValue);

  it('refuses an unknown or missing tag key with 不被期望的tagKey', async () => {
    refused(await get(`${T}/select?tagKey=colour`), '不被期望的tagKey');
    refused(await get(`${T}/select`), '缺少参数tagKey');
    refused(await post(`${T}/save`, { tagKey: 'dishes_taste', tagValue: '辣' }), '不被期望的tagKey');
    refused(await post(`${T}/submit`, [{ tagKey: 'nope', tagValue: '甲' }]), '不被期望的tagKey');
    const en = await get(`${T}/select?tagKey=colour`);
    expect(en.body.msg).toBe('不被期望的tagKey');
    const english = await server.call({
      method: 'GET',
      url: `${T}/select?tagKey=colour`,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body).toMatchObject({ code: 400, msg: 'Unexpected tagKey' });
  });

  it('refuses bad input, and a submit with one bad item writes nothing', async () => {
    refused(await post(`${T}/submit`, { tagKey: 'guide_tag_option', tagValue: '甲' }), '请提交标签数组');
    refused(await post(`${T}/save`, { tagKey: 'guide_tag_option', tagValue: '  ' }), '请输入标签');
    refused(await post(`${T}/save`, { tagKey: 'guide_tag_option', tagValue: { a: 1 } }), '标签必须是文本');
    refused(
      await post(`${T}/save`, { tagKey: 'guide_tag_option', tagValue: '长'.repeat(51) }),
      '标签长度不能超过50个字符',
    );
    refused(
      await post(`${T}/submit`, [
        { tagKey: 'guide_tag_option', tagValue: '不该写入' },
        { tagKey: 'unknown', tagValue: '乙' },
      ]),
      '不被期望的tagKey',
    );
    refused(
      await post(
        `${T}/submit`,
        Array.from({ length: 101 }, (_, i) => `t${i}`),
      ),
      '一次最多提交100个标签',
    );
    expect(values(await get(`${T}/select?tagKey=guide_tag_option`))).not.toContain('不该写入');
  });

  it('skips empty values and values that already exist, within a submit and across calls', async () => {
    const key = 'guide_tag_option';
    const first = await post(`${T}/submit`, [
      { tagKey: key, tagValue: '测试入驻' },
      { tagKey: key, tagValue: '' },
      { tagKey: key, tagValue: '   ' },
      { tagKey: key, tagValue: null },
      { tagKey: key, tagValue: ' 测试入驻 ' },
      { tagKey: key, tagValue: '测试物业' },
    ]);
    expect(first.body.code).toBe(200);
    expect(values(first).sort()).toEqual(['测试入驻', '测试物业'].sort());
    // Again with one new value: only that one is added. Texts with the tag key in the query work too.
    const again = await post(`${T}/submit?tagKey=${key}`, ['测试物业', '测试入驻', '测试交通']);
    expect(values(again)).toEqual(['测试交通']);
    const saved = await post(`${T}/save`, { tagKey: key, tagValue: '测试物业' });
    expect(saved.body).toMatchObject({ code: 200, data: { tagKey: key, tagValue: '测试物业' } });
    const listed = values(await get(`${T}/select?tagKey=${key}`));
    expect(listed.filter((v) => v === '测试物业')).toHaveLength(1);
    expect(listed).toEqual(expect.arrayContaining(['测试入驻', '测试物业', '测试交通']));
    // The same value under the other key is another tag.
    expect(values(await post(`${T}/submit`, [{ tagKey: 'policy_tag_option', tagValue: '测试物业' }]))).toEqual([
      '测试物业',
    ]);
    // select narrows by a part of the value.
    expect(values(await get(`${T}/select?tagKey=${key}&tagValue=${encodeURIComponent('试物')}`))).toEqual(['测试物业']);
  });

  it("offers the tag key's dictionary entries first, and adds none of their values again", async () => {
    const parent = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await q.query(
        `insert into blade_dict (id, parent_id, code, dict_key, dict_value, sort) values
           ($1, 0, 'policy_tag_option', '-1', '政策标签', 99), ($2, $1, 'policy_tag_option', 't1', '字典标签', 1)`,
        [parent, nextId()],
      );
    });
    expect(values(await post(`${T}/submit`, [{ tagKey: 'policy_tag_option', tagValue: '字典标签' }]))).toEqual([]);
    const listed = values(await get(`${T}/select?tagKey=policy_tag_option`));
    expect(listed.filter((v) => v === '字典标签')).toHaveLength(1);
    expect(listed.indexOf('字典标签')).toBeLessThan(listed.indexOf('测试物业'));
  });

  it('adds each tag once when the same values are submitted at the same time', async () => {
    const key = 'policy_tag_option';
    const tags = ['并发一', '并发二', '并发三', '并发四', '并发五'];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(
          `${T}/submit`,
          [...tags].sort(() => (i % 2 ? 1 : -1)).map((tagValue) => ({ tagKey: key, tagValue })),
        ),
      ),
    );
    for (const res of answers) expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const added = answers.flatMap((res) => values(res));
    expect(added.sort()).toEqual([...tags].sort());
    const stored = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ n: string }>(
        `select count(*)::text as n from basic_tag_option where tenant_id = '000000' and tag_value = any($1)`,
        [tags],
      ),
    );
    expect(stored[0].n).toBe('5');
  });

  it("keeps each tenant's tags its own, and opens them to the guide and policy screens only", async () => {
    expect(values(await get(`${B}/tag-option/select?tagKey=guide_tag_option`, other))).not.toContain('测试入驻');
    expect(
      values(await post(`${B}/tag-option/submit`, [{ tagKey: 'guide_tag_option', tagValue: '测试入驻' }], other)),
    ).toEqual(['测试入驻']);
    expect((await get(`${B}/tag-option/select?tagKey=guide_tag_option`, reader)).body.code).toBe(200);
    expect(
      (await post(`${B}/tag-option/save`, { tagKey: 'guide_tag_option', tagValue: '编辑加的' }, reader)).body.code,
    ).toBe(200);
    expect((await get(`${B}/tag-option/select?tagKey=guide_tag_option`, stranger)).status).toBe(403);
    expect((await post(`${B}/tag-option/submit`, ['甲'], stranger)).status).toBe(403);
  });
});
