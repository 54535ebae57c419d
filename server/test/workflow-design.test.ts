import { columnOf, wfFormHistory, wfModelHistory } from '@park/catalog';
import { WORKFLOW_BUTTONS } from '@park/catalog/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmnXml, type DiagramFlow, type DiagramNode } from '../src/modules/workflow/engine/diagram.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * The workflow design studio's calls (blade-workflow design/*, issue 30): categories and their trees, forms and
 * models with their versions (every save with content the next version, the main one; setMainVersion; the main
 * version never removed; concurrent saves never share a number), deploy validation with each refusal reason,
 * deployments, start scopes, conditions, buttons and default values; bad input is a 400, a caller without the
 * screen a 403, another tenant's rows out of reach. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;

const W = '/api/blade-workflow/design';
type Answer = { status: number; body: { code: number; msg: string; data: unknown } };
const post = (url: string, payload?: object, token = admin, lang?: string) =>
  server.call({
    method: 'POST',
    url,
    token,
    payload,
    headers: lang ? { 'accept-language': lang } : undefined,
  }) as Promise<Answer>;
const get = (url: string, token = admin) => server.call({ method: 'GET', url, token }) as Promise<Answer>;

async function data(res: Promise<Answer>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body).slice(0, 600)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

/** A refusal: the status, and each of `says` in the message. */
async function refused(res: Promise<Answer>, status: number, ...says: string[]) {
  const { status: s, body } = await res;
  expect(s, JSON.stringify(body).slice(0, 600)).toBe(status);
  expect(body.code).toBe(status);
  for (const text of says) expect(body.msg).toContain(text);
  return body.msg;
}

const schema = (label = '天数', more: object[] = []) =>
  JSON.stringify({ version: 1, fields: [{ id: 'f1', type: 'number', name: 'days', label, required: true }, ...more] });

let serial = 0;
const key = (prefix = 'k') => `${prefix}_${++serial}`;

async function newForm(body: object = {}, token = admin) {
  return data(post(`${W}/form/submit`, { formKey: key('form'), name: '测试表单', ...body }, token));
}

// Pieces of small processes: start at 100, then 250, 400, ... on one line.
const who = (type: string, value = '') =>
  `<bpmn:extensionElements><park:assignee type="${type}" value="${value}" /></bpmn:extensionElements>`;
const start = (attrs: Record<string, string> = {}, id = 'start'): DiagramNode => ({
  id,
  type: 'startEvent',
  x: 100,
  y: 100,
  attrs,
});
const end = (id = 'end', x = 700): DiagramNode => ({ id, type: 'endEvent', x, y: 100 });
const task = (id: string, x: number, inner = who('starter'), attrs: Record<string, string> = {}): DiagramNode => ({
  id,
  type: 'userTask',
  name: `任务${id}`,
  x,
  y: 100,
  inner,
  attrs,
});
const flow = (id: string, from: string, to: string, condition?: string): DiagramFlow => ({ id, from, to, condition });
/** start -> each node in turn -> end. */
function line(processId: string, middle: DiagramNode[], opts: { startAttrs?: Record<string, string> } = {}) {
  const nodes = [start(opts.startAttrs), ...middle, end()];
  const flows = nodes.slice(1).map((n, i) => flow(`f${i}`, nodes[i].id, n.id));
  return bpmnXml({ id: processId, name: processId, nodes, flows });
}

async function newModel(xml?: (key: string) => string, body: object = {}) {
  const modelKey = key('p');
  return data(
    post(`${W}/model/submit`, { modelKey, name: `模型${modelKey}`, ...(xml ? { xml: xml(modelKey) } : {}), ...body }),
  );
}

/** Deploying this XML (its process id the model key) is refused; the message, in the language asked. */
async function deployRefused(xml: (key: string) => string, says: string[], lang?: string) {
  const model = await newModel(xml);
  return refused(post(`${W}/model/deploy?id=${model.id}`, undefined, admin, lang), 400, ...says);
}

let enabledForm: string;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  enabledForm = (await newForm({ content: schema() })).formKey;
});
afterAll(() => server.close());

describe('categories', () => {
  it('make a tree: submit, list (every row), tree and allTree as nodes, detail; disabled ones only in allTree', async () => {
    const top = await data(post(`${W}/category/submit`, { name: '行政', code: key('c'), sort: 1 }));
    expect(top).toMatchObject({ parentId: '0', ancestors: '0', status: 1 });
    const child = await data(
      post(`${W}/category/submit`, { name: '请假类', code: key('c'), sort: 1, parentId: top.id }),
    );
    expect(child.ancestors).toBe(`0,${top.id}`);
    const off = await data(post(`${W}/category/submit`, { name: '停用类', code: key('c'), sort: 2, status: 0 }));

    const list = await data(get(`${W}/category/list`));
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([top.id, child.id, off.id]));
    const tree = await data(get(`${W}/category/tree`));
    const node = tree.find((n: { id: string }) => n.id === top.id);
    expect(node).toMatchObject({ title: '行政', key: top.id, value: top.id, hasChildren: true });
    expect(node.children[0]).toMatchObject({ id: child.id, parentId: top.id, title: '请假类' });
    expect(tree.some((n: { id: string }) => n.id === off.id)).toBe(false);
    const all = await data(get(`${W}/category/allTree`));
    expect(all.some((n: { id: string }) => n.id === off.id)).toBe(true);
    expect((await data(get(`${W}/category/detail?id=${child.id}`))).name).toBe('请假类');
  });

  it('refuses a duplicate code, a missing parent, a cycle, and removing one with children or in use', async () => {
    const code = key('c');
    const top = await data(post(`${W}/category/submit`, { name: '财务', code, sort: 1 }));
    await refused(post(`${W}/category/submit`, { name: '又一个', code, sort: 2 }), 400, '分类编号已存在');
    await refused(
      post(`${W}/category/submit`, { name: 'x', code: key('c'), sort: 1, parentId: '123456' }),
      400,
      '上级',
    );
    const child = await data(post(`${W}/category/submit`, { name: '子', code: key('c'), sort: 1, parentId: top.id }));
    await refused(post(`${W}/category/submit`, { id: top.id, parentId: child.id }), 400, '上级节点不能是自己');
    await refused(post(`${W}/category/remove?ids=${top.id}`), 400, '请先删除该分类下的子分类');
    await newForm({ categoryId: child.id });
    await refused(post(`${W}/category/remove?ids=${child.id}`), 400, '该分类下还有表单、模型或部署');
    const spare = await data(post(`${W}/category/submit`, { name: '空', code: key('c'), sort: 3 }));
    await data(post(`${W}/category/remove?ids=${spare.id}`));
    await refused(get(`${W}/category/detail?id=${spare.id}`), 404);
    await refused(post(`${W}/category/submit`, { name: '', code: key('c') }), 400, '请输入分类名称');
  });
});

describe('forms and their versions', () => {
  it('saves every submit with content as the next version, the main one; the history marks it', async () => {
    const form = await newForm();
    expect(form).toMatchObject({ version: 0, content: null, status: 1 });
    const v1 = await data(post(`${W}/form/submit`, { id: form.id, content: schema('第一版') }));
    expect(v1.version).toBe(1);
    expect(JSON.parse(v1.content).fields[0].label).toBe('第一版');
    const v2 = await data(post(`${W}/form/submit`, { id: form.id, content: schema('第二版'), name: '改名' }));
    expect(v2).toMatchObject({ version: 2, name: '改名' });
    // A submit without content changes the row only.
    expect((await data(post(`${W}/form/submit`, { id: form.id, remark: '说明' }))).version).toBe(2);

    const history = await data(get(`${W}/form/history/list?formId=${form.id}`));
    expect(history.records.map((h: { version: number; main: boolean }) => [h.version, h.main])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.records[0]).toMatchObject({ formKey: form.formKey, name: '改名', formId: form.id });
    expect(history.records[1].name).toBe('测试表单');
    expect(history.records[0].createUserName).toBe('管理员');
    const page = await data(get(`${W}/form/history/page?formId=${form.id}&current=1&size=1`));
    expect(page).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    const detail = await data(get(`${W}/form/history/detail?id=${history.records[1].id}`));
    expect(detail).toMatchObject({ version: 1, main: false });

    // setMainVersion: the form's content and version become version 1's.
    const main = await data(post(`${W}/form/history/setMainVersion?id=${history.records[1].id}`));
    expect(main).toMatchObject({ id: form.id, version: 1 });
    expect(JSON.parse(main.content).fields[0].label).toBe('第一版');
    const again = await data(get(`${W}/form/history/list?formId=${form.id}`));
    expect(again.records.map((h: { main: boolean }) => h.main)).toEqual([false, true]);

    // The main version's row is never removed; another one is, and its number is never given again.
    await refused(post(`${W}/form/history/remove?ids=${history.records[1].id}`), 400, '不能删除主版本（版本 1）');
    const en = await post(`${W}/form/history/remove?ids=${history.records[1].id}`, undefined, admin, 'en');
    expect(en.body.msg).toContain('The main version (version 1) cannot be deleted');
    await data(post(`${W}/form/history/remove?ids=${history.records[0].id}`));
    const v3 = await data(post(`${W}/form/submit`, { id: form.id, content: schema('第三版') }));
    expect(v3.version).toBe(3);
    expect(
      (await data(get(`${W}/form/history/list?formId=${form.id}`))).records.map((h: { version: number }) => h.version),
    ).toEqual([3, 1]);
  });

  it('adds a version through the history too, with its remark; never changes one', async () => {
    const form = await newForm({ content: schema() });
    const added = await data(
      post(`${W}/form/history/submit`, { formId: form.id, content: schema('备注版'), remark: '第二稿' }),
    );
    expect(added).toMatchObject({ version: 2, remark: '第二稿', main: true, createUserName: '管理员' });
    expect((await data(get(`${W}/form/detail?id=${form.id}`))).version).toBe(2);
    await refused(post(`${W}/form/history/submit`, { id: added.id, remark: '改' }), 400, '历史版本不能修改');
    await refused(post(`${W}/form/history/submit`, { content: schema() }), 400, '请选择表单');
    await refused(post(`${W}/form/history/submit`, { formId: form.id }), 400, '请提交表单内容');
    await refused(post(`${W}/form/history/submit`, { formId: '123456789', content: schema() }), 404);
  });

  it('never gives two concurrent saves of one form the same version', async () => {
    const form = await newForm();
    const saves = Array.from({ length: 8 }, (_, i) =>
      i % 2
        ? post(`${W}/form/submit`, { id: form.id, content: schema(`并发${i}`) })
        : post(`${W}/form/history/submit`, { formId: form.id, content: schema(`并发${i}`) }),
    );
    const answers = await Promise.all(saves);
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill(200));
    const versions = (await data(get(`${W}/form/history/list?formId=${form.id}&size=100`))).records.map(
      (h: { version: number }) => h.version,
    );
    expect(versions.sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await data(get(`${W}/form/detail?id=${form.id}`))).version).toBe(8);
    // The database holds the rule whatever the code does: a second row of one version is refused.
    const [{ tenant_id, form_key, name, content }] = await server.platform.db.admin.query<Record<string, string>>(
      'select tenant_id, form_key, name, content from wf_form_history where form_id = $1 limit 1',
      [form.id],
    );
    await expect(
      server.platform.db.admin.query(
        `insert into wf_form_history (id, tenant_id, form_id, form_key, name, content, version)
         values (1, $1, $2, $3, $4, $5, 3)`,
        [tenant_id, form.id, form_key, name, content],
      ),
    ).rejects.toThrow(/wf_form_history_version/);
  });

  it('checks the key, the content and the category; the key never changes', async () => {
    await refused(post(`${W}/form/submit`, { formKey: '1abc', name: 'x' }), 400, '表单标识须以字母开头');
    await refused(post(`${W}/form/submit`, { formKey: 'a b', name: 'x' }), 400, '表单标识须以字母开头');
    await refused(post(`${W}/form/submit`, { formKey: enabledForm, name: 'x' }), 400, '表单标识已存在');
    await refused(post(`${W}/form/submit`, { name: 'x' }), 400, '请输入表单标识');
    const form = await newForm();
    await refused(post(`${W}/form/submit`, { id: form.id, formKey: 'other' }), 400, '表单标识创建后不能修改');
    expect((await data(post(`${W}/form/submit`, { id: form.id, formKey: form.formKey }))).formKey).toBe(form.formKey);
    await refused(post(`${W}/form/submit`, { id: form.id, content: '{not json' }), 400, '表单内容不是有效的 JSON');
    await refused(
      post(`${W}/form/submit`, { id: form.id, content: '{"version":1}' }),
      400,
      '表单内容不是有效的表单结构',
    );
    const twice = JSON.stringify({
      version: 1,
      fields: [
        { id: 'a', type: 'input', name: 'x', label: 'A' },
        { id: 'b', type: 'input', name: 'x', label: 'B' },
        { id: 'c', type: 'input', name: 'y', label: 'C', showIf: 'constructor.x' },
      ],
    });
    await refused(post(`${W}/form/submit`, { id: form.id, content: twice }), 400, '字段名x重复', '；');
    await refused(post(`${W}/form/submit`, { id: form.id, content: 12 }), 400, '表单内容不是有效的表单结构');
    await refused(post(`${W}/form/submit`, { id: form.id, categoryId: '123456' }), 400, '所选流程分类不存在');
    expect((await data(get(`${W}/form/detail?id=${form.id}`))).version).toBe(0);
    await refused(post(`${W}/form/submit`, { id: form.id, content: 'x'.repeat(1_000_001) }), 400, '表单内容过大');
  });

  it('lists the enabled forms with a saved version for the model designer (listType), by category', async () => {
    const category = await data(post(`${W}/category/submit`, { name: '选单', code: key('c'), sort: 1 }));
    const saved = await newForm({ content: schema(), categoryId: category.id });
    await newForm({ categoryId: category.id }); // nothing saved yet
    await newForm({ content: schema(), categoryId: category.id, status: 0 }); // disabled
    const listed = await data(get(`${W}/form/listType?categoryId=${category.id}`));
    expect(listed).toEqual([
      { id: saved.id, formKey: saved.formKey, name: '测试表单', version: 1, categoryId: category.id },
    ]);
    const all = await data(get(`${W}/form/listType`));
    expect(all.map((f: { formKey: string }) => f.formKey)).toEqual(
      expect.arrayContaining([enabledForm, saved.formKey]),
    );
    await refused(get(`${W}/form/listType?categoryId=abc`), 400);
  });

  it('moves forms to another category (changeCategory), refusing a missing one', async () => {
    const category = await data(post(`${W}/category/submit`, { name: '迁入', code: key('c'), sort: 1 }));
    const a = await newForm();
    const b = await newForm();
    await data(post(`${W}/form/changeCategory?ids=${a.id},${b.id}&categoryId=${category.id}`));
    expect((await data(get(`${W}/form/detail?id=${b.id}`))).categoryId).toBe(category.id);
    // The same as a form body, as BladeX clients send it.
    const c = await newForm();
    const res = await server.call({
      method: 'POST',
      url: `${W}/form/changeCategory`,
      token: admin,
      payload: `ids=${c.id}&categoryId=${category.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.body.code).toBe(200);
    await refused(post(`${W}/form/changeCategory?ids=${a.id}&categoryId=999`), 400, '所选流程分类不存在');
    await refused(post(`${W}/form/changeCategory?ids=${a.id}`), 400, '请选择流程分类');
    await refused(post(`${W}/form/changeCategory?categoryId=${category.id}`), 400, '请选择至少一条数据');
    await refused(post(`${W}/form/changeCategory?ids=x&categoryId=${category.id}`), 400, '编号无效');
  });
});

/** The design calls of spec/api-paths.md "## workflow", as `METHOD path below design/`. */
const DESIGN_CALLS = [
  'GET category/list',
  'GET category/page',
  'GET category/detail',
  'POST category/submit',
  'POST category/remove',
  'GET category/tree',
  'GET category/allTree',
  'GET form/list',
  'GET form/page',
  'GET form/detail',
  'POST form/submit',
  'POST form/remove',
  'GET form/listType',
  'POST form/changeCategory',
  'GET form/history/list',
  'GET form/history/page',
  'GET form/history/detail',
  'POST form/history/submit',
  'POST form/history/remove',
  'POST form/history/setMainVersion',
  'GET model/history/list',
  'GET model/history/page',
  'GET model/history/detail',
  'POST model/history/submit',
  'POST model/history/remove',
  'POST model/history/setMainVersion',
  'GET condition/list',
  'GET condition/page',
  'GET condition/detail',
  'POST condition/submit',
  'POST condition/remove',
  'GET button/list',
  'GET button/page',
  'GET button/detail',
  'POST button/submit',
  'POST button/remove',
  'GET form/default-values/list',
  'GET form/default-values/page',
  'GET form/default-values/detail',
  'POST form/default-values/submit',
  'POST form/default-values/remove',
  'GET model/list',
  'GET model/page',
  'GET model/detail',
  'POST model/submit',
  'POST model/remove',
  'POST model/deploy',
  'POST model/changeCategory',
  'POST model/changeIcon',
  'GET deployment/list',
  'GET deployment/page',
  'GET deployment/detail',
  'POST deployment/submit',
  'POST deployment/remove',
  'POST deployment/changeStatus',
  'POST deployment/changeCategory',
  'GET model/scope/list',
  'GET model/scope/page',
  'GET model/scope/detail',
  'POST model/scope/submit',
  'POST model/scope/remove',
];

describe('the routes', () => {
  it('serve every design call of the API paths, each behind the token', async () => {
    const served = new Set(server.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    for (const call of DESIGN_CALLS) {
      const [method, path] = call.split(' ');
      expect(served, call).toContain(`${method} ${W}/${path}`);
      const anonymous = await server.call({ method: method as 'GET', url: `${W}/${path}` });
      expect(anonymous.status, call).toBe(401);
    }
  });
});

describe('the version declarations', () => {
  it('agree with their tables (they are not among the catalog entities the catalog sweep checks)', async () => {
    for (const entity of [wfFormHistory, wfModelHistory]) {
      const columns = await server.platform.db.admin.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_name = $1',
        [entity.table],
      );
      const names = columns.map((c) => c.column_name);
      for (const field of entity.fields) expect(names, `${entity.table}.${field.name}`).toContain(columnOf(field));
      expect(names).toEqual(expect.arrayContaining(['tenant_id', 'is_deleted', 'create_user', 'create_time']));
    }
  });
});

describe('default values, conditions and buttons', () => {
  it('keeps default values whose expression parses and whose type is a field type', async () => {
    const saved = await data(
      post(`${W}/form/default-values/submit`, { name: '发起人', content: 'starter.realName', fieldType: 'input' }),
    );
    expect(saved.fieldType).toBe('input');
    await refused(
      post(`${W}/form/default-values/submit`, { name: 'x', content: 'starter.__proto__', fieldType: 'input' }),
      400,
      '默认值表达式无法解析',
    );
    await refused(
      post(`${W}/form/default-values/submit`, { name: 'x', content: 'today()', fieldType: 'video' }),
      400,
      '字段类型的取值无效',
    );
    expect((await data(get(`${W}/form/default-values/page?name=发起人`))).total).toBeGreaterThan(0);
    await data(post(`${W}/form/default-values/remove?ids=${saved.id}`));
  });

  it('keeps conditions whose expression parses, refusing calls and prototype doors', async () => {
    const saved = await data(post(`${W}/condition/submit`, { name: '超过3天', expression: 'days > 3' }));
    expect(saved).toMatchObject({ expression: 'days > 3', status: 1 });
    for (const expression of ['days >', 'constructor', 'form.__proto__', 'process.exit()', 'alert(1)']) {
      await refused(post(`${W}/condition/submit`, { name: 'x', expression }), 400, '表达式无法解析');
    }
    const en = await post(`${W}/condition/submit`, { name: 'x', expression: 'days >' }, admin, 'en');
    expect(en.body.msg).toContain('The expression does not parse');
    await data(post(`${W}/condition/submit`, { id: saved.id, expression: 'days >= 3 && leaveType in ["1", "2"]' }));
    expect((await data(get(`${W}/condition/list`))).total).toBeGreaterThan(0);
  });

  it('seeds the 12 buttons for the tenant; a key must be one of them, once', async () => {
    const { records } = await data(get(`${W}/button/list?size=100`));
    expect(records.map((b: { buttonKey: string }) => b.buttonKey)).toEqual([...WORKFLOW_BUTTONS]);
    expect(records[0]).toMatchObject({ name: '同意', display: 1, sort: 1 });
    await refused(
      post(`${W}/button/submit`, { buttonKey: 'wf_fly', name: '飞', display: 1, sort: 20 }),
      400,
      '按钮标识的取值无效',
    );
    await refused(
      post(`${W}/button/submit`, { buttonKey: 'wf_pass', name: '再同意', display: 1, sort: 20 }),
      400,
      '该按钮已存在',
    );
    const renamed = await data(post(`${W}/button/submit`, { id: records[0].id, name: '通过', display: 0 }));
    expect(renamed).toMatchObject({ name: '通过', display: 0, buttonKey: 'wf_pass' });
  });
});

describe('models, their versions and deployment', () => {
  it('creates a model with an empty diagram (version 1) that bpmn-js opens; changes its row alone without XML', async () => {
    const model = await newModel();
    expect(model).toMatchObject({ version: 1, deployedVersion: null });
    expect(model.xml).toContain(`<bpmn:process id="${model.modelKey}"`);
    expect(model.xml).toContain('<bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">');
    const changed = await data(post(`${W}/model/submit`, { id: model.id, name: '新名字', description: '说明' }));
    expect(changed).toMatchObject({ version: 1, name: '新名字', description: '说明' });
    await refused(post(`${W}/model/submit`, { id: model.id, modelKey: 'other' }), 400, '模型标识创建后不能修改');
    await refused(post(`${W}/model/submit`, { modelKey: '9x', name: 'x' }), 400, '模型标识须以字母或下划线开头');
    await refused(post(`${W}/model/submit`, { modelKey: model.modelKey, name: 'x' }), 400, '模型标识已存在');
    await refused(post(`${W}/model/submit`, { modelKey: key('p') }), 400, '请输入模型名称');
    // An empty model's deploy says what it lacks.
    expect(await refused(post(`${W}/model/deploy?id=${model.id}`), 400)).toBe('流程没有结束事件');
  });

  it('saves each XML as the next version; refuses one that does not read as BPMN', async () => {
    const model = await newModel();
    const v2 = await data(post(`${W}/model/submit`, { id: model.id, xml: line(model.modelKey, [task('t1', 300)]) }));
    expect(v2.version).toBe(2);
    expect(v2.xml).toContain('id="t1"');
    await refused(post(`${W}/model/submit`, { id: model.id, xml: '<not xml' }), 400, '流程 XML 无法解析');
    await refused(post(`${W}/model/submit`, { id: model.id, xml: '<a/>' }), 400, '流程 XML 无法解析');
    await refused(post(`${W}/model/submit`, { id: model.id, xml: { a: 1 } }), 400, '流程 XML 必须是文本');
    await refused(post(`${W}/model/submit`, { id: model.id, xml: 'x'.repeat(2_000_001) }), 400, '流程 XML 过大');
    const history = await data(get(`${W}/model/history/list?modelId=${model.id}`));
    expect(history.records.map((h: { version: number; main: boolean }) => [h.version, h.main])).toEqual([
      [2, true],
      [1, false],
    ]);
    await refused(post(`${W}/model/history/remove?ids=${history.records[0].id}`), 400, '不能删除主版本（版本 2）');
    const back = await data(post(`${W}/model/history/setMainVersion`, { id: history.records[1].id }));
    expect(back.version).toBe(1);
    expect(back.xml).not.toContain('id="t1"');
    await data(post(`${W}/model/history/remove?ids=${history.records[0].id}`));
    const v3 = await data(
      post(`${W}/model/history/submit`, { modelId: model.id, xml: line(model.modelKey, [task('t2', 300)]) }),
    );
    expect(v3).toMatchObject({ version: 3, main: true, modelKey: model.modelKey });
    await refused(post(`${W}/model/history/submit`, { modelId: model.id, xml: '<x' }), 400, '流程 XML 无法解析');
  });

  it('never gives two concurrent saves of one model the same version', async () => {
    const model = await newModel();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(`${W}/model/submit`, { id: model.id, xml: line(model.modelKey, [task(`t${i}`, 300)]) }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(6).fill(200));
    const versions = (await data(get(`${W}/model/history/list?modelId=${model.id}`))).records
      .map((h: { version: number }) => h.version)
      .sort((a: number, b: number) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('deploys a valid model: the next version of its key, with its XML and the forms it names as they are', async () => {
    const category = await data(post(`${W}/category/submit`, { name: '部署类', code: key('c'), sort: 1 }));
    const form = await newForm({ content: schema('部署前') });
    const model = await newModel(
      (k) =>
        line(k, [task('t1', 300, who('role', '1123598816738675201'), { 'park:formKey': form.formKey })], {
          startAttrs: { 'park:formKey': form.formKey },
        }),
      { categoryId: category.id },
    );
    await data(post(`${W}/model/changeIcon`, { id: model.id, icon: 'calendar' }));
    const first = await data(post(`${W}/model/deploy?id=${model.id}`));
    expect(first).toMatchObject({
      modelId: model.id,
      processKey: model.modelKey,
      name: model.name,
      categoryId: category.id,
      icon: 'calendar',
      version: 1,
      status: 1,
    });
    expect(first.xml).toBe(model.xml);
    expect(first.deployTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const snapshot = JSON.parse(first.forms);
    expect(snapshot).toEqual([
      { formKey: form.formKey, formId: form.id, name: '测试表单', version: 1, content: expect.any(String) },
    ]);
    // A later edit of the form changes no deployment.
    await data(post(`${W}/form/submit`, { id: form.id, content: schema('部署后') }));
    const kept = await data(get(`${W}/deployment/detail?id=${first.id}`));
    expect(JSON.parse(JSON.parse(kept.forms)[0].content).fields[0].label).toBe('部署前');

    const second = await data(post(`${W}/model/deploy`, { id: model.id }));
    expect(second.version).toBe(2);
    expect(JSON.parse(second.forms)[0].version).toBe(2);
    expect((await data(get(`${W}/model/detail?id=${model.id}`))).deployedVersion).toBe(2);
    const page = await data(get(`${W}/model/page?modelKey_equal=${model.modelKey}`));
    expect(page.records[0].deployedVersion).toBe(2);

    // A removed deployment's number is not given again.
    await data(post(`${W}/deployment/remove?ids=${second.id}`));
    expect((await data(get(`${W}/model/detail?id=${model.id}`))).deployedVersion).toBe(1);
    expect((await data(post(`${W}/model/deploy?id=${model.id}`))).version).toBe(3);
    await refused(post(`${W}/model/deploy`), 400, '请选择模型');
    await refused(post(`${W}/model/deploy?id=abc`), 400, '编号无效');
    await refused(post(`${W}/model/deploy?id=123456789`), 404);
  });

  it('changes the icon and the category of models', async () => {
    const category = await data(post(`${W}/category/submit`, { name: '图标类', code: key('c'), sort: 1 }));
    const model = await newModel();
    await data(post(`${W}/model/changeCategory`, { ids: model.id, categoryId: category.id }));
    expect((await data(get(`${W}/model/detail?id=${model.id}`))).categoryId).toBe(category.id);
    await data(post(`${W}/model/changeIcon?id=${model.id}&icon=apartment`));
    expect((await data(get(`${W}/model/detail?id=${model.id}`))).icon).toBe('apartment');
    await refused(post(`${W}/model/changeIcon?id=${model.id}&icon=<svg>`), 400, '图标名称');
    await refused(post(`${W}/model/changeIcon`, { id: model.id, icon: 'x'.repeat(101) }), 400, '图标名称');
    await refused(post(`${W}/model/changeIcon?icon=a`), 400, '请选择模型');
    await data(post(`${W}/model/changeIcon`, { id: model.id, icon: '' }));
    expect((await data(get(`${W}/model/detail?id=${model.id}`))).icon).toBeNull();
  });

  it('removes a model with its scope', async () => {
    const model = await newModel();
    await data(post(`${W}/model/scope/submit`, { modelId: model.id, scopes: [{ scopeType: 'company', val: '' }] }));
    await data(post(`${W}/model/remove?ids=${model.id}`));
    await refused(get(`${W}/model/detail?id=${model.id}`), 404);
    const left = await server.platform.db.admin.query(
      'select 1 from wf_model_scope where model_id = $1 and is_deleted = 0',
      [model.id],
    );
    expect(left).toEqual([]);
  });
});

describe('deploy validation refuses, each reason in its own words', () => {
  const valid = (k: string) => line(k, [task('t1', 300)]);

  it('deploys the baseline these cases break', async () => {
    const model = await newModel(valid);
    expect((await data(post(`${W}/model/deploy?id=${model.id}`))).version).toBe(1);
  });

  it('an XML that does not parse (a stored one), and content it cannot read', async () => {
    const model = await newModel(valid);
    await server.platform.db.admin.query('update wf_model set xml = $2 where id = $1', [model.id, '<broken']);
    await refused(post(`${W}/model/deploy?id=${model.id}`), 400, '流程 XML 无法解析');
    await deployRefused(
      (k) => valid(k).replace('<bpmn:endEvent', '<bpmn:bogusThing id="b1" />\n    <bpmn:endEvent'),
      ['流程 XML 中有无法识别的内容：unparsable content <bpmn:bogusThing>'],
    );
  });

  it('no process, or more than one', async () => {
    const empty = (k: string) =>
      valid(k)
        .replace(/<bpmn:process[\s\S]*<\/bpmn:process>/, '')
        .replace(/<bpmndi:BPMNDiagram[\s\S]*<\/bpmndi:BPMNDiagram>/, '');
    await deployRefused(empty, ['模型中没有流程']);
    await deployRefused(
      (k) => valid(k).replace('</bpmn:process>', '</bpmn:process>\n  <bpmn:process id="second" />'),
      ['模型中有 2 个流程，只能有一个'],
    );
  });

  it('no start event, or two; no end event', async () => {
    await deployRefused(
      (k) => bpmnXml({ id: k, name: k, nodes: [task('t1', 300), end()], flows: [flow('f1', 't1', 'end')] }),
      ['流程没有开始事件'],
    );
    await deployRefused(
      (k) =>
        bpmnXml({
          id: k,
          name: k,
          nodes: [start({}, 's1'), start({}, 's2'), task('t1', 300), end()],
          flows: [flow('f1', 's1', 't1'), flow('f2', 's2', 't1'), flow('f3', 't1', 'end')],
        }),
      ['流程有 2 个开始事件（s1、s2），只能有一个'],
    );
    await deployRefused(
      (k) => bpmnXml({ id: k, name: k, nodes: [start(), task('t1', 300)], flows: [flow('f1', 'start', 't1')] }),
      ['流程没有结束事件'],
    );
  });

  it('an element outside the subset', async () => {
    await deployRefused(
      (k) =>
        line(k, [{ id: 'sc', type: 'userTask', name: '脚本', x: 300, y: 100 }]).replace(
          /userTask id="sc"/g,
          'scriptTask id="sc"',
        ),
      ['「脚本」 是流程引擎不支持的元素（ScriptTask）'],
    );
    await deployRefused(
      (k) =>
        valid(k).replace(
          '<bpmn:endEvent id="end" />',
          '<bpmn:endEvent id="end"><bpmn:terminateEventDefinition /></bpmn:endEvent>',
        ),
      ['end带有流程引擎不支持的事件定义（TerminateEventDefinition）'],
    );
    await deployRefused(
      (k) =>
        valid(k).replace(
          '<bpmn:endEvent id="end" />',
          '<bpmn:endEvent id="end" />\n    <bpmn:subProcess id="sub" name="子流程" />',
        ),
      ['「子流程」 是流程引擎不支持的元素（SubProcess）'],
    );
    await deployRefused(
      (k) => valid(k).replace('<bpmn:startEvent', '<bpmn:laneSet id="lanes" />\n    <bpmn:startEvent'),
      ['lanes 是流程引擎不支持的元素（LaneSet）'],
    );
  });

  it('a user task without an assignee, of an unknown type, or without the value its type needs', async () => {
    await deployRefused((k) => line(k, [task('t1', 300, '')]), ['用户任务「任务t1」没有设置审批人']);
    await deployRefused((k) => line(k, [task('t1', 300, who('boss', '1'))]), ['「任务t1」的审批人类型“boss”未知']);
    await deployRefused((k) => line(k, [task('t1', 300, who('role'))]), ['「任务t1」的审批人（role）没有选择具体对象']);
    await deployRefused((k) => line(k, [task('t1', 300, who('field', ' '))]), ['审批人（field）没有选择具体对象']);
  });

  it('a multi-instance task whose sign mode is not all/any/ratio, or whose ratio is outside (0, 1]', async () => {
    const multi = (loop: string) => `${who('role', '1')}<bpmn:multiInstanceLoopCharacteristics ${loop} />`;
    await deployRefused((k) => line(k, [task('t1', 300, multi('park:signMode="most"'))]), ['会签方式“most”无效']);
    await deployRefused((k) => line(k, [task('t1', 300, multi(''))]), ['会签方式“”无效']);
    await deployRefused(
      (k) => line(k, [task('t1', 300, multi('park:signMode="ratio" park:ratio="1.5"'))]),
      ['通过比例 1.5 应大于 0 且不大于 1'],
    );
    await deployRefused(
      (k) => line(k, [task('t1', 300, multi('park:signMode="ratio" park:ratio="0"'))]),
      ['通过比例 0 应大于 0 且不大于 1'],
    );
    await deployRefused((k) => line(k, [task('t1', 300, multi('park:signMode="ratio"'))]), ['通过比例 （未填）']);
    // A good one deploys.
    const model = await newModel((k) => line(k, [task('t1', 300, multi('park:signMode="ratio" park:ratio="0.6"'))]));
    expect((await data(post(`${W}/model/deploy?id=${model.id}`))).version).toBe(1);
  });

  it('an exclusive gateway with flows that have neither a condition nor the default; a condition that does not parse', async () => {
    const gateway = (k: string, c1?: string, c2?: string, extra: Record<string, string> = {}) =>
      bpmnXml({
        id: k,
        name: k,
        nodes: [
          start(),
          { id: 'gw', type: 'exclusiveGateway', name: '天数', x: 250, y: 100, attrs: extra },
          task('t1', 400),
          task('t2', 400, who('starter')),
          end(),
        ],
        flows: [
          flow('f0', 'start', 'gw'),
          { ...flow('f1', 'gw', 't1', c1), name: '短' },
          { ...flow('f2', 'gw', 't2', c2), name: '长' },
          flow('f3', 't1', 'end'),
          flow('f4', 't2', 'end'),
        ],
      });
    await deployRefused((k) => gateway(k, 'days <= 3'), ['排他网关「天数」的出线 「长」 既没有条件也不是默认出线']);
    await deployRefused((k) => gateway(k, 'days <= 3', 'days >'), ['连线「长」的条件无法解析']);
    await deployRefused((k) => gateway(k, 'days <= 3', 'constructor'), ['连线「长」的条件无法解析']);
    const ok = await newModel((k) => gateway(k, 'days <= 3', undefined, { default: 'f2' }));
    expect((await data(post(`${W}/model/deploy?id=${ok.id}`))).version).toBe(1);
    // A condition on a flow that leaves no exclusive gateway would never be read.
    await deployRefused(
      (k) =>
        bpmnXml({
          id: k,
          name: k,
          nodes: [start(), task('t1', 300), end()],
          flows: [flow('f0', 'start', 't1', 'days > 1'), flow('f1', 't1', 'end')],
        }),
      ['连线f0不是排他网关的出线，不能设置条件'],
    );
  });

  it('a node the start does not reach, and one from which no end is reachable', async () => {
    await deployRefused(
      (k) =>
        bpmnXml({
          id: k,
          name: k,
          nodes: [start(), task('t1', 300), task('lost', 300), end()],
          flows: [flow('f0', 'start', 't1'), flow('f1', 't1', 'end'), flow('f2', 'lost', 'end')],
        }),
      ['节点「任务lost」从开始事件无法到达'],
    );
    await deployRefused(
      (k) =>
        bpmnXml({
          id: k,
          name: k,
          nodes: [
            start(),
            { id: 'split', type: 'parallelGateway', x: 250, y: 100 },
            task('t1', 400),
            task('stuck', 400),
            end(),
          ],
          flows: [
            flow('f0', 'start', 'split'),
            flow('f1', 'split', 't1'),
            flow('f2', 'split', 'stuck'),
            flow('f3', 't1', 'end'),
          ],
        }),
      ['从节点「任务stuck」无法到达结束事件'],
    );
  });

  it('a form key that names no enabled form with a saved version, at the start event or a task', async () => {
    await deployRefused(
      (k) => line(k, [task('t1', 300)], { startAttrs: { 'park:formKey': 'nosuch' } }),
      ['start的表单“nosuch”不存在、未启用或还没有保存过版本'],
    );
    const disabled = await newForm({ content: schema(), status: 0 });
    await deployRefused(
      (k) => line(k, [task('t1', 300, who('starter'), { 'park:formKey': disabled.formKey })]),
      [`「任务t1」的表单“${disabled.formKey}”不存在`],
    );
    const unsaved = await newForm();
    await deployRefused(
      (k) => line(k, [task('t1', 300, who('starter'), { 'park:formKey': unsaved.formKey })]),
      [`表单“${unsaved.formKey}”不存在、未启用或还没有保存过版本`],
    );
    // A task's field rights name fields of its form.
    const rights = `<bpmn:extensionElements><park:assignee type="starter" /><park:fieldAuth field="nope" mode="editable" /><park:fieldAuth field="days" mode="write" /></bpmn:extensionElements>`;
    await deployRefused(
      (k) => line(k, [task('t1', 300, rights)], { startAttrs: { 'park:formKey': enabledForm } }),
      [`字段权限指向表单“${enabledForm}”中不存在的字段 nope`, '字段权限（days：write）无效'],
    );
  });

  it('a due time or reminder that is no ISO 8601 duration, a reminder not shorter, a reminder without a due time', async () => {
    const timed = (attrs: Record<string, string>) => (k: string) => line(k, [task('t1', 300, who('starter'), attrs)]);
    await deployRefused(timed({ 'park:dueTime': 'two days' }), ['办理时限“two days”不是 ISO 8601 时长']);
    await deployRefused(timed({ 'park:dueTime': 'P' }), ['办理时限“P”不是 ISO 8601 时长']);
    await deployRefused(timed({ 'park:dueTime': 'P2D', 'park:remindBefore': 'PT2X' }), [
      '提前提醒“PT2X”不是 ISO 8601 时长',
    ]);
    await deployRefused(timed({ 'park:dueTime': 'PT4H', 'park:remindBefore': 'PT4H' }), [
      '提前提醒 PT4H 不短于办理时限 PT4H',
    ]);
    await deployRefused(timed({ 'park:dueTime': 'PT4H', 'park:remindBefore': 'P1D' }), ['不短于办理时限']);
    await deployRefused(timed({ 'park:remindBefore': 'PT1H' }), ['设置了提前提醒，但没有办理时限']);
    const ok = await newModel(timed({ 'park:dueTime': 'P1DT12H', 'park:remindBefore': 'PT30M' }));
    expect((await data(post(`${W}/model/deploy?id=${ok.id}`))).version).toBe(1);
  });

  it('a button key not among the 12', async () => {
    const buttons = `<bpmn:extensionElements><park:assignee type="starter" /><park:button key="wf_pass" /><park:button key="wf_fly" /></bpmn:extensionElements>`;
    await deployRefused((k) => line(k, [task('t1', 300, buttons)]), ['「任务t1」的按钮“wf_fly”不是流程按钮之一']);
  });

  it('a process id other than the model key', async () => {
    await deployRefused(() => valid('someone_else'), ['流程标识 someone_else 与模型标识']);
  });

  it('a boundary event that is not a timer on a user task, or a timer with no duration', async () => {
    const boundary =
      (inner: string, host = 't1') =>
      (k: string) =>
        bpmnXml({
          id: k,
          name: k,
          nodes: [
            start(),
            task('t1', 300),
            { id: 'late', type: 'boundaryEvent', name: '超时', x: 300, y: 140, attrs: { attachedToRef: host }, inner },
            end(),
            end('end2', 450),
          ],
          flows: [flow('f0', 'start', 't1'), flow('f1', 't1', 'end'), flow('f2', 'late', 'end2')],
        });
    await deployRefused(boundary('<bpmn:messageEventDefinition />'), [
      '边界事件「超时」只能是附在用户任务上的定时事件',
    ]);
    await deployRefused(boundary('<bpmn:timerEventDefinition />'), ['定时边界事件「超时」没有时长']);
    await deployRefused(
      boundary('<bpmn:timerEventDefinition><bpmn:timeDuration>soon</bpmn:timeDuration></bpmn:timerEventDefinition>'),
      ['定时边界事件「超时」的时长“soon”不是 ISO 8601 时长'],
    );
    const ok = await newModel(
      boundary('<bpmn:timerEventDefinition><bpmn:timeDuration>PT8H</bpmn:timeDuration></bpmn:timerEventDefinition>'),
    );
    expect((await data(post(`${W}/model/deploy?id=${ok.id}`))).version).toBe(1);
  });

  it('says every reason at once, in the language asked', async () => {
    const broken = (k: string) =>
      bpmnXml({
        id: k,
        name: k,
        nodes: [start({ 'park:formKey': 'nosuch' }), task('t1', 300, ''), task('t2', 450, who('alien'))],
        flows: [flow('f0', 'start', 't1')],
      });
    const zh = await deployRefused(broken, ['流程没有结束事件', '没有设置审批人', '审批人类型“alien”未知']);
    expect(zh.split('；').length).toBeGreaterThanOrEqual(5);
    const en = await deployRefused(
      broken,
      [
        'The process has no end event',
        'The user task "任务t1" has no assignee rule',
        'has an assignee of unknown type "alien"',
        'The node "任务t2" cannot be reached from the start event',
        'The form "nosuch" of start does not exist',
      ],
      'en',
    );
    expect(en).toContain('; ');
  });
});

describe('deployments', () => {
  let deployment: { id: string; name: string };
  beforeAll(async () => {
    const model = await newModel((k) => line(k, [task('t1', 300)]));
    deployment = await data(post(`${W}/model/deploy?id=${model.id}`));
  });

  it('lists them; a submit changes an existing one only, never its status', async () => {
    const page = await data(get(`${W}/deployment/page?processKey=${encodeURIComponent(deployment.name.slice(2))}`));
    expect(page.total).toBeGreaterThan(0);
    const list = await data(get(`${W}/deployment/list`));
    expect(list.records.some((d: { id: string }) => d.id === deployment.id)).toBe(true);
    await refused(post(`${W}/deployment/submit`, { name: '凭空', xml: '<x/>' }), 400, '部署只能由模型部署产生');
    const renamed = await data(post(`${W}/deployment/submit`, { id: deployment.id, name: '改名部署', status: 2 }));
    expect(renamed).toMatchObject({ name: '改名部署', status: 1 });
  });

  it('suspends and activates (changeStatus), moves categories, refuses other states', async () => {
    await data(post(`${W}/deployment/changeStatus?ids=${deployment.id}&status=2`));
    expect((await data(get(`${W}/deployment/detail?id=${deployment.id}`))).status).toBe(2);
    const active = await post(`${W}/deployment/changeStatus`, { ids: deployment.id, status: 1 }, admin, 'en');
    expect(active.body).toMatchObject({ code: 200, msg: 'Activated' });
    expect((await data(get(`${W}/deployment/detail?id=${deployment.id}`))).status).toBe(1);
    for (const status of ['0', '3', 'x', '']) {
      await refused(
        post(`${W}/deployment/changeStatus?ids=${deployment.id}&status=${status}`),
        400,
        '状态只能是1（激活）或2（挂起）',
      );
    }
    await refused(post(`${W}/deployment/changeStatus?status=1`), 400, '请选择至少一条数据');
    await refused(post(`${W}/deployment/changeStatus?ids=123456789&status=1`), 404);
    const category = await data(post(`${W}/category/submit`, { name: '部署分类', code: key('c'), sort: 1 }));
    await data(post(`${W}/deployment/changeCategory?ids=${deployment.id}&categoryId=${category.id}`));
    expect((await data(get(`${W}/deployment/detail?id=${deployment.id}`))).categoryId).toBe(category.id);
  });
});

describe('who may start a model (scope)', () => {
  it('replaces the scope in one transaction, every id checked and named from the database', async () => {
    const model = await newModel();
    expect((await data(get(`${W}/model/scope/list?modelId=${model.id}`))).records).toEqual([]);
    const rows = await data(
      post(`${W}/model/scope/submit`, {
        modelId: model.id,
        scopes: [
          { scopeType: 'role', val: '1123598816738675201,1123598816738675203', text: '随便写' },
          { scopeType: 'dept', val: ['1123598813738675201'] },
          { scopeType: 'post', val: '1123598817738675201' },
          { scopeType: 'user', val: '1123598821738675201' },
          { scopeType: 'company', val: '' },
        ],
      }),
    );
    expect(rows.map((r: { scopeType: string; text: string }) => [r.scopeType, r.text])).toEqual([
      ['role', '超级管理员,园区员工'],
      ['dept', '园区运营中心'],
      ['post', '首席执行官'],
      ['user', '管理员'],
      ['company', ''],
    ]);
    const listed = (await data(get(`${W}/model/scope/list?modelId=${model.id}`))).records;
    expect(listed.map((r: { val: string }) => r.val)).toEqual([
      '1123598816738675201,1123598816738675203',
      '1123598813738675201',
      '1123598817738675201',
      '1123598821738675201',
      '',
    ]);

    // A bad row refuses the whole submit: the scope stays as it was.
    for (const [scopes, says] of [
      [
        [
          { scopeType: 'role', val: '1123598816738675201' },
          { scopeType: 'boss', val: '1' },
        ],
        '范围类型“boss”无效',
      ],
      [[{ scopeType: 'role', val: '999999' }], '所选角色不存在：999999'],
      [[{ scopeType: 'user', val: '' }], '请选择用户'],
      [[{ scopeType: 'dept', val: 'abc' }], '编号无效'],
      ['role', 'scopes 必须是范围的数组'],
      [[1], '范围的每一行必须是对象'],
    ] as const) {
      await refused(post(`${W}/model/scope/submit`, { modelId: model.id, scopes }), 400, says);
    }
    expect((await data(get(`${W}/model/scope/list?modelId=${model.id}`))).total).toBe(5);

    // None: everyone may start it.
    expect(await data(post(`${W}/model/scope/submit`, { modelId: model.id, scopes: [] }))).toEqual([]);
    expect((await data(get(`${W}/model/scope/list?modelId=${model.id}`))).records).toEqual([]);
    await refused(post(`${W}/model/scope/submit`, { scopes: [] }), 400, '请选择模型');
    await refused(post(`${W}/model/scope/submit`, { modelId: '123456789', scopes: [] }), 404);
    const page = await data(get(`${W}/model/scope/page?modelId=${model.id}`));
    expect(page.total).toBe(0);
  });

  it('takes enterprises of the tenant for company accounts', async () => {
    const model = await newModel();
    const enterprise = await data(post('/api/blade-crm/enterprise/submit', { enterpriseName: '范围企业' }));
    const [row] = await data(
      post(`${W}/model/scope/submit`, { modelId: model.id, scopes: [{ scopeType: 'company', val: enterprise.id }] }),
    );
    expect(row).toMatchObject({ scopeType: 'company', val: enterprise.id, text: '范围企业' });
  });
});

describe('tenants and permissions', () => {
  const B = '300030';
  let other: string;
  /** One row of each table of tenant 000000, made through the API. */
  const mine: Record<string, string> = {};

  beforeAll(async () => {
    await createTenant(server, B);
    other = await login(server, 'admin', 'admin', B);
    mine.category = (await data(post(`${W}/category/submit`, { name: '甲分类', code: key('c'), sort: 1 }))).id;
    const form = await newForm({ content: schema() });
    mine.form = form.id;
    mine.formHistory = (await data(get(`${W}/form/history/list?formId=${form.id}`))).records[0].id;
    mine.formDefault = (
      await data(post(`${W}/form/default-values/submit`, { name: '甲默认', content: 'today()', fieldType: 'date' }))
    ).id;
    const model = await newModel((k) => line(k, [task('t1', 300)]));
    mine.model = model.id;
    mine.modelHistory = (await data(get(`${W}/model/history/list?modelId=${model.id}`))).records[0].id;
    mine.scope = (
      await data(post(`${W}/model/scope/submit`, { modelId: model.id, scopes: [{ scopeType: 'company', val: '' }] }))
    )[0].id;
    mine.condition = (await data(post(`${W}/condition/submit`, { name: '甲条件', expression: 'days > 1' }))).id;
    mine.button = (await data(get(`${W}/button/list`))).records[0].id;
    mine.deployment = (await data(post(`${W}/model/deploy?id=${model.id}`))).id;
  });

  const PATHS: Record<string, string> = {
    category: 'category',
    form: 'form',
    formHistory: 'form/history',
    formDefault: 'form/default-values',
    model: 'model',
    modelHistory: 'model/history',
    scope: 'model/scope',
    condition: 'condition',
    button: 'button',
    deployment: 'deployment',
  };

  it('keeps every table to its tenant: another one reads none of the rows', async () => {
    for (const [name, path] of Object.entries(PATHS)) {
      await refused(get(`${W}/${path}/detail?id=${mine[name]}`, other), 404);
      const page = await data(get(`${W}/${path}/page?size=1000`, other));
      expect(
        page.records.map((r: { id: string }) => r.id),
        name,
      ).not.toContain(mine[name]);
    }
    expect(await data(get(`${W}/category/tree`, other))).toEqual([]);
    expect(await data(get(`${W}/category/allTree`, other))).toEqual([]);
    expect(await data(get(`${W}/category/list`, other))).toEqual([]);
    expect(await data(get(`${W}/form/listType`, other))).toEqual([]);
    expect((await data(get(`${W}/model/scope/list?modelId=${mine.model}`, other))).total).toBe(0);
    expect((await data(get(`${W}/form/history/list?formId=${mine.form}`, other))).total).toBe(0);
    // Row-level security alone, with the engine's tenant condition out of the way: raw SQL as the tenant.
    const seen = await server.platform.db.scoped(B, (q) =>
      q.query<{ n: number }>(
        `select (select count(*) from wf_category) + (select count(*) from wf_form) + (select count(*) from wf_form_history)
              + (select count(*) from wf_form_default_values) + (select count(*) from wf_model)
              + (select count(*) from wf_model_history) + (select count(*) from wf_model_scope)
              + (select count(*) from wf_condition) + (select count(*) from wf_button)
              + (select count(*) from wf_deployment) as n`,
      ),
    );
    expect(Number(seen[0].n)).toBe(0);
  });

  it('lets another tenant change or remove none of them', async () => {
    for (const [name, path] of Object.entries(PATHS)) {
      if (!['formHistory', 'modelHistory', 'scope'].includes(name)) {
        await refused(post(`${W}/${path}/submit`, { id: mine[name], name: '被改' }, other), 404);
      }
      await refused(post(`${W}/${path}/remove?ids=${mine[name]}`, undefined, other), 400, '未找到可删除的数据');
    }
    await refused(post(`${W}/form/submit`, { id: mine.form, content: schema('被改') }, other), 404);
    await refused(post(`${W}/form/history/submit`, { formId: mine.form, content: schema() }, other), 404);
    await refused(post(`${W}/model/history/submit`, { modelId: mine.model, xml: line('x', []) }, other), 404);
    await refused(post(`${W}/form/history/setMainVersion?id=${mine.formHistory}`, undefined, other), 404);
    await refused(post(`${W}/model/history/setMainVersion?id=${mine.modelHistory}`, undefined, other), 404);
    await refused(post(`${W}/model/deploy?id=${mine.model}`, undefined, other), 404);
    await refused(post(`${W}/model/changeIcon?id=${mine.model}&icon=x`, undefined, other), 404);
    await refused(post(`${W}/model/scope/submit`, { modelId: mine.model, scopes: [] }, other), 404);
    await refused(post(`${W}/deployment/changeStatus?ids=${mine.deployment}&status=2`, undefined, other), 404);
    const theirCategory = await data(post(`${W}/category/submit`, { name: '乙分类', code: 'b', sort: 1 }, other));
    for (const path of ['form', 'model', 'deployment']) {
      const id = mine[path];
      await refused(
        post(`${W}/${path}/changeCategory?ids=${id}&categoryId=${theirCategory.id}`, undefined, other),
        404,
      );
      // Nor may a row of one tenant be put in another's category.
      await refused(
        post(`${W}/${path}/changeCategory?ids=${id}&categoryId=${theirCategory.id}`),
        400,
        '所选流程分类不存在',
      );
    }
    // A scope names no row of another tenant.
    const theirs = await data(post(`${W}/model/submit`, { modelKey: 'b_model', name: '乙模型' }, other));
    await refused(
      post(
        `${W}/model/scope/submit`,
        { modelId: theirs.id, scopes: [{ scopeType: 'user', val: '1123598821738675201' }] },
        other,
      ),
      400,
      '所选用户不存在',
    );
    // A deploy reads the forms of its own tenant only.
    const [{ form_key }] = await server.platform.db.admin.query<{ form_key: string }>(
      'select form_key from wf_form where id = $1',
      [mine.form],
    );
    const named = await data(
      post(
        `${W}/model/submit`,
        {
          modelKey: 'b_named',
          name: '乙',
          xml: line('b_named', [task('t1', 300)], { startAttrs: { 'park:formKey': form_key } }),
        },
        other,
      ),
    );
    await refused(post(`${W}/model/deploy?id=${named.id}`, undefined, other), 400, `表单“${form_key}”不存在`);

    const rows = await server.platform.db.admin.query<{ name: string | null; is_deleted: number; status: number }>(
      `select name, is_deleted, status from wf_form where id = $1
       union all select name, is_deleted, status from wf_model where id = $2
       union all select name, is_deleted, status from wf_deployment where id = $3`,
      [mine.form, mine.model, mine.deployment],
    );
    expect(rows.every((r) => r.is_deleted === 0 && r.status === 1 && r.name !== '被改')).toBe(true);
  });

  it('gives a new tenant the 12 buttons once, keeping its own changes', async () => {
    const { provisionButtons } = await import('../src/modules/workflow/library.ts');
    await server.platform.db.tx(ALL_TENANTS, (q) => provisionButtons(q, B));
    const theirs = await data(get(`${W}/button/list?size=100`, other));
    expect(theirs.total).toBe(12);
    await data(
      post(`${W}/button/remove?ids=${theirs.records.map((b: { id: string }) => b.id).join(',')}`, undefined, other),
    );
    await server.platform.db.tx(ALL_TENANTS, (q) => provisionButtons(q));
    expect((await data(get(`${W}/button/list`, other))).total).toBe(0);
  });

  it('gives a tenant made by tenant/submit its 12 buttons in the same transaction', async () => {
    const tenant = await data(post('/api/blade-system/tenant/submit', { tenantName: '流程租户', linkman: '王五' }));
    const [{ n }] = await server.platform.db.admin.query<{ n: number }>(
      'select count(*)::int as n from wf_button where tenant_id = $1 and is_deleted = 0',
      [tenant.tenantId],
    );
    expect(n).toBe(12);
  });

  it('refuses a caller without the screen (403), and each design action to one without its button', async () => {
    await createUserWithButtons(server, '000000', 'wfnobody', ['post']);
    const nobody = await login(server, 'wfnobody', 'pass');
    for (const path of Object.values(PATHS)) await refused(get(`${W}/${path}/page`, nobody), 403);
    for (const url of [
      `${W}/category/tree`,
      `${W}/category/allTree`,
      `${W}/form/listType`,
      `${W}/model/scope/list?modelId=${mine.model}`,
    ]) {
      await refused(get(url, nobody), 403);
    }
    for (const url of [
      `${W}/model/deploy?id=${mine.model}`,
      `${W}/form/history/setMainVersion?id=${mine.formHistory}`,
      `${W}/deployment/changeStatus?ids=${mine.deployment}&status=2`,
      `${W}/form/changeCategory?ids=${mine.form}&categoryId=${mine.category}`,
      `${W}/model/changeIcon?id=${mine.model}&icon=x`,
    ]) {
      await refused(post(url, undefined, nobody), 403);
    }
    await refused(post(`${W}/model/scope/submit`, { modelId: mine.model, scopes: [] }, nobody), 403);

    // The screens without their design buttons: the lists and the rows' own edits, not the versions.
    await createUserWithButtons(server, '000000', 'wfclerk', [
      'wf_form',
      'wf_form_add',
      'wf_form_edit',
      'wf_model',
      'wf_model_add',
      'wf_model_edit',
      'wf_deployment',
      'wf_deployment_edit',
    ]);
    const clerk = await login(server, 'wfclerk', 'pass');
    const form = await data(post(`${W}/form/submit`, { formKey: key('form'), name: '文员表单' }, clerk));
    await refused(post(`${W}/form/submit`, { id: form.id, content: schema() }, clerk), 403);
    await refused(post(`${W}/form/history/submit`, { formId: form.id, content: schema() }, clerk), 403);
    await refused(post(`${W}/form/history/setMainVersion?id=${mine.formHistory}`, undefined, clerk), 403);
    await refused(post(`${W}/form/history/remove?ids=${mine.formHistory}`, undefined, clerk), 403);
    await refused(post(`${W}/model/submit`, { id: mine.model, xml: line('x', []) }, clerk), 403);
    await refused(post(`${W}/model/deploy?id=${mine.model}`, undefined, clerk), 403);
    await refused(post(`${W}/model/history/setMainVersion?id=${mine.modelHistory}`, undefined, clerk), 403);
    await refused(post(`${W}/deployment/changeStatus?ids=${mine.deployment}&status=2`, undefined, clerk), 403);
    await refused(post(`${W}/model/scope/submit`, { modelId: mine.model, scopes: [] }, clerk), 403);
    // Creating a model makes its empty diagram: no design button needed for that.
    expect((await data(post(`${W}/model/submit`, { modelKey: key('p'), name: '文员模型' }, clerk))).version).toBe(1);
    await data(
      post(`${W}/deployment/changeCategory?ids=${mine.deployment}&categoryId=${mine.category}`, undefined, clerk),
    );
    // The model screen reads what its designer picks from: forms (listType), conditions, buttons, categories.
    for (const url of [`${W}/form/listType`, `${W}/condition/list`, `${W}/button/list`, `${W}/category/tree`]) {
      await data(get(url, clerk));
    }

    // And with them, the design actions pass.
    await createUserWithButtons(server, '000000', 'wfdesign', [
      'wf_form',
      'wf_form_edit',
      'wf_form_design',
      'wf_form_history',
      'wf_model',
      'wf_model_deploy',
      'wf_deployment',
      'wf_deployment_status',
      'wf_model_scope_edit',
    ]);
    const designer = await login(server, 'wfdesign', 'pass');
    expect((await data(post(`${W}/form/submit`, { id: form.id, content: schema() }, designer))).version).toBe(1);
    await data(post(`${W}/form/history/setMainVersion?id=${mine.formHistory}`, undefined, designer));
    expect((await data(post(`${W}/model/deploy?id=${mine.model}`, undefined, designer))).version).toBe(2);
    await data(post(`${W}/deployment/changeStatus?ids=${mine.deployment}&status=2`, undefined, designer));
    await data(post(`${W}/model/scope/submit`, { modelId: mine.model, scopes: [] }, designer));
  });
});

describe('bad input', () => {
  it('is a 400 with a message, never a 500', async () => {
    const cases: [string, object | undefined][] = [
      [`${W}/form/submit`, { formKey: { a: 1 }, name: 'x' }],
      [`${W}/form/submit`, { formKey: key('f'), name: 'x', status: 5 }],
      [`${W}/model/submit`, { modelKey: key('p'), name: 'x', categoryId: 'abc' }],
      [`${W}/form/history/setMainVersion`, {}],
      [`${W}/form/history/setMainVersion?id=1e5`, undefined],
      [`${W}/model/history/remove?ids=`, undefined],
      [`${W}/model/history/remove?ids=9223372036854775808`, undefined],
      [`${W}/deployment/changeCategory?ids=1&categoryId=`, undefined],
      [`${W}/model/scope/submit`, { modelId: 'x' }],
      [`${W}/category/submit`, { name: 'x', code: key('c'), sort: 'abc' }],
      [`${W}/condition/submit`, { name: 'x', expression: 'a'.repeat(1001) }],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload);
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg.length).toBeGreaterThan(0);
    }
    const raw = await server.call({
      method: 'POST',
      url: `${W}/model/scope/submit`,
      token: admin,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
  });
});
