import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../src/seed/platform.ts';
import { createEnterprise, ok } from './crm-fixtures.ts';
import { ADMIN, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';

/**
 * The park's personnel (blade-basic/staff with its account calls, staff-subsidy, staff-assessment,
 * staff-assessment-evaluate) and the team projects' matter comments, their files
 * (team-project-matters-comments-attach) and the project documents with theirs.
 */
let server: TestServer;
let admin: string;

const S = '/api/blade-basic/staff';
const SUB = '/api/blade-basic/staff-subsidy';
const ASM = '/api/blade-basic/staff-assessment';
const EVA = '/api/blade-basic/staff-assessment-evaluate';
const COM = '/api/blade-basic/team-project-matters-comments';
const CAT = '/api/blade-basic/team-project-matters-comments-attach';
const DOC = '/api/blade-basic/team-project-document';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600, 0x20)]);

const post = (url: string, payload: object = {}, token = admin) => server.call({ method: 'POST', url, token, payload });
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token });

async function person(name: string, extra: object = {}): Promise<string> {
  return (await ok(server, admin, 'POST', `${S}/save`, { staffName: name, ...extra })).id;
}

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
});
afterAll(() => server.close());

describe('staff', () => {
  it('saves and updates through save and update, refusing an id on save and none on update', async () => {
    const id = await person('周一', { phone: '13800002001', sex: 1 });
    const updated = await ok(server, admin, 'POST', `${S}/update`, { id, staffPost: 2 });
    expect(updated).toMatchObject({ staffName: '周一', staffPost: 2, phone: '13800002001' });
    expect((await post(`${S}/save`, { id, staffName: '甲' })).body).toMatchObject({ code: 400 });
    expect((await post(`${S}/update`, { staffName: '甲' })).body).toMatchObject({
      code: 400,
      msg: '请选择要修改的数据',
    });
    expect((await post(`${S}/save`, { phone: '13800002001' })).body).toMatchObject({ code: 400, msg: '请输入姓名' });
    expect((await post(`${S}/save`, { staffName: '乙', phone: '123' })).body.code).toBe(400);
    expect((await post(`${S}/save`, { staffName: '乙', staffPost: 99 })).body.code).toBe(400);
  });

  it('creates an account and binds it (create-bind), finds the person by it, refuses a second one', async () => {
    const staffId = await person('吴二', { phone: '13800002002' });
    const missing: [object, string][] = [
      [{ staffId, password: 'x', roleId: SEED.adminRole, deptId: SEED.rootDept }, '请输入账号'],
      [{ staffId, account: 'wuer', roleId: SEED.adminRole, deptId: SEED.rootDept }, '请输入密码'],
      [{ staffId, account: 'wuer', password: 'x', roleId: SEED.adminRole }, '请选择所属部门'],
      [{ staffId, account: 'wuer', password: 'x', deptId: SEED.rootDept }, '请选择所属角色'],
      [{ staffId, account: 'admin', password: 'x', roleId: SEED.adminRole, deptId: SEED.rootDept }, '账号已存在'],
    ];
    for (const [body, msg] of missing) {
      expect((await post(`${S}/create-bind`, body)).body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    const { userId } = await ok(server, admin, 'POST', `${S}/create-bind`, {
      staffId,
      account: 'wuer',
      password: 'secret1',
      roleId: SEED.adminRole,
      deptId: SEED.rootDept,
    });
    // The new account is a park account that logs in, and the person is found by it.
    const token = await login(server, 'wuer', 'secret1');
    const found = await ok(server, admin, 'GET', `${S}/user-info?userId=${userId}`);
    expect(found).toMatchObject({ id: staffId, userId, userAccount: 'wuer' });
    const again = await post(`${S}/create-bind`, {
      staffId,
      account: 'wuer2',
      password: 'x',
      roleId: SEED.adminRole,
      deptId: SEED.rootDept,
    });
    expect(again.body).toMatchObject({ code: 400, msg: '该人员已绑定账号' });

    // update-info edits the caller's own row, never its binding.
    const mine = await ok(server, token, 'POST', `${S}/update-info`, { education: '硕士研究生', userId: '1' });
    expect(mine).toMatchObject({ id: staffId, education: '硕士研究生', userId });
    expect((await post(`${S}/update-info`, { education: '本科' })).body).toMatchObject({
      code: 400,
      msg: '当前账号未绑定园区人员',
    });
  });

  it('binds an existing account (user-bind) once, unbinds it, and refuses a company account', async () => {
    const a = await person('郑三');
    const b = await person('王四');
    const { userId } = await createUserWithButtons(server, '000000', 'zhengsan', []);
    await ok(server, admin, 'POST', `${S}/user-bind?id=${a}&userId=${userId}`);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${a}`)).userId).toBe(userId);
    // An account already bound to someone else is refused, and so is one that does not exist.
    expect((await post(`${S}/user-bind?id=${b}&userId=${userId}`)).body).toMatchObject({
      code: 400,
      msg: '该账号已绑定其他人员',
    });
    expect((await post(`${S}/user-bind?id=${b}&userId=1234567890123`)).body).toMatchObject({
      code: 400,
      msg: '所选账号不存在',
    });
    expect((await post(`${S}/user-bind?id=${b}`)).body).toMatchObject({ code: 400, msg: '缺少参数userId' });
    expect((await post(`${S}/user-bind?id=1234567890123&userId=${userId}`)).status).toBe(404);
    await ok(server, admin, 'POST', `${S}/unbind?id=${a}`);
    expect((await ok(server, admin, 'GET', `${S}/detail?id=${a}`)).userId).toBeNull();
    expect(await ok(server, admin, 'GET', `${S}/user-info?userId=${userId}`)).toBeNull();
    // Unbound, the account is free for another person.
    await ok(server, admin, 'POST', `${S}/user-bind?id=${b}&userId=${userId}`);

    await createEnterprise(server, admin, '人员测试企业', 'personnel_co');
    const [account] = await server.platform.db.scoped('000000', (q) =>
      q.query<{ id: string }>(`select id::text as id from blade_user where account = 'personnel_co'`),
    );
    expect((await post(`${S}/user-bind?id=${a}&userId=${account.id}`)).body).toMatchObject({
      code: 400,
      msg: '企业账号不能绑定园区人员',
    });
  });

  it('keeps the account calls to holders of the staff edit button', async () => {
    const id = await person('钱五');
    await createUserWithButtons(server, '000000', 'stread', ['staff', 'staff_view']);
    const reader = await login(server, 'stread', 'pass');
    expect((await get(`${S}/page`, reader)).body.code).toBe(200);
    expect((await post(`${S}/unbind?id=${id}`, {}, reader)).status).toBe(403);
    expect((await post(`${S}/save`, { staffName: '甲' }, reader)).status).toBe(403);
  });
});

describe('subsidies, assessments and evaluations', () => {
  it("lists a person's subsidies and assessments, refusing an unknown person and bad amounts", async () => {
    const staffId = await person('孙六');
    const other = await person('李七');
    await ok(server, admin, 'POST', `${SUB}/submit`, { staffId, subsidyName: '安家补贴', amount: 1000 });
    await ok(server, admin, 'POST', `${SUB}/submit`, { staffId: other, subsidyName: '生活补贴', amount: 200 });
    const subsidies = await ok(server, admin, 'GET', `${SUB}/page?staffId=${staffId}`);
    expect(
      subsidies.records.map((r: { subsidyName: string; staffName: string }) => [r.subsidyName, r.staffName]),
    ).toEqual([['安家补贴', '孙六']]);
    const bad: [object, string][] = [
      [{ staffId: '1234567890123', subsidyName: '甲', amount: 1 }, '所属人员不存在'],
      [{ staffId, amount: 1 }, '请输入补贴名称'],
      [{ staffId, subsidyName: '甲' }, '请输入补贴金额(元)'],
    ];
    for (const [body, msg] of bad) {
      expect((await post(`${SUB}/submit`, body)).body, JSON.stringify(body)).toMatchObject({ code: 400, msg });
    }
    expect((await post(`${SUB}/submit`, { staffId, subsidyName: '甲', amount: -1 })).body.code).toBe(400);

    await ok(server, admin, 'POST', `${ASM}/submit`, { staffId, assessmentName: '年度考核', assessmentYear: 2025 });
    const assessments = await ok(server, admin, 'GET', `${ASM}/list?staffId=${staffId}`);
    expect(assessments.records).toHaveLength(1);
    expect((await post(`${ASM}/submit`, { staffId, assessmentName: '甲', assessmentYear: 1800 })).body.code).toBe(400);
    expect((await post(`${ASM}/submit`, { staffId: other, assessmentName: '甲' })).body).toMatchObject({
      code: 400,
      msg: '请输入考核年度',
    });
  });

  it('scores an assessment by the mean of its evaluations, each within 0 to 100', async () => {
    const staffId = await person('周八');
    const { id: assessmentId } = await ok(server, admin, 'POST', `${ASM}/submit`, {
      staffId,
      assessmentName: '季度考核',
      assessmentYear: 2025,
    });
    const e1 = await ok(server, admin, 'POST', `${EVA}/submit`, { assessmentId, evaluator: '甲', score: 90 });
    await ok(server, admin, 'POST', `${EVA}/submit`, { assessmentId, evaluator: '乙', score: 81 });
    expect(Number((await ok(server, admin, 'GET', `${ASM}/detail?id=${assessmentId}`)).score)).toBe(85.5);
    expect(e1.assessmentName).toBe('季度考核');
    for (const score of [-1, 100.5, 'abc']) {
      const res = await post(`${EVA}/submit`, { assessmentId, evaluator: '丙', score });
      expect(res.body.code, String(score)).toBe(400);
    }
    expect((await post(`${EVA}/submit`, { assessmentId, evaluator: '丙', score: 101 })).body.msg).toBe(
      '评分在0-100之间',
    );
    expect((await post(`${EVA}/submit`, { assessmentId: '1234567890123', evaluator: '丙', score: 1 })).body.msg).toBe(
      '所属考核不存在',
    );
    await ok(server, admin, 'POST', `${EVA}/remove?ids=${e1.id}`);
    expect(Number((await ok(server, admin, 'GET', `${ASM}/detail?id=${assessmentId}`)).score)).toBe(81);
    // A removed person takes their assessments and evaluations along.
    await ok(server, admin, 'POST', `${S}/remove?ids=${staffId}`);
    expect((await ok(server, admin, 'GET', `${ASM}/page?staffId=${staffId}`)).total).toBe(0);
    expect((await ok(server, admin, 'GET', `${EVA}/page?assessmentId=${assessmentId}`)).total).toBe(0);
  });
});

describe('matter comments and project documents', () => {
  let matterId: string;
  let projectId: string;
  beforeAll(async () => {
    projectId = (
      await ok(server, admin, 'POST', '/api/blade-basic/team-project/submit', {
        projectName: '评论测试项目',
        leader: ADMIN.userId,
        projectStatus: 1,
      })
    ).id;
    matterId = (
      await ok(server, admin, 'POST', '/api/blade-basic/team-project-matters/submit', {
        teamProjectId: projectId,
        matterTitle: '评论测试事项',
        assignee: ADMIN.userId,
        priority: 2,
        dueDate: '2030-01-01',
        matterStatus: 0,
      })
    ).id;
  });

  it('records the author of a comment and keeps its files through the attachment store', async () => {
    const comment = await ok(server, admin, 'POST', `${COM}/submit`, { teamProjectMattersId: matterId, content: '好' });
    expect(comment).toMatchObject({ commentUser: ADMIN.userId, matterTitle: '评论测试事项' });
    expect(comment.commentUserName).toBeTruthy();
    expect((await post(`${COM}/submit`, { teamProjectMattersId: matterId })).body).toMatchObject({
      code: 400,
      msg: '请输入评论内容',
    });
    expect((await post(`${COM}/submit`, { teamProjectMattersId: '1234567890123', content: '甲' })).body.msg).toBe(
      '所属事项不存在',
    );

    const saved = await server.call({
      method: 'POST',
      url: `${CAT}/submit?commentsId=${comment.id}`,
      token: admin,
      ...multipart('纪要.pdf', PDF, 'application/pdf'),
    });
    expect(saved.body).toMatchObject({ code: 200, data: { name: '纪要.pdf', commentsId: comment.id } });
    const page = await ok(server, admin, 'GET', `${CAT}/page?commentsId=${comment.id}`);
    expect(page).toMatchObject({ total: 1, records: [{ name: '纪要.pdf' }] });
    // The same files under the comment's own attach-list.
    expect(await ok(server, admin, 'GET', `${COM}/attach-list?commentsId=${comment.id}`)).toHaveLength(1);
    const detail = await ok(server, admin, 'GET', `${CAT}/detail?id=${saved.body.data.id}`);
    const file = await server.app.inject({ method: 'GET', url: detail.link });
    expect(file.rawPayload.equals(PDF)).toBe(true);

    expect((await get(`${CAT}/list`)).body).toMatchObject({ code: 400, msg: '请选择所属评论' });
    expect((await get(`${CAT}/list?commentsId=1234567890123`)).status).toBe(404);
    expect((await get(`${CAT}/detail?id=abc`)).body.code).toBe(400);
    expect((await post(`${CAT}/remove`)).body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const exe = await server.call({
      method: 'POST',
      url: `${CAT}/submit?commentsId=${comment.id}`,
      token: admin,
      ...multipart('x.pdf', Buffer.from('MZ\x90\x00 program'), 'application/pdf'),
    });
    expect(exe.body.code).toBe(400);
    await ok(server, admin, 'POST', `${CAT}/remove?ids=${saved.body.data.id}`);
    expect((await ok(server, admin, 'GET', `${CAT}/list?commentsId=${comment.id}`)).total).toBe(0);
  });

  it("lists a project's documents with their files", async () => {
    const doc = await ok(server, admin, 'POST', `${DOC}/submit`, { teamProjectId: projectId, documentName: '方案' });
    expect(doc.projectName).toBe('评论测试项目');
    expect((await post(`${DOC}/submit`, { teamProjectId: '1234567890123', documentName: '甲' })).body.msg).toBe(
      '所属项目不存在',
    );
    const saved = await server.call({
      method: 'POST',
      url: `${DOC}/save-attach?documentId=${doc.id}`,
      token: admin,
      ...multipart('方案.pdf', PDF, 'application/pdf'),
    });
    expect(saved.body.code).toBe(200);
    expect(await ok(server, admin, 'GET', `${DOC}/attach-list?documentId=${doc.id}`)).toMatchObject([
      { name: '方案.pdf' },
    ]);
    expect((await ok(server, admin, 'GET', `${DOC}/page?teamProjectId=${projectId}`)).total).toBe(1);
  });
});

describe('demo data', () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startServer({ demoData: true });
  });
  afterAll(() => demo.close());

  it('has a dozen people with subsidies and scored assessments, and comments and documents with files', async () => {
    const token = await login(demo, ADMIN.account, ADMIN.password);
    const people = await ok(demo, token, 'GET', `${S}/page?remark=演示数据&size=50`);
    expect(people.total).toBe(12);
    const first = people.records.find((p: { staffName: string }) => p.staffName === '王建国');
    expect((await ok(demo, token, 'GET', `${SUB}/page?staffId=${first.id}`)).total).toBe(2);
    const assessments = (await ok(demo, token, 'GET', `${ASM}/page?staffId=${first.id}`)).records;
    expect(assessments.map((a: { score: string }) => Number(a.score)).sort()).toEqual([93.5, 93.5]);
    const comments = (await ok(demo, token, 'GET', `${COM}/page`)).records;
    expect(comments.length).toBeGreaterThanOrEqual(3);
    const docs = (await ok(demo, token, 'GET', `${DOC}/page`)).records;
    expect(docs.length).toBe(3);
    expect(await ok(demo, token, 'GET', `${DOC}/attach-list?documentId=${docs[0].id}`)).toHaveLength(1);
  });
});
