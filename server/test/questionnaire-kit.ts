import { expect } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId, seedId } from '../src/seed/menus.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { login, type TestServer } from './harness.ts';
import { testPasswordHash } from './test-passwords.ts';

/** What the questionnaire tests share: short calls, a sample questionnaire, and people to answer. */
export const Q = '/api/blade-questionnaire';

export type Answer = { status: number; body: { code: number; msg: string; data: unknown } };

export function calls(server: () => TestServer, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = token(), lang?: string) =>
    server().call({
      method,
      url,
      token: as,
      payload: payload as object,
      headers: lang ? { 'accept-language': lang } : undefined,
    }) as Promise<Answer>;
  return {
    call,
    get: (url: string, as?: string) => call('GET', url, undefined, as),
    post: (url: string, payload?: unknown, as?: string, lang?: string) => call('POST', url, payload, as, lang),
    put: (url: string, payload?: unknown, as?: string, lang?: string) => call('PUT', url, payload, as, lang),
  };
}

/** A success's data. */
export async function data(res: Promise<Answer>) {
  const { body } = await res;
  expect(body.code, JSON.stringify(body).slice(0, 800)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: each call reads its own shape
  return body.data as any;
}

/** A refusal: the status, and each of `says` in the message. */
export async function refused(res: Promise<Answer>, status: number, ...says: string[]) {
  const { status: s, body } = await res;
  expect(s, JSON.stringify(body).slice(0, 800)).toBe(status);
  expect(body.code).toBe(status);
  for (const text of says) expect(body.msg).toContain(text);
  return body.msg;
}

/** A satisfaction questionnaire with every kind the counters know. */
export const SATISFACTION = {
  version: 1,
  fields: [
    {
      id: 'f1',
      type: 'radio',
      name: 'overall',
      label: '总体满意度',
      required: true,
      options: [
        { label: '满意', value: 'a' },
        { label: '一般', value: 'b' },
        { label: '不满意', value: 'c' },
      ],
    },
    {
      id: 'f2',
      type: 'checkbox',
      name: 'services',
      label: '使用过的服务',
      options: [
        { label: '物业', value: 'p' },
        { label: '食堂', value: 'd' },
        { label: '会议室', value: 'm' },
      ],
    },
    { id: 'f3', type: 'rating', name: 'stars', label: '评分', max: 5 },
    { id: 'f4', type: 'nps', name: 'nps', label: '推荐意愿' },
    { id: 'f5', type: 'number', name: 'staff', label: '员工人数', min: 0, precision: 0 },
    { id: 'f6', type: 'textarea', name: 'advice', label: '建议', max: 500 },
    {
      id: 'f7',
      type: 'matrix',
      name: 'grid',
      label: '各项评价',
      rows: [
        { label: '环境', value: 'env' },
        { label: '安保', value: 'sec' },
      ],
      options: [
        { label: '好', value: 'good' },
        { label: '差', value: 'bad' },
      ],
    },
    {
      id: 'f8',
      type: 'ranking',
      name: 'rank',
      label: '重要性排序',
      options: [
        { label: '价格', value: 'price' },
        { label: '服务', value: 'service' },
        { label: '环境', value: 'env' },
      ],
    },
  ],
};

export const schemaText = (schema: object = SATISFACTION) => JSON.stringify(schema);

/** An enterprise with a live company account (the company role, as the CRM makes one), written to the database. */
export async function companyAccount(server: TestServer, account: string) {
  const enterpriseId = nextId();
  const userId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'crm_enterprise', [
      { id: enterpriseId, tenant_id: '000000', enterprise_name: `企业${account}` },
    ]);
    await insertRows(q, 'blade_user', [
      {
        id: userId,
        tenant_id: '000000',
        user_type: 2,
        account,
        password: testPasswordHash('pass'),
        real_name: `联系人${account}`,
        role_id: SEED.companyRole,
        enterprise_id: enterpriseId,
      },
    ]);
  });
  return { enterpriseId, userId, token: await login(server, account, 'pass', '000000', 'web') };
}

/** A park user whose one role holds 问卷调查 with its view button (a respondent), in a department. */
export async function staffRespondent(server: TestServer, account: string, deptId: string = SEED.rootDept) {
  const userId = nextId();
  const roleId = nextId();
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    await insertRows(q, 'blade_role', [{ id: roleId, tenant_id: '000000', role_name: account, role_alias: account }]);
    await insertRows(q, 'blade_user', [
      {
        id: userId,
        tenant_id: '000000',
        account,
        password: testPasswordHash('pass'),
        real_name: `员工${account}`,
        role_id: roleId,
        dept_id: deptId,
      },
    ]);
    await insertRows(
      q,
      'blade_role_menu',
      [menuId('questionnaire'), menuId('survey'), seedId('survey:survey_view')].map((m) => ({
        id: nextId(),
        menu_id: m,
        role_id: roleId,
      })),
    );
  });
  return { userId, roleId, token: await login(server, account, 'pass') };
}

/** A time `days` from now, as the API takes it (yyyy-MM-dd HH:mm:ss, the park's zone as the database's clock says). */
export async function dayFromNow(server: TestServer, days: number): Promise<string> {
  const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ at: string }>(`select localtimestamp(0) + make_interval(days => $1) as at`, [days]),
  );
  return row.at;
}
