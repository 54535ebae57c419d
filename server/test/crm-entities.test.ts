import {
  agreement,
  boundsProblem,
  crmEntities,
  crmStaff,
  type EntityDef,
  enterprise,
  enterpriseScoped,
  type RuleMessage,
  ruleMessage,
  type Text,
  type TextFormat,
} from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, requiredBody, submit } from './crm-fixtures.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/** Every CRM catalog entity: create with its required fields, read, update, remove; an empty body is refused. */
let server: TestServer;
let admin: string;
const refs: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, ADMIN.account, ADMIN.password);
  refs.enterpriseId = (await submit(server, admin, 'blade-crm/enterprise', { enterpriseName: '表驱动企业' })).id;
  // Parents of the child entities, kept while their children are tested.
  const parent = async (key: string) => {
    const entity = crmEntities.find((e) => e.key === key)!;
    return (await submit(server, admin, entity.api, requiredBody(entity, refs))).id as string;
  };
  refs.projectId = await parent('project');
  refs.rdPlatformId = await parent('rd_platform');
  refs.productionId = await parent('production');
});
afterAll(() => server.close());

const firstRequired = (entity: EntityDef) => entity.fields.find((f) => f.required && f.form !== false)!.required!;

describe.each(crmEntities.map((e) => [e.key, e] as const))('%s', (_key, entity) => {
  const base = `/api/${entity.api}`;

  it('creates, reads, updates and removes a row', async () => {
    const body = requiredBody(entity, refs);
    const created = await submit(server, admin, entity.api, body);
    for (const [k, v] of Object.entries(body)) expect(String(created[k]), k).toBe(String(v));

    const detail = await ok(server, admin, 'GET', `${base}/detail?id=${created.id}`);
    expect(detail.id).toBe(created.id);
    const page = await ok(server, admin, 'GET', `${base}/page?current=1&size=100`);
    expect(page.records.map((r: { id: string }) => r.id)).toContain(created.id);

    // Every CRM entity has a remark; an update that leaves the other fields out keeps them.
    const updated = await submit(server, admin, entity.api, { id: created.id, remark: 'changed' });
    expect(updated.remark).toBe('changed');
    for (const [k, v] of Object.entries(body)) expect(String(updated[k]), k).toBe(String(v));

    await ok(server, admin, 'POST', `${base}/remove?ids=${created.id}`);
    const gone = await server.call({ method: 'GET', url: `${base}/detail?id=${created.id}`, token: admin });
    expect(gone.body.code).toBe(404);
  });

  it('refuses an empty body with the first required message, writing nothing', async () => {
    const before = await ok(server, admin, 'GET', `${base}/page?size=1`);
    const res = await server.call({ method: 'POST', url: `${base}/submit`, token: admin, payload: {} });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(firstRequired(entity).zh);
    const en = await server.call({
      method: 'POST',
      url: `${base}/submit`,
      token: admin,
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe(firstRequired(entity).en);
    expect((await ok(server, admin, 'GET', `${base}/page?size=1`)).total).toBe(before.total);
  });
});

describe.each(enterpriseScoped.map((e) => [e.key, e] as const))('%s belongs to an enterprise', (_key, entity) => {
  it('needs an existing enterprise (or parent) of the tenant', async () => {
    const { enterpriseId: _e, ...body } = requiredBody(entity, refs);
    const parentField = entity.fields.find((f) => f.type === 'id' && f.required);
    const missing = parentField ? { ...body, [parentField.name]: '1234567890123' } : body;
    const res = await server.call({ method: 'POST', url: `/api/${entity.api}/submit`, token: admin, payload: missing });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(parentField ? /不存在/ : /请选择所属企业/);
    const unknown = await server.call({
      method: 'POST',
      url: `/api/${entity.api}/submit`,
      token: admin,
      payload: { ...body, enterpriseId: '1234567890123' },
    });
    // A child takes its parent's enterprise, whatever the body names.
    expect(unknown.body.code).toBe(parentField ? 200 : 400);
    if (parentField) expect(unknown.body.data.enterpriseId).toBe(refs.enterpriseId);
  });
});

/** The date pairs whose end may not come before the start, with the messages in both languages. */
const DATE_PAIRS = [
  [enterprise, 'entryDate', 'dueDate', '到期日期不能早于入驻日期', 'The due date cannot be before the entry date'],
  [agreement, 'startDate', 'endDate', '结束日期不能早于开始日期', 'The end date cannot be before the start date'],
  [
    crmStaff,
    'joinDate',
    'dimissionDate',
    '离职日期不能早于入职日期',
    'The leaving date cannot be before the join date',
  ],
] as const;

describe.each(DATE_PAIRS.map(([e, ...rest]) => [e.key, e, ...rest] as const))(
  '%s dates',
  (_key, entity, start, end, zh, en) => {
    const base = `/api/${entity.api}/submit`;
    const save = (payload: object, lang = 'zh') =>
      server.call({ method: 'POST', url: base, token: admin, payload, headers: { 'accept-language': lang } });

    it('refuse an end before the start, sent together or against the stored row, in both languages', async () => {
      const body = requiredBody(entity, refs);
      expect((await save({ ...body, [start]: '2024-05-01', [end]: '2024-04-30' })).body).toMatchObject({
        code: 400,
        msg: zh,
      });
      const row = await submit(server, admin, entity.api, { ...body, [start]: '2024-05-01', [end]: '2024-06-01' });

      // Only the end, or only the start, is checked against the stored other side.
      expect((await save({ id: row.id, [end]: '2024-04-01' })).body).toMatchObject({ code: 400, msg: zh });
      expect((await save({ id: row.id, [end]: '2024-04-01' }, 'en')).body.msg).toBe(en);
      expect((await save({ id: row.id, [start]: '2024-07-01' })).body).toMatchObject({ code: 400, msg: zh });
      const stored = await ok(server, admin, 'GET', `/api/${entity.api}/detail?id=${row.id}`);
      expect([stored[start], stored[end]]).toEqual(['2024-05-01', '2024-06-01']);

      // The same day, a later end, or no start at all pass.
      await ok(server, admin, 'POST', base, { id: row.id, [end]: '2024-05-01' });
      await ok(server, admin, 'POST', base, { id: row.id, [start]: null });
      const open = await ok(server, admin, 'POST', base, { id: row.id, [end]: '2020-01-01' });
      expect(open[end]).toBe('2020-01-01');
    });
  },
);

/** A value of each format that the format refuses, and the message it gets. */
const BAD_TEXT: Record<TextFormat, [string, RuleMessage]> = {
  mobile: ['1380000', 'mobileLength'],
  phone: ['12345', 'phone'],
  email: ['not-an-email', 'email'],
  creditCode: ['91440300MA5FXH123I', 'creditCode'],
  cron: ['every day', 'cronInvalid'],
  time: ['25:00', 'time'],
  menuPath: ['javascript:alert(1)', 'menuPath'],
  code: ['Wx Open', 'code'],
};

/** Every CRM field declaring a format or bounds, with a value it refuses and the message in both languages. */
type Ruled = [name: string, entity: EntityDef, field: string, value: string | number, message: Text];
const RULED: Ruled[] = crmEntities.flatMap((entity) =>
  entity.fields.flatMap((field): Ruled[] => {
    const name = `${entity.key}.${field.name}`;
    if (field.format) {
      const [value, message] = BAD_TEXT[field.format];
      return [[name, entity, field.name, value, ruleMessage(message, {})]];
    }
    if (field.min === undefined) return [];
    const problem = boundsProblem(field.min - 1, field)!;
    return [
      [
        name,
        entity,
        field.name,
        field.min - 1,
        ruleMessage(problem.message, { ...problem.values, label: field.label }),
      ],
    ];
  }),
);

describe.each(RULED)('%s', (_name, entity, field, value, message) => {
  it('is refused out of its format or bounds with the field’s message in both languages, writing nothing', async () => {
    const body = { ...requiredBody(entity, refs), [field]: value };
    const url = `/api/${entity.api}/submit`;
    for (const lang of ['zh', 'en'] as const) {
      const res = await server.call({
        method: 'POST',
        url,
        token: admin,
        payload: body,
        headers: { 'accept-language': lang },
      });
      expect(res.body).toMatchObject({ code: 400, success: false, msg: message[lang] });
    }
    const before = (await ok(server, admin, 'GET', `/api/${entity.api}/page?size=1`)).total;
    const row = await submit(server, admin, entity.api, requiredBody(entity, refs));
    const update = await server.call({ method: 'POST', url, token: admin, payload: { id: row.id, [field]: value } });
    expect(update.body).toMatchObject({ code: 400, msg: message.zh });
    expect((await ok(server, admin, 'GET', `/api/${entity.api}/detail?id=${row.id}`))[field]).toBeNull();
    expect((await ok(server, admin, 'GET', `/api/${entity.api}/page?size=1`)).total).toBe(before + 1);
  });
});

it('keeps a credit code in capitals and a phone without surrounding spaces', async () => {
  const row = await submit(server, admin, enterprise.api, {
    enterpriseName: '格式企业',
    creditCode: '91440300ma5fxh9999',
    agentPhone: ' 0755-86000000 ',
    registeredCapital: 0,
  });
  expect(row).toMatchObject({ creditCode: '91440300MA5FXH9999', agentPhone: '0755-86000000', registeredCapital: 0 });
});
