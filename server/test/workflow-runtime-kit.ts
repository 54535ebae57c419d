import { expect } from 'vitest';
import { bpmnXml, type DiagramFlow, type DiagramNode, escapeXml } from '../src/modules/workflow/engine/diagram.ts';
import type { Row } from '../src/platform/db.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { login, type TestServer } from './harness.ts';

/**
 * What the workflow runtime's tests (workflow-runtime-{ops,races,instances}.test.ts) share: the demo users and
 * their tokens, calls that must succeed or be refused, the lists and inbox read per user, and small models
 * created, saved and deployed through the design API (their XML written with the engine's diagram writer).
 */
export const P = '/api/blade-workflow/process';
export const OPS = '/api/blade-workflow/ops';
export const W = '/api/blade-workflow/design';

/** The demo users (seed/workflow-demo.ts) and the seeded administrator. */
export const USER = {
  admin: '1123598821738675201',
  zhang_zr: '190000000000300051',
  li_kj: '190000000000300052',
  wang_cn: '190000000000300053',
  zhao_wx: '190000000000300054',
  liu_wy: '190000000000300055',
} as const;
export type Who = keyof typeof USER;
export const WHO = Object.keys(USER) as Who[];

/** The demo deployments. */
export const DEMO = { leave: '190000000000300231', expense: '190000000000300232', repair: '190000000000300233' };

// biome-ignore lint/suspicious/noExplicitAny: each test reads the answer's own shape
export type Answer = { status: number; body: any };
export type Method = 'GET' | 'POST';

export interface Started {
  processInstanceId: string;
  serialNumber: string;
}

export class Kit {
  readonly tokens = {} as Record<Who, string>;
  private serial = 0;

  constructor(readonly server: TestServer) {}

  static async open(server: TestServer): Promise<Kit> {
    const kit = new Kit(server);
    for (const who of WHO) kit.tokens[who] = await login(server, who, who === 'admin' ? 'admin' : '123456');
    return kit;
  }

  call(who: Who, method: Method, url: string, body?: Record<string, unknown>): Promise<Answer> {
    return this.server.call({ method, url, token: this.tokens[who], ...(body === undefined ? {} : { body }) });
  }

  /** The data of a call that must succeed. */
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the answer's own shape
  async data(who: Who, method: Method, url: string, body?: Record<string, unknown>): Promise<any> {
    const res = await this.call(who, method, url, body);
    expect(res.body.code, `${who} ${url}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
    return res.body.data;
  }

  /** The message of a call that must be refused with a 400. */
  async refused(who: Who, method: Method, url: string, body?: Record<string, unknown>): Promise<string> {
    const res = await this.call(who, method, url, body);
    expect(res.status, `${who} ${url}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBeTruthy();
    return res.body.msg as string;
  }

  sql<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.server.platform.db.tx(ALL_TENANTS, (q) => q.query<T>(text, params));
  }

  start(who: Who, deploymentId: string, formData: Record<string, unknown> = {}, more: object = {}): Promise<Started> {
    return this.data(who, 'POST', `${P}/startProcess`, { processDefinitionId: deploymentId, formData, ...more });
  }

  /** A list's rows of one instance. */
  async rows(who: Who, list: string, instanceId: string): Promise<Row[]> {
    const { records } = await this.data(who, 'GET', `${P}/${list}?size=200`);
    return records.filter((r: { processInstanceId: string }) => r.processInstanceId === instanceId);
  }

  /** The user's open task of the instance (待办), if any. */
  async todo(who: Who, instanceId: string) {
    const rows = await this.rows(who, 'todoList', instanceId);
    expect(rows.length, `${who} has ${rows.length} open tasks of ${instanceId}`).toBeLessThanOrEqual(1);
    return rows[0] as { taskId: string; taskDefinitionKey: string; taskName: string; assignee: string } | undefined;
  }

  /** The task offered to the user (待签), if any. */
  async offered(who: Who, instanceId: string) {
    const rows = await this.rows(who, 'claimList', instanceId);
    return rows[0] as { taskId: string; taskDefinitionKey: string; assignee: string | null } | undefined;
  }

  // biome-ignore lint/suspicious/noExplicitAny: the detail's shape is the contract's
  detail(who: Who, instanceId: string, taskId?: string): Promise<any> {
    return this.data(who, 'GET', `${P}/detail?processInstanceId=${instanceId}${taskId ? `&taskId=${taskId}` : ''}`);
  }

  /** The instance's history actions, in order (read from its rows). */
  async actions(instanceId: string): Promise<string[]> {
    const rows = await this.sql<{ action: string }>(
      'select action from wf_history where instance_id = $1 order by id',
      [instanceId],
    );
    return rows.map((r) => r.action);
  }

  /** The instance's tasks as rows: node, assignee, status. */
  tasks(instanceId: string, status?: 'todo' | 'done' | 'cancelled') {
    return this.sql<{ id: string; node: string; assignee: string | null; status: string }>(
      `select id::text as id, node_id as node, assignee::text as assignee, status from wf_task
        where instance_id = $1 and ($2::text is null or status = $2) order by id`,
      [instanceId, status ?? null],
    );
  }

  /** The user's inbox, newest first (they read none of it). */
  async inbox(who: Who): Promise<{ title: string; content: string; type: number }[]> {
    return (await this.data(who, 'GET', '/api/blade-message/message/my/list?current=1&size=200')).records;
  }

  /** The user's approval messages (type 3) about one instance (its serial number is in each one's text), by title. */
  async messages(who: Who, serialNumber: string): Promise<string[]> {
    const mine = (await this.inbox(who)).filter((m) => m.content.includes(serialNumber));
    for (const m of mine) expect(m.type, m.title).toBe(3);
    return mine.map((m) => m.title);
  }

  /** A form with one version, through the design API: its key. */
  async form(fields: object[]): Promise<string> {
    const formKey = `rt_form_${process.pid}_${++this.serial}`;
    await this.data('admin', 'POST', `${W}/form/submit`, {
      formKey,
      name: `运行测试表单${this.serial}`,
      content: JSON.stringify({ version: 1, fields }),
    });
    return formKey;
  }

  /** A model saved with this XML (its process id the model key) and deployed: the deployment's id. */
  async deploy(name: string, xml: (processId: string) => string, more: object = {}): Promise<string> {
    const modelKey = `rt_${process.pid}_${++this.serial}`;
    const model = await this.data('admin', 'POST', `${W}/model/submit`, {
      modelKey,
      name,
      xml: xml(modelKey),
      ...more,
    });
    const deployment = await this.data('admin', 'POST', `${W}/model/deploy?id=${model.id}`);
    return deployment.id;
  }
}

/** A user task's extension elements: assignee rules, copy rules, buttons and field rights. */
export function extensions(opts: {
  assignees?: [type: string, value: string][];
  copyTo?: [type: string, value: string][];
  buttons?: string[];
  fields?: [field: string, mode: string][];
}): string {
  const rule = (tag: string, [type, value]: [string, string]) =>
    `<park:${tag} type="${type}" value="${escapeXml(value)}" text="${escapeXml(value)}" />`;
  return `<bpmn:extensionElements>${[
    ...(opts.assignees ?? []).map((a) => rule('assignee', a)),
    ...(opts.copyTo ?? []).map((c) => rule('copyTo', c)),
    ...(opts.buttons ?? []).map((key) => `<park:button key="${key}" />`),
    ...(opts.fields ?? []).map(([field, mode]) => `<park:fieldAuth field="${field}" mode="${mode}" />`),
  ].join('')}</bpmn:extensionElements>`;
}

export const userTask = (
  id: string,
  name: string,
  x: number,
  y: number,
  inner: string,
  attrs: Record<string, string> = {},
): DiagramNode => ({ id, type: 'userTask', name, x, y, inner, attrs });

export const flow = (id: string, from: string, to: string): DiagramFlow => ({ id, from, to });

export { bpmnXml, type DiagramNode };

/** The twelve buttons. */
export const ALL_BUTTONS = [
  'wf_pass',
  'wf_reject',
  'wf_print',
  'wf_transfer',
  'wf_delegate',
  'wf_terminate',
  'wf_add_instance',
  'wf_del_instance',
  'wf_rollback',
  'wf_withdraw',
  'wf_copy',
  'wf_urge',
];

/**
 * start → p0 (刘主管) → fork → a (李会计) ‖ b (王出纳) → join → c (张主任) → end; no form. Every task may pass,
 * reject and send back.
 */
export function parallelXml(id: string): string {
  const buttons = ['wf_pass', 'wf_reject', 'wf_rollback'];
  const task = (tid: string, name: string, x: number, y: number, who: Who) =>
    userTask(tid, name, x, y, extensions({ assignees: [['user', USER[who]]], buttons }));
  return bpmnXml({
    id,
    name: '并行测试',
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起', x: 100, y: 200 },
      task('p0', '准备', 250, 200, 'liu_wy'),
      { id: 'fork', type: 'parallelGateway', name: '分支', x: 400, y: 200 },
      task('a', '会计审核', 550, 120, 'li_kj'),
      task('b', '出纳审核', 550, 280, 'wang_cn'),
      { id: 'join', type: 'parallelGateway', name: '汇合', x: 700, y: 200 },
      task('c', '主任审批', 850, 200, 'zhang_zr'),
      { id: 'end', type: 'endEvent', name: '结束', x: 1000, y: 200 },
    ],
    flows: [
      flow('toP0', 'start', 'p0'),
      flow('toFork', 'p0', 'fork'),
      flow('toA', 'fork', 'a'),
      flow('toB', 'fork', 'b'),
      flow('aDone', 'a', 'join'),
      flow('bDone', 'b', 'join'),
      flow('toC', 'join', 'c'),
      flow('cDone', 'c', 'end'),
    ],
  });
}
