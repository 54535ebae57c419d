import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUserWithButtons, login, multipart, startServer, type TestServer } from './harness.ts';
import { calls, data, Q, refused, SATISFACTION, schemaText } from './questionnaire-kit.ts';

/**
 * 问卷管理's design side (blade-questionnaire, issue 32): categories and their trees, forms whose every save with
 * content is a version checked by the form schema's validator (history, setMainVersion, the main version never
 * removed), PUT enable and deactivate, changeCategory, templates (content sent or copied from a form;
 * find-template-form), research projects with their files. Bad input is a bilingual 400, a caller without the
 * screen a 403. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
const { get, post, put } = calls(
  () => server,
  () => admin,
);

let serial = 0;
const code = () => `c${++serial}`;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('categories', () => {
  it('make a tree (tree: enabled, allTree: all, listAll: flat rows) and refuse removing one in use', async () => {
    const top = await data(post(`${Q}/category/submit`, { name: '满意度', code: code(), sort: 1 }));
    expect(top).toMatchObject({ parentId: '0', ancestors: '0' });
    const child = await data(post(`${Q}/category/submit`, { name: '季度', code: code(), sort: 1, parentId: top.id }));
    expect(child.ancestors).toBe(`0,${top.id}`);
    const off = await data(post(`${Q}/category/submit`, { name: '停用', code: code(), sort: 2, status: 0 }));
    const tree = await data(get(`${Q}/category/tree`));
    expect(tree.find((n: { id: string }) => n.id === top.id).children[0]).toMatchObject({ id: child.id });
    expect(tree.some((n: { id: string }) => n.id === off.id)).toBe(false);
    expect((await data(get(`${Q}/category/allTree`))).some((n: { id: string }) => n.id === off.id)).toBe(true);
    const all = await data(get(`${Q}/category/listAll`));
    expect(all.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([top.id, child.id, off.id]));
    expect(Array.isArray(await data(get(`${Q}/category/list`)))).toBe(true);

    await data(post(`${Q}/form/submit`, { name: '在用', categoryId: child.id }));
    await refused(post(`${Q}/category/remove?ids=${child.id}`), 400, '该分类下还有问卷表单');
    await refused(post(`${Q}/category/remove?ids=${top.id}`), 400, '请先删除该分类下的子分类');
    await refused(post(`${Q}/form/submit`, { name: 'x', categoryId: '123456' }), 400, '所选问卷分类不存在');
  });
});

describe('forms and their versions', () => {
  it('saves every submit with content as the next version, checked by the schema validator', async () => {
    const form = await data(post(`${Q}/form/submit`, { name: '满意度调查' }));
    expect(form).toMatchObject({ version: 0, content: null, status: 1 });
    const v1 = await data(post(`${Q}/form/submit`, { id: form.id, content: schemaText() }));
    expect(v1.version).toBe(1);
    const changed = { ...SATISFACTION, fields: SATISFACTION.fields.slice(0, 2) };
    const v2 = await data(post(`${Q}/form/submit`, { id: form.id, content: schemaText(changed), name: '改名' }));
    expect(v2).toMatchObject({ version: 2, name: '改名' });
    expect(JSON.parse(v2.content).fields).toHaveLength(2);

    // A schema the validator refuses is a 400 in the caller's language, and no version.
    const bad = { version: 1, fields: [{ id: 'x', type: 'radio', name: 'r', label: '单选' }] };
    await refused(post(`${Q}/form/submit`, { id: form.id, content: schemaText(bad) }), 400);
    const en = await post(`${Q}/form/submit`, { id: form.id, content: '{not json' }, admin, 'en');
    expect(en.body).toMatchObject({ code: 400, msg: 'The form content is not valid JSON' });
    expect((await data(get(`${Q}/form/detail?id=${form.id}`))).version).toBe(2);

    const history = await data(get(`${Q}/form/history/list?formId=${form.id}`));
    expect(history.records.map((h: { version: number; main: boolean }) => [h.version, h.main])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.records[0]).toMatchObject({ name: '改名', createUserName: '管理员' });
    const added = await data(
      post(`${Q}/form/history/submit`, { formId: form.id, content: schemaText(), remark: '第三稿' }),
    );
    expect(added).toMatchObject({ version: 3, main: true, remark: '第三稿' });

    const main = await data(post(`${Q}/form/history/setMainVersion?id=${history.records[1].id}`));
    expect(main).toMatchObject({ id: form.id, version: 1 });
    await refused(post(`${Q}/form/history/remove?ids=${history.records[1].id}`), 400, '不能删除主版本（版本 1）');
    await data(post(`${Q}/form/history/remove?ids=${history.records[0].id}`));
    expect((await data(post(`${Q}/form/submit`, { id: form.id, content: schemaText() }))).version).toBe(4);
  });

  it('are enabled and deactivated by PUT (none without a version), and moved between categories', async () => {
    const empty = await data(post(`${Q}/form/submit`, { name: '空表单' }));
    const full = await data(post(`${Q}/form/submit`, { name: '有版本', content: schemaText() }));
    expect(full.version).toBe(1);
    await data(put(`${Q}/form/deactivate?ids=${empty.id},${full.id}`));
    expect((await data(get(`${Q}/form/detail?id=${full.id}`))).status).toBe(0);
    await refused(put(`${Q}/form/enable?ids=${empty.id},${full.id}`), 400, '还没有保存的版本', '空表单');
    await data(put(`${Q}/form/enable`, { id: full.id }));
    expect((await data(get(`${Q}/form/detail?id=${full.id}`))).status).toBe(1);
    // A save never moves the status: only enable and deactivate do.
    await data(post(`${Q}/form/submit`, { id: full.id, status: 0 }));
    expect((await data(get(`${Q}/form/detail?id=${full.id}`))).status).toBe(1);
    await refused(put(`${Q}/form/enable?ids=abc`), 400, '编号无效');
    await refused(put(`${Q}/form/enable`), 400, '请选择至少一条数据');

    const category = await data(post(`${Q}/category/submit`, { name: '迁入', code: code(), sort: 5 }));
    await data(post(`${Q}/form/changeCategory`, { ids: full.id, categoryId: category.id }));
    expect((await data(get(`${Q}/form/detail?id=${full.id}`))).categoryId).toBe(category.id);
  });

  it('are refused to a user without the screen, and out of reach of another tenant', async () => {
    await createUserWithButtons(server, '000000', 'qn_nothing', ['param', 'param_view']);
    const nobody = await login(server, 'qn_nothing', 'pass');
    await refused(get(`${Q}/form/page`, nobody), 403);
    await refused(put(`${Q}/form/enable?ids=1`, undefined, nobody), 403);
    // 问卷表单 with view only: reads, no writes.
    await createUserWithButtons(server, '000000', 'qn_viewer', ['questionnaire_form', 'questionnaire_form_view']);
    const viewer = await login(server, 'qn_viewer', 'pass');
    await data(get(`${Q}/form/page`, viewer));
    await refused(post(`${Q}/form/submit`, { name: 'x' }, viewer), 403);
    await refused(put(`${Q}/form/enable?ids=1`, undefined, viewer), 403);

    // Another tenant's administrator reaches none of these rows.
    const form = await data(post(`${Q}/form/submit`, { name: '本租户', content: schemaText() }));
    await createTenant(server, '300300');
    const other = await login(server, 'admin', 'admin', '300300');
    await refused(get(`${Q}/form/detail?id=${form.id}`, other), 404);
    expect((await data(get(`${Q}/form/history/list?formId=${form.id}`, other))).total).toBe(0);
    await refused(put(`${Q}/form/deactivate?ids=${form.id}`, undefined, other), 404);
    await refused(post(`${Q}/form/submit`, { id: form.id, name: '改' }, other), 404);
    expect((await data(get(`${Q}/form/detail?id=${form.id}`))).status).toBe(1);
  });
});

describe('templates', () => {
  it('take their content as sent (checked), from a form, or start empty; find-template-form answers it', async () => {
    const empty = await data(post(`${Q}/template/submit`, { name: '待设计' }));
    expect(JSON.parse(empty.content)).toEqual({ version: 1, fields: [] });
    await refused(post(`${Q}/template/submit`, { name: '坏内容', content: '[]' }), 400);
    const sent = await data(post(`${Q}/template/submit`, { name: '季度满意度', content: schemaText(), sort: 1 }));
    const found = await data(get(`${Q}/template/find-template-form?templateId=${sent.id}`));
    expect(found).toMatchObject({ templateId: sent.id, name: '季度满意度' });
    expect(JSON.parse(found.content).fields).toHaveLength(SATISFACTION.fields.length);

    const form = await data(post(`${Q}/form/submit`, { name: '来源', content: schemaText() }));
    const copied = await data(post(`${Q}/template/submit`, { name: '复制', formId: form.id }));
    expect(JSON.parse(copied.content)).toEqual(SATISFACTION);
    // A later version of the form changes no template.
    await data(post(`${Q}/form/submit`, { id: form.id, content: schemaText({ version: 1, fields: [] }) }));
    expect(JSON.parse((await data(get(`${Q}/template/detail?id=${copied.id}`))).content)).toEqual(SATISFACTION);

    await refused(get(`${Q}/template/find-template-form`), 400, '请选择问卷模板');
    await refused(get(`${Q}/template/find-template-form?templateId=123456`), 404);
  });
});

describe('research projects', () => {
  it('keep their files in the attachment store: save-attach, attach-list, remove-attach', async () => {
    const project = await data(
      post(`${Q}/research/submit`, { name: '企业需求调研', startDate: '2025-01-01', endDate: '2025-03-31' }),
    );
    await refused(post(`${Q}/research/submit`, { name: 'x', startDate: '2025-02-01', endDate: '2025-01-01' }), 400);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const { payload, headers } = multipart('报告.pdf', pdf, 'application/pdf');
    const up = await server.call({
      method: 'POST',
      url: `${Q}/research/save-attach?researchId=${project.id}`,
      token: admin,
      payload,
      headers,
    });
    expect(up.body.code, JSON.stringify(up.body)).toBe(200);
    const list = await data(get(`${Q}/research/attach-list?researchId=${project.id}`));
    expect(list.map((a: { name: string }) => a.name)).toEqual(['报告.pdf']);
    await data(post(`${Q}/research/remove-attach?id=${list[0].id}`));
    expect(await data(get(`${Q}/research/attach-list?researchId=${project.id}`))).toEqual([]);
    await refused(get(`${Q}/research/attach-list?researchId=123456`), 404);
  });
});
