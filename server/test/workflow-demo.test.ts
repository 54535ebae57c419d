import { evaluateExpression, schemaProblems } from '@park/catalog/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Process, parseBpmn } from '../src/modules/workflow/engine/bpmn.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The workflow demo (seed/workflow-demo.ts): three deployed processes with their forms and categories, ready for
 * the runtime, each diagram complete enough for bpmn-js to draw (a shape per node, an edge per flow), each model
 * passing deploy validation again, and the people their tasks name able to sign in. On both databases.
 */
let server: TestServer;
let admin: string;
const W = '/api/blade-workflow/design';

async function data(url: string, method: 'GET' | 'POST' = 'GET', token = admin) {
  const res = await server.call({ method, url, token });
  expect(res.body.code, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('the demo processes', () => {
  it('are deployed with their forms and categories', async () => {
    const { records } = await data(`${W}/deployment/list?size=100&ascs=processKey`);
    const demo = records.filter((d: { processKey: string }) => ['leave', 'expense', 'repair'].includes(d.processKey));
    expect(
      demo.map((d: { processKey: string; name: string; version: number; status: number }) => [
        d.processKey,
        d.name,
        d.version,
        d.status,
      ]),
    ).toEqual([
      ['expense', '报销流程', 1, 1],
      ['leave', '请假流程', 1, 1],
      ['repair', '报修处理', 1, 1],
    ]);
    const categories = await data(`${W}/category/tree`);
    expect(categories.map((c: { title: string }) => c.title)).toEqual(['行政办公', '财务报销', '物业服务']);
    const formKeys = (await data(`${W}/form/listType`)).map((f: { formKey: string }) => f.formKey).sort();
    expect(formKeys).toEqual(expect.arrayContaining(['expense', 'leave', 'repair']));
    for (const deployment of demo) {
      const [form] = JSON.parse(deployment.forms);
      expect(form).toMatchObject({ formKey: deployment.processKey, version: 1 });
      expect(schemaProblems(JSON.parse(form.content))).toEqual([]);
      expect(categories.map((c: { id: string }) => c.id)).toContain(deployment.categoryId);
    }
  });

  it('draw: every node has its shape and every flow its edge', async () => {
    const { records } = await data(`${W}/model/list?size=100`);
    const demo = records.filter((m: { modelKey: string }) => ['leave', 'expense', 'repair'].includes(m.modelKey));
    expect(demo).toHaveLength(3);
    for (const model of demo) {
      expect(model).toMatchObject({ version: 1, deployedVersion: 1 });
      const { definitions, warnings } = await parseBpmn(model.xml);
      expect(warnings, model.modelKey).toEqual([]);
      const process = definitions.rootElements?.find((r) => r.$type === 'bpmn:Process') as Process;
      const elements = process.flowElements ?? [];
      expect(elements.length, model.modelKey).toBeGreaterThan(4);
      const drawn = [...model.xml.matchAll(/bpmnElement="([^"]+)"/g)].map((m) => m[1]);
      for (const element of elements) expect(drawn, `${model.modelKey} ${element.id}`).toContain(element.id);
      expect(model.xml.match(/<bpmndi:BPMNEdge /g)?.length).toBe(
        elements.filter((e) => e.$type === 'bpmn:SequenceFlow').length,
      );
    }
  });

  it('pass deploy validation again (a new version deploys)', async () => {
    const { records } = await data(`${W}/model/list?size=100`);
    for (const key of ['leave', 'expense', 'repair']) {
      const model = records.find((m: { modelKey: string }) => m.modelKey === key);
      expect((await data(`${W}/model/deploy?id=${model.id}`, 'POST')).version).toBe(2);
    }
  });

  it('route leave by its days: 3 or fewer to the end, more to the park director', async () => {
    const leave = (await data(`${W}/model/list?modelKey_equal=leave`)).records[0];
    const conditions = [
      ...leave.xml.matchAll(/<bpmn:sequenceFlow id="(\w+)"[^>]*>\s*<bpmn:conditionExpression[^>]*>([^<]+)</g),
    ];
    const byFlow = Object.fromEntries(
      conditions.map((m) => [m[1], m[2].replaceAll('&#60;', '<').replaceAll('&#62;', '>')]),
    );
    expect(evaluateExpression(byFlow.shortLeave, { form: { days: 3 } })).toBe(true);
    expect(evaluateExpression(byFlow.longLeave, { form: { days: 3 } })).toBe(false);
    expect(evaluateExpression(byFlow.longLeave, { form: { days: 3.5 } })).toBe(true);
    expect(leave.xml).toContain('type="starterLeader"');
    const directorRole = /<park:assignee type="role" value="(\d+)" text="园区主任"/.exec(leave.xml)?.[1];
    const roles = await server.platform.db.scoped('000000', (q) =>
      q.query<{ role_name: string }>('select role_name from blade_role where id = $1', [directorRole]),
    );
    expect(roles).toEqual([{ role_name: '园区主任' }]);
  });

  it('name people who exist and sign in: the finance clerks of the 会签, the property staff, the director', async () => {
    const expense = (await data(`${W}/model/list?modelKey_equal=expense`)).records[0];
    expect(expense.xml).toContain('park:signMode="all"');
    const financeRole = /<park:assignee type="role" value="(\d+)"/.exec(expense.xml)?.[1];
    const clerks = await server.platform.db.scoped('000000', (q) =>
      q.query<{ account: string }>(
        'select account from blade_user where role_id = $1 and is_deleted = 0 order by account',
        [financeRole],
      ),
    );
    expect(clerks.map((c) => c.account)).toEqual(['li_kj', 'wang_cn']);
    for (const account of ['zhang_zr', 'li_kj', 'zhao_wx']) expect(await login(server, account, '123456')).toBeTruthy();
    const repair = (await data(`${W}/model/list?modelKey_equal=repair`)).records[0];
    expect(repair.xml).toContain('<park:assignee type="field" value="handler"');
    expect(repair.xml).toContain('<park:assignee type="starter"');
    const scope = (await data(`${W}/model/scope/list?modelId=${repair.id}`)).records;
    expect(scope.map((s: { scopeType: string }) => s.scopeType)).toEqual(['company', 'dept']);
  });
});
