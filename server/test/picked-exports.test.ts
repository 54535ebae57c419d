import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { SECRET_MASK } from '../src/resources/secrets.ts';
import { SEED } from '../src/seed/platform.ts';
import { insertRows } from '../src/seed/rows.ts';
import { exportSheet } from './exports.ts';
import { login, startServer, type TestServer } from './harness.ts';

/**
 * The hand-written exports honour the rows picked in the list (`ids=`) as the generic one does (issue 28),
 * and still export what the filters find without them; the OAuth clients' secrets never leave in clear.
 */
let server: TestServer;
let admin: string;
const T = '000000';

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

const audit = { tenant_id: T, create_user: SEED.adminUser, update_user: SEED.adminUser };
const log = (n: number) => ({ tenant_id: T, request_uri: `/picked/${n}`, create_by: 'admin' });

/** Each export: its table, two rows of it (told apart by `column` under `header`), and a filter keeping both. */
const cases: {
  api: string;
  table: string;
  row: (n: number) => Record<string, unknown>;
  header: string;
  filter: string;
}[] = [
  {
    api: 'blade-property/room-contract',
    table: 'property_room_contract',
    row: (n) => ({
      ...audit,
      contract_no: `PICK-${n}`,
      contract_type: 2,
      enterprise_id: '1',
      start_date: '2030-01-01',
      end_date: '2030-12-31',
      unit_price: 10,
    }),
    header: '合同编号',
    filter: 'contractNo=PICK-',
  },
  {
    api: 'blade-property/lease-contract-cost',
    table: 'property_lease_contract_cost',
    row: (n) => ({
      ...audit,
      contract_id: '424242',
      enterprise_id: '1',
      period_no: n,
      period_start: '2030-01-01',
      period_end: '2030-01-31',
      due_date: '2030-01-01',
    }),
    header: '期数',
    filter: 'contractId=424242',
  },
  {
    api: 'blade-dhm/order-meal',
    table: 'dhm_order_meal',
    row: (n) => ({
      ...audit,
      order_no: `PICK-${n}`,
      meal_id: '1',
      category_meal_id: '1',
      meal_date: `2030-01-0${n}`,
      user_id: SEED.adminUser,
    }),
    header: '订单编号',
    filter: 'orderNo=PICK-',
  },
  { api: 'blade-log/api', table: 'blade_log_api', row: log, header: '请求地址', filter: 'requestUri=/picked/' },
  { api: 'blade-log/error', table: 'blade_log_error', row: log, header: '请求地址', filter: 'requestUri=/picked/' },
  { api: 'blade-log/usual', table: 'blade_log_usual', row: log, header: '请求地址', filter: 'requestUri=/picked/' },
  {
    api: 'blade-resource/attach',
    table: 'park_attachment',
    row: (n) => ({
      ...audit,
      business_type: 'certificate',
      business_id: '1',
      name: `picked-${n}.pdf`,
      stored_name: `${T}/${String(n).repeat(32)}.pdf`,
      link: `/api/blade-resource/oss/endpoint/file/${T}/${String(n).repeat(32)}.pdf`,
      extension: 'pdf',
      attach_size: 1,
    }),
    header: '附件名称',
    filter: 'name=picked-',
  },
];

describe.each(cases)('$api/export', ({ api, table, row, header, filter }) => {
  const ids = [nextId(), nextId()];
  beforeAll(() =>
    server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(
        q,
        table,
        [1, 2].map((n, i) => ({ id: ids[i], ...row(n) })),
      ),
    ),
  );

  it('exports only the picked row, and by the filters without ids', async () => {
    const picked = await exportSheet(server, admin, api, `ids=${ids[1]}`);
    expect(picked.values).toHaveLength(1);
    const all = await exportSheet(server, admin, api, filter);
    expect(all.values).toHaveLength(2);
    const pickedHere = await exportSheet(server, admin, api, `${filter}&ids=${ids[1]}`);
    expect(pickedHere.values.map((v) => v[header])).toEqual([picked.values[0][header]]);
    expect(all.values.map((v) => v[header])).toContain(picked.values[0][header]);
  });
});

describe('OAuth client secrets', () => {
  const C = '/api/blade-system/client';
  const secretOf = (row: { clientSecret?: unknown }) => row.clientSecret;
  const canCall = async (secret: string) => {
    const res = await server.call({
      method: 'GET',
      url: '/api/blade-system/tenant/info?domain=none',
      headers: { authorization: `Basic ${Buffer.from(`masked:${secret}`).toString('base64')}` },
    });
    return res.status === 200;
  };

  it('are masked in the page, list, detail, the saved row and the export; the mask sent back keeps the secret', async () => {
    const body = {
      clientId: 'masked',
      clientSecret: 'masked_secret',
      authorizedGrantTypes: 'password',
      scope: 'all',
      accessTokenValidity: 60,
      refreshTokenValidity: 600,
    };
    const saved = await server.call({ method: 'POST', url: `${C}/submit`, token: admin, payload: body });
    expect(saved.body).toMatchObject({ code: 200, data: { clientSecret: SECRET_MASK } });
    const id = saved.body.data.id;
    for (const action of ['page', 'list']) {
      const rows = (await server.call({ method: 'GET', url: `${C}/${action}`, token: admin })).body.data.records;
      expect(rows.map(secretOf)).toContain(SECRET_MASK);
      expect(JSON.stringify(rows)).not.toMatch(/masked_secret|saber_secret/);
    }
    const detail = await server.call({ method: 'GET', url: `${C}/detail?id=${id}`, token: admin });
    expect(detail.body.data.clientSecret).toBe(SECRET_MASK);
    const sheet = await exportSheet(server, admin, 'blade-system/client', `ids=${id}`);
    expect(sheet.values).toEqual([expect.objectContaining({ 应用ID: 'masked', 应用密钥: SECRET_MASK })]);

    // The edit form sends the mask back: the stored secret still lets the client call; a new one replaces it.
    const edit = { ...detail.body.data, accessTokenValidity: 120 };
    expect((await server.call({ method: 'POST', url: `${C}/submit`, token: admin, payload: edit })).body.code).toBe(
      200,
    );
    expect(await canCall('masked_secret')).toBe(true);
    const renewed = { ...edit, clientSecret: 'renewed_secret' };
    expect((await server.call({ method: 'POST', url: `${C}/submit`, token: admin, payload: renewed })).body.code).toBe(
      200,
    );
    expect(await canCall('renewed_secret')).toBe(true);
    expect(await canCall('masked_secret')).toBe(false);
  });
});
