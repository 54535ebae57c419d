import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createEnterprise, ok } from './crm-fixtures.ts';
import { ADMIN, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';

/**
 * News, park guides and feedback (blade-basic/news, guide, feedback with its replies): the generic calls,
 * rich text sanitised on every save, select by title, guide and feedback files by type, what a company
 * account reads and may not write, and the feedback's states: a park reply moves it to 已回复 and tells
 * its author, a close to 已关闭, after which no reply is taken, however the calls interleave.
 */
let server: TestServer;
let admin: string;
let companyA: string;
let companyB: string;
let authorA: string;

const NEWS = '/api/blade-basic/news';
const GUIDE = '/api/blade-basic/guide';
const FB = '/api/blade-basic/feedback';

const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });
const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.scoped('000000', (q) => q.query<T>(text, params));

const NEWS_BODY = { title: '园区新闻', content: '<p>正文</p>', publishStatus: 1 };
const GUIDE_BODY = { title: '入驻指南', guideType: 1, content: '<p>步骤</p>', publishStatus: 1 };
const FEEDBACK_BODY = { title: '建议增加车位', feedbackType: 1, content: '访客车位不足' };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** The messages a user received whose title starts so. */
async function messagesOf(userId: string, title: string): Promise<string[]> {
  const rows = await sql<{ title: string; content: string }>(
    `select m.title, m.content from blade_message_receiver r join blade_message m on m.id = r.message_id
      where r.user_id = $1 and m.title like $2 order by m.id`,
    [userId, `${title}%`],
  );
  return rows.map((r) => `${r.title}\n${r.content}`);
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  await createEnterprise(server, admin, '互动甲公司', 'ia_a');
  await createEnterprise(server, admin, '互动乙公司', 'ia_b');
  companyA = await login(server, 'ia_a', 'secret1', '000000', 'web');
  companyB = await login(server, 'ia_b', 'secret1', '000000', 'web');
  [{ id: authorA }] = await sql<{ id: string }>(`select id::text as id from blade_user where account = 'ia_a'`);
});
afterAll(() => server.close());

describe('rich text', () => {
  // The usual ways of smuggling a script into stored HTML; each must come back harmless.
  const PAYLOADS = [
    '<p>a<script>alert(1)</script>b</p>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<a href="javascript:alert(1)">j</a>',
    '<a href="jav&#x09;ascript:alert(1)">t</a>',
    '<a href="&#106;avascript:alert(1)">e</a>',
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
    '<a href="data:text/html,<script>alert(1)</script>">d</a>',
    '<p style="width: expression(alert(1))">s</p>',
    '<style>p{background:url(javascript:alert(1))}</style>',
    '<iframe src="https://evil.example"></iframe>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<div><p><b>x<i>y</b></i><img src="/a.png" onload=alert(1) <p>',
    '<table><tr><td onclick="alert(1)">c</td></tr></table>',
  ];

  it('is sanitised on every save of news and guides, created or updated, and read back clean', async () => {
    const body = `<h2>标题</h2><p><strong>粗体</strong></p>${PAYLOADS.join('')}<img src="/api/blade-resource/oss/endpoint/file/000000/a.png" alt="图">`;
    const created = await ok(server, admin, 'POST', `${NEWS}/submit`, { ...NEWS_BODY, content: body });
    const guide = await ok(server, admin, 'POST', `${GUIDE}/submit`, { ...GUIDE_BODY, content: '<p>x</p>' });
    await ok(server, admin, 'POST', `${GUIDE}/submit`, { id: guide.id, content: body });
    for (const [api, id] of [
      [NEWS, created.id],
      [GUIDE, guide.id],
    ]) {
      const read = (await ok(server, admin, 'GET', `${api}/detail?id=${id}`)).content as string;
      expect(read).toContain('<h2>标题</h2>');
      expect(read).toContain('<strong>粗体</strong>');
      expect(read).toContain('src="/api/blade-resource/oss/endpoint/file/000000/a.png"');
      expect(read).not.toMatch(/<script|<style|<svg|<iframe|javascript:|data:|expression\(|style=/i);
      expect(read).not.toMatch(/\son[a-z]+\s*=/i);
      // And so it is stored: nothing else reads it from the table unsanitised.
      const [stored] = await sql<{ content: string }>(
        `select content from ${api.endsWith('news') ? 'basic_news' : 'basic_guide'} where id = $1`,
        [id],
      );
      expect(stored.content).toBe(read);
    }
  });

  it('refuses a body with nothing left to show, and other bad input, with a clear message', async () => {
    const cases: [string, object, string][] = [
      [NEWS, { ...NEWS_BODY, content: '<script>alert(1)</script>' }, '请输入新闻内容'],
      [NEWS, { ...NEWS_BODY, content: '<p></p>' }, '请输入新闻内容'],
      [NEWS, { ...NEWS_BODY, title: ' ' }, '请输入新闻标题'],
      [NEWS, { ...NEWS_BODY, publishStatus: 7 }, '发布状态的取值无效'],
      [NEWS, { ...NEWS_BODY, content: { html: '<p>x</p>' } }, '新闻内容必须是文本'],
      [GUIDE, { ...GUIDE_BODY, guideType: undefined }, '请选择指南类型'],
      [GUIDE, { ...GUIDE_BODY, guideType: 99 }, '指南类型的取值无效'],
      [GUIDE, { ...GUIDE_BODY, sort: -1 }, '排序'],
    ];
    for (const [api, body, msg] of cases) {
      const res = await post(`${api}/submit`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toContain(msg);
    }
  });
});

describe('news and guides', () => {
  it('answers the generic calls, keeps the publishing time and selects by title', async () => {
    const draft = await ok(server, admin, 'POST', `${NEWS}/submit`, {
      ...NEWS_BODY,
      title: '选择测试草稿',
      publishStatus: 0,
    });
    expect(draft.publishTime).toBeNull();
    const live = await ok(server, admin, 'POST', `${NEWS}/submit`, { id: draft.id, publishStatus: 1 });
    expect(live.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const other = await ok(server, admin, 'POST', `${NEWS}/submit`, { ...NEWS_BODY, title: '另一条资讯' });

    const page = await ok(server, admin, 'GET', `${NEWS}/page?current=1&size=50&title=选择测试`);
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([draft.id]);
    const list = await ok(server, admin, 'GET', `${NEWS}/list?current=1&size=50`);
    expect(list.total).toBeGreaterThanOrEqual(2);

    const selected = await ok(server, admin, 'GET', `${NEWS}/select?title=${encodeURIComponent('选择测试')}`);
    expect(selected).toEqual([{ id: draft.id, title: '选择测试草稿', publishTime: live.publishTime }]);
    const all = await ok(server, admin, 'GET', `${NEWS}/select`);
    expect(all.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([draft.id, other.id]));

    // Withdrawn: no publishing time any more.
    expect(
      (await ok(server, admin, 'POST', `${NEWS}/submit`, { id: draft.id, publishStatus: 0 })).publishTime,
    ).toBeNull();
    await ok(server, admin, 'POST', `${NEWS}/remove?ids=${draft.id}`);
    expect((await get(`${NEWS}/detail?id=${draft.id}`)).status).toBe(404);

    const guide = await ok(server, admin, 'POST', `${GUIDE}/submit`, {
      ...GUIDE_BODY,
      title: '停车指南（选择）',
      tags: ' 停车 ,物业，停车,,',
    });
    expect(guide.tags).toBe('停车,物业');
    const guides = await ok(server, admin, 'GET', `${GUIDE}/select?title=${encodeURIComponent('（选择）')}`);
    expect(guides.map((r: { id: string }) => r.id)).toEqual([guide.id]);
  });

  it('lists a guide’s files by type and removes one', async () => {
    const guide = await ok(server, admin, 'POST', `${GUIDE}/submit`, { ...GUIDE_BODY, title: '带附件的指南' });
    const upload = (name: string, bytes: Buffer, type: string) =>
      server.call({
        method: 'POST',
        url: `${GUIDE}/save-attach?guideId=${guide.id}`,
        token: admin,
        ...multipart(name, bytes, type),
      });
    const image = (await upload('平面图.png', PNG, 'image/png')).body.data;
    const doc = (await upload('办事表.pdf', PDF, 'application/pdf')).body.data;
    const names = async (query: string) =>
      (await ok(server, admin, 'GET', `${GUIDE}/attach-list?guideId=${guide.id}${query}`)).map(
        (a: { name: string }) => a.name,
      );
    expect(await names('')).toEqual(['平面图.png', '办事表.pdf']);
    expect(await names('&type=2')).toEqual(['平面图.png']);
    expect(await names('&type=1')).toEqual(['办事表.pdf']);
    const wrong = await get(`${GUIDE}/attach-list?guideId=${guide.id}&type=3`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toContain('附件类型');
    expect((await get(`${GUIDE}/attach-list?guideId=1&type=1`)).status).toBe(404);

    await ok(server, admin, 'POST', `${GUIDE}/remove-attach?id=${image.id}`);
    expect(await names('')).toEqual(['办事表.pdf']);
    expect(doc.name).toBe('办事表.pdf');
  });

  it('shows company accounts what is published, and lets them write nothing', async () => {
    const published = await ok(server, admin, 'POST', `${NEWS}/submit`, { ...NEWS_BODY, title: '企业可见的新闻' });
    const draft = await ok(server, admin, 'POST', `${NEWS}/submit`, {
      ...NEWS_BODY,
      title: '企业不可见的草稿',
      publishStatus: 0,
    });
    const draftGuide = await ok(server, admin, 'POST', `${GUIDE}/submit`, {
      ...GUIDE_BODY,
      title: '草稿指南',
      publishStatus: 0,
    });

    const seen = await ok(server, companyA, 'GET', `${NEWS}/page?current=1&size=100`);
    const ids = seen.records.map((r: { id: string }) => r.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(seen.records.every((r: { publishStatus: number }) => r.publishStatus === 1)).toBe(true);
    expect((await get(`${NEWS}/detail?id=${draft.id}`, companyA)).status).toBe(404);
    expect((await get(`${GUIDE}/detail?id=${draftGuide.id}`, companyA)).status).toBe(404);
    const selected = await ok(server, companyA, 'GET', `${NEWS}/select?title=${encodeURIComponent('企业')}`);
    expect(selected.map((r: { id: string }) => r.id)).toEqual([published.id]);
    const guides = await ok(server, companyA, 'GET', `${GUIDE}/list?current=1&size=100`);
    expect(guides.records.map((r: { id: string }) => r.id)).not.toContain(draftGuide.id);

    expect((await post(`${NEWS}/submit`, { ...NEWS_BODY }, companyA)).status).toBe(403);
    expect((await post(`${NEWS}/submit`, { id: published.id, title: '改' }, companyA)).status).toBe(403);
    expect((await post(`${NEWS}/remove?ids=${published.id}`, {}, companyA)).status).toBe(403);
    expect((await post(`${GUIDE}/remove-attach?id=1`, {}, companyA)).status).toBe(403);
    expect((await get(`${NEWS}/detail?id=${published.id}`)).body.data.title).toBe('企业可见的新闻');
  });
});

describe('company role', () => {
  it('holds the news and guides to read and the feedback to write, never to edit articles or delete', async () => {
    const codes = ['news', 'news_view', 'news_add', 'news_edit', 'guide', 'guide_view', 'guide_edit', 'feedback'];
    const all = [...codes, 'feedback_add', 'feedback_edit', 'feedback_view', 'feedback_delete'];
    const rows = await server.platform.db.admin.query<{ code: string }>(
      `select m.code from blade_role_menu g join blade_menu m on m.id = g.menu_id
        where g.role_id = $1 and m.code = any($2::text[]) order by m.code`,
      [SEED.companyRole, all],
    );
    expect(rows.map((r) => r.code)).toEqual([
      'feedback',
      'feedback_add',
      'feedback_edit',
      'feedback_view',
      'guide',
      'guide_view',
      'news',
      'news_view',
    ]);
  });
});

describe('feedback', () => {
  it('is submitted by a company account, named by its enterprise and author, seen by it and the park only', async () => {
    const mine = await ok(server, companyA, 'POST', `${FB}/submit`, {
      ...FEEDBACK_BODY,
      enterpriseId: '1',
      feedbackStatus: 2,
    });
    expect(mine).toMatchObject({
      feedbackStatus: 0,
      replyCount: 0,
      createUser: authorA,
      createUserName: expect.any(String),
    });
    const [{ enterprise_id }] = await sql<{ enterprise_id: string }>(
      `select f.enterprise_id::text from basic_feedback f join blade_user u on u.enterprise_id = f.enterprise_id
        where f.id = $1 and u.id = $2`,
      [mine.id, authorA],
    );
    expect(enterprise_id).toBeTruthy();

    const ownPage = await ok(server, companyA, 'GET', `${FB}/page?current=1&size=100`);
    expect(ownPage.records.map((r: { id: string }) => r.id)).toContain(mine.id);
    const otherPage = await ok(server, companyB, 'GET', `${FB}/page?current=1&size=100`);
    expect(otherPage.records.map((r: { id: string }) => r.id)).not.toContain(mine.id);
    expect((await get(`${FB}/detail?id=${mine.id}`, companyB)).status).toBe(404);
    expect((await get(`${FB}/reply-list?feedbackId=${mine.id}`, companyB)).status).toBe(404);
    expect((await post(`${FB}/reply`, { feedbackId: mine.id, content: '插话' }, companyB)).status).toBe(404);
    expect((await post(`${FB}/close?id=${mine.id}`, {}, companyB)).status).toBe(404);
    const parkPage = await ok(server, admin, 'GET', `${FB}/page?current=1&size=100`);
    expect(parkPage.records.map((r: { id: string }) => r.id)).toContain(mine.id);

    // Its files: the author's screenshot, listed by type.
    const shot = await server.call({
      method: 'POST',
      url: `${FB}/save-attach?feedbackId=${mine.id}`,
      token: companyA,
      ...multipart('截图.png', PNG, 'image/png'),
    });
    expect(shot.body.code).toBe(200);
    expect((await ok(server, admin, 'GET', `${FB}/attach-list?feedbackId=${mine.id}&type=2`)).length).toBe(1);
    expect((await ok(server, companyA, 'GET', `${FB}/attach-list?feedbackId=${mine.id}&type=1`)).length).toBe(0);
    expect((await get(`${FB}/attach-list?feedbackId=${mine.id}`, companyB)).status).toBe(404);
  });

  it('moves 待处理 -> 已回复 -> 已关闭, tells the author of a park reply, and takes no reply once closed', async () => {
    const fb = await ok(server, companyA, 'POST', `${FB}/submit`, { ...FEEDBACK_BODY, title: '空调维修' });
    // The author amends it while nobody has answered.
    await ok(server, companyA, 'POST', `${FB}/submit`, { id: fb.id, content: '三楼空调故障' });

    const bad = await post(`${FB}/reply`, { feedbackId: fb.id, content: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('请输入回复内容');
    expect((await post(`${FB}/reply`, { feedbackId: 'x', content: '好' })).status).toBe(400);
    expect((await post(`${FB}/reply`, { feedbackId: '1', content: '好' })).status).toBe(404);

    const reply = await ok(server, admin, 'POST', `${FB}/reply`, { feedbackId: fb.id, content: '已安排维修' });
    expect(reply).toMatchObject({ feedbackId: fb.id, content: '已安排维修', fromPark: 1 });
    expect(await ok(server, companyA, 'GET', `${FB}/detail?id=${fb.id}`)).toMatchObject({
      feedbackStatus: 1,
      replyCount: 1,
    });
    const told = await messagesOf(authorA, '您的意见反馈有新回复：空调维修');
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('已安排维修');

    // Answered: the author can no longer rewrite it, but may follow up, which asks the park again.
    const amend = await post(`${FB}/submit`, { id: fb.id, content: '改写' }, companyA);
    expect(amend.status).toBe(400);
    expect(amend.body.msg).toContain('不能再修改');
    await ok(server, companyA, 'POST', `${FB}/reply`, { feedbackId: fb.id, content: '还是不制冷' });
    expect((await ok(server, admin, 'GET', `${FB}/detail?id=${fb.id}`)).feedbackStatus).toBe(0);
    expect(await messagesOf(authorA, '您的意见反馈有新回复：空调维修')).toHaveLength(1);

    const thread = await ok(server, companyA, 'GET', `${FB}/reply-list?feedbackId=${fb.id}`);
    expect(thread.map((r: { content: string; fromPark: number }) => [r.content, r.fromPark])).toEqual([
      ['已安排维修', 1],
      ['还是不制冷', 0],
    ]);
    expect(thread[0].createUserName).toBeTruthy();

    await ok(server, admin, 'POST', `${FB}/close?id=${fb.id}`);
    expect((await ok(server, admin, 'GET', `${FB}/detail?id=${fb.id}`)).feedbackStatus).toBe(2);
    for (const token of [admin, companyA]) {
      const refused = await post(`${FB}/reply`, { feedbackId: fb.id, content: '再回复' }, token);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('该反馈已关闭，不能再回复');
    }
    const again = await post(`${FB}/close?id=${fb.id}`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('已关闭');
    expect((await ok(server, admin, 'GET', `${FB}/reply-list?feedbackId=${fb.id}`)).length).toBe(2);
  });

  it('lets the author close its own, and park staff reply only with the edit button', async () => {
    const fb = await ok(server, companyA, 'POST', `${FB}/submit`, { ...FEEDBACK_BODY, title: '自行关闭' });
    await createUserWithButtons(server, '000000', 'ia_viewer', ['basic', 'feedback', 'feedback_view']);
    const viewer = await login(server, 'ia_viewer', 'pass');
    expect((await get(`${FB}/reply-list?feedbackId=${fb.id}`, viewer)).status).toBe(200);
    expect((await post(`${FB}/reply`, { feedbackId: fb.id, content: '看看' }, viewer)).status).toBe(403);
    expect((await post(`${FB}/close?id=${fb.id}`, {}, viewer)).status).toBe(403);
    await ok(server, companyA, 'POST', `${FB}/close?id=${fb.id}`);
    expect((await ok(server, admin, 'GET', `${FB}/detail?id=${fb.id}`)).feedbackStatus).toBe(2);
  });

  it('never lets a reply and a close racing each other both win', async () => {
    for (let round = 0; round < 4; round += 1) {
      const fb = await ok(server, companyA, 'POST', `${FB}/submit`, { ...FEEDBACK_BODY, title: `并发${round}` });
      const [reply, close] = await Promise.all([
        post(`${FB}/reply`, { feedbackId: fb.id, content: '并发回复' }),
        post(`${FB}/close?id=${fb.id}`),
      ]);
      expect(close.body.code).toBe(200);
      const [row] = await sql<{ feedback_status: number; reply_count: number; replies: number }>(
        `select feedback_status, reply_count,
                (select count(*)::int from basic_feedback_reply r where r.feedback_id = f.id) as replies
           from basic_feedback f where id = $1`,
        [fb.id],
      );
      expect(row.feedback_status).toBe(2);
      // A refused reply left nothing; a taken one was counted.
      expect(row.replies).toBe(reply.body.code === 200 ? 1 : 0);
      expect(row.reply_count).toBe(row.replies);
      if (reply.body.code !== 200) expect(reply.body.msg).toBe('该反馈已关闭，不能再回复');
    }
  });

  it('removes a feedback with its thread', async () => {
    const fb = await ok(server, companyA, 'POST', `${FB}/submit`, { ...FEEDBACK_BODY, title: '将删除' });
    await ok(server, admin, 'POST', `${FB}/reply`, { feedbackId: fb.id, content: '收到' });
    expect((await post(`${FB}/remove?ids=${fb.id}`, {}, companyA)).status).toBe(403);
    await ok(server, admin, 'POST', `${FB}/remove?ids=${fb.id}`);
    const [{ n }] = await sql<{ n: number }>(
      'select count(*)::int as n from basic_feedback_reply where feedback_id = $1 and is_deleted = 0',
      [fb.id],
    );
    expect(n).toBe(0);
    expect((await get(`${FB}/reply-list?feedbackId=${fb.id}`)).status).toBe(404);
  });
});
