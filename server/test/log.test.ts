import { logApi } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_ROUTE } from '../src/modules/resource/files.ts';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { exportSheet } from './exports.ts';
import { startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/** The usual, api and error logs: what the writer wrote, read back a page or an entry at a time. */
let server: TestServer;
let admin: string;

interface Page {
  records: Record<string, unknown>[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

async function page(kind: string, query: string, token = admin): Promise<Page> {
  const res = await server.call({ method: 'GET', url: `/api/blade-log/${kind}/list?${query}`, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
}

const DICT = '/api/blade-system/dict/dictionary';

beforeAll(async () => {
  server = await startServer();
  admin = tokenFor(server);
  for (const code of ['sex', 'status', 'yes_no']) {
    await server.call({ method: 'GET', url: `${DICT}?code=${code}`, token: admin });
  }
  // Entries from another tenant and from long ago, written as the log writer would.
  await server.platform.db.tx(ALL_TENANTS, (q) =>
    insertRows(q, 'blade_log_api', [
      { id: nextId(), tenant_id: '000000', request_uri: DICT, create_by: 'old', create_time: '2020-01-01 08:00:00' },
      { id: nextId(), tenant_id: '400001', request_uri: DICT, create_by: 'admin' },
    ]),
  );
  await server.platform.logs.flush();
});

afterAll(() => server.close());

describe('GET /blade-log/api/list', () => {
  it('pages the api log of the caller’s tenant, newest first', async () => {
    const all = await page('api', `requestUri=${DICT}`);
    expect(all.total).toBe(4);
    expect(all.records.every((r) => r.tenantId === '000000' && r.requestUri === DICT)).toBe(true);
    expect(all.records[0]).toMatchObject({ method: 'GET', createBy: 'admin', type: '1', title: '字典选项' });
    expect(all.records.at(-1)?.createBy).toBe('old');
    const times = all.records.map((r) => String(r.createTime));
    expect([...times].sort().reverse()).toEqual(times);

    const second = await page('api', `requestUri=${DICT}&size=3&current=2`);
    expect(second).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 });
    expect(second.records.map((r) => r.id)).toEqual([all.records[3].id]);
  });

  it('filters by operator and creation time', async () => {
    expect((await page('api', `requestUri=${DICT}&createBy=adm`)).total).toBe(3);
    const before = await page('api', `requestUri=${DICT}&createTime_datelt=2021-01-01 00:00:00`);
    expect(before.records.map((r) => r.createBy)).toEqual(['old']);
    const after = await page('api', `requestUri=${DICT}&createTime_dategt=2021-01-01 00:00:00`);
    expect(after.total).toBe(3);
    const bad = await server.call({
      method: 'GET',
      url: '/api/blade-log/api/list?createTime_dategt=yesterday',
      token: admin,
    });
    expect(bad.status).toBe(400);
  });
});

/** A log export as a workbook: its headers and rows (values keyed by header). */
async function exportRows(kind: string, query: string, token = admin) {
  const { headers, values, name } = await exportSheet(server, token, `blade-log/${kind}`, query);
  return { headers, rows: values, name };
}

describe('GET /blade-log/{kind}/export', () => {
  it('exports what the list finds, creation-time range included, as the list shows it', async () => {
    const recent = await exportRows('api', `requestUri=${DICT}&createTime_dategt=2021-01-01 00:00:00`);
    expect(recent.name).toContain('接口日志.xlsx');
    expect(recent.headers).toEqual(logApi.fields.filter((f) => f.list !== false).map((f) => f.label.zh));
    expect(recent.rows).toHaveLength(3);
    expect(recent.rows.every((r) => r.请求地址 === DICT && r.操作人 === 'admin')).toBe(true);
    const old = await exportRows('api', `requestUri=${DICT}&createTime_datelt=2021-01-01 00:00:00`);
    expect(old.rows.map((r) => [r.操作人, r.操作时间])).toEqual([['old', new Date(Date.UTC(2020, 0, 1, 8))]]);
    const bad = await server.call({
      method: 'GET',
      url: '/api/blade-log/api/export?createTime_dategt=yesterday',
      token: admin,
    });
    expect(bad.status).toBe(400);
  });

  it('exports the usual and error logs of the caller’s tenant', async () => {
    const usual = await exportRows('usual', 'logId=auth.login');
    expect(usual.headers).toContain('日志业务编号');
    const errors = await exportRows('error', 'size=1');
    expect(errors.headers).toContain('异常名');
  });
});

describe('GET /blade-log/{kind}/detail', () => {
  it('gives one api entry of the tenant, and 404 for another tenant’s', async () => {
    const [first] = (await page('api', `requestUri=${DICT}`)).records;
    const res = await server.call({ method: 'GET', url: `/api/blade-log/api/detail?id=${first.id}`, token: admin });
    expect(res.body).toMatchObject({ code: 200, data: { id: first.id, requestUri: DICT } });

    const [foreign] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ id: string }>(`select id from blade_log_api where tenant_id = '400001'`),
    );
    const hidden = await server.call({
      method: 'GET',
      url: `/api/blade-log/api/detail?id=${foreign.id}`,
      token: admin,
    });
    expect(hidden.status).toBe(404);
    const bad = await server.call({ method: 'GET', url: '/api/blade-log/api/detail?id=x', token: admin });
    expect(bad.status).toBe(400);
  });

  it('reads back an error with its stack', async () => {
    server.platform.logs.error({
      tenantId: '000000',
      method: 'POST',
      requestUri: '/api/test/boom',
      userAgent: 'vitest',
      remoteIp: '127.0.0.1',
      params: '{}',
      createBy: 'admin',
      error: new TypeError('boom'),
    });
    await server.platform.logs.flush();
    const { records } = await page('error', 'requestUri=/api/test/boom');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ exceptionName: 'TypeError', message: 'boom', method: 'POST' });
    const res = await server.call({
      method: 'GET',
      url: `/api/blade-log/error/detail?id=${records[0].id}`,
      token: admin,
    });
    expect(res.body.data.stackTrace).toContain('TypeError: boom');
    expect(res.body.data.stackTrace).toContain('log.test.ts');
  });

  it('reads back a usual entry', async () => {
    server.platform.logs.usual({
      tenantId: '000000',
      logLevel: 'info',
      logId: 'seed',
      logData: '园区初始化完成',
      requestUri: '/api/test/usual',
      createBy: 'admin',
    });
    await server.platform.logs.flush();
    const { records } = await page('usual', 'requestUri=/api/test/usual');
    expect(records).toHaveLength(1);
    const res = await server.call({
      method: 'GET',
      url: `/api/blade-log/usual/detail?id=${records[0].id}`,
      token: admin,
    });
    expect(res.body.data).toMatchObject({ logLevel: 'info', logId: 'seed', logData: '园区初始化完成' });
  });
});

describe('an unexpected error inside a handler', () => {
  it('answers the generic 500 envelope without a stack, and lands in the error log with its stack', async () => {
    const url = `${FILE_ROUTE}/000000/${'0'.repeat(32)}.png`;
    const bug = () => new TypeError("Cannot read properties of undefined (reading 'bytes')");
    vi.spyOn(server.platform.files, 'open').mockRejectedValueOnce(bug()).mockRejectedValueOnce(bug());
    const en = await server.call({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(en.status).toBe(500);
    expect(en.body).toEqual({
      code: 500,
      success: false,
      data: null,
      msg: 'Server error, please contact the administrator',
    });
    const zh = await server.call({ method: 'GET', url });
    expect(zh.status).toBe(500);
    expect(zh.body).toEqual({ code: 500, success: false, data: null, msg: '服务器异常，请联系管理员' });

    await server.platform.logs.flush();
    const { records } = await page('error', `requestUri=${url}`);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ exceptionName: 'TypeError', method: 'GET', requestUri: url });
    const detail = await server.call({
      method: 'GET',
      url: `/api/blade-log/error/detail?id=${records[0].id}`,
      token: admin,
    });
    expect(detail.body.data.stackTrace).toMatch(
      /^TypeError: Cannot read properties of undefined \(reading 'bytes'\)\n\s+at /,
    );
    expect(detail.body.data.stackTrace).toContain('log.test.ts');
  });
});

describe('the api log', () => {
  it('masks password, captcha, token and secret parameters, in the query and the body', async () => {
    const secrets = {
      password: 'pw-one',
      newPassword1: 'pw-two',
      captchaCode: 'cc-three',
      refresh_token: 'rt-four',
      secretKey: 'sk-five',
    };
    await server.call({
      method: 'GET',
      url: `/api/blade-system/param/list?paramKey=mask.visible&paramName=a+token+in+a+value&${new URLSearchParams(secrets)}`,
      token: admin,
    });
    // A JSON body: a key at any depth, in an object in an array.
    await server.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      token: admin,
      payload: { paramKey: 'mask.nested', accounts: [{ account: 'a', password: 'pw-six' }], remark: 'none' },
    });
    await server.call({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'tenant-id': '000000' },
      payload: new URLSearchParams({
        tenantId: '000000',
        username: 'admin',
        grant_type: 'password',
        ...secrets,
      }).toString(),
    });
    await server.platform.logs.flush();

    const [list] = (await page('api', 'requestUri=/api/blade-system/param/list')).records;
    expect(JSON.parse(String(list.params)).query).toEqual({
      paramKey: 'mask.visible',
      paramName: 'a token in a value',
      password: '******',
      newPassword1: '******',
      captchaCode: '******',
      refresh_token: '******',
      secretKey: '******',
    });
    const [login] = (await page('api', 'requestUri=/api/blade-auth/oauth/token')).records;
    expect(JSON.parse(String(login.params)).body).toMatchObject({
      username: 'admin',
      password: '******',
      captchaCode: '******',
      refresh_token: '******',
      secretKey: '******',
    });
    const [submitted] = (await page('api', 'requestUri=/api/blade-system/param/submit')).records;
    expect(JSON.parse(String(submitted.params)).body).toEqual({
      paramKey: 'mask.nested',
      accounts: [{ account: 'a', password: '******' }],
      remark: 'none',
    });
    for (const value of [...Object.values(secrets), 'pw-six']) {
      expect(String(list.params) + String(login.params) + String(submitted.params)).not.toContain(value);
    }
  });
});

describe('who may read the logs', () => {
  it('takes the view button of the log screen', async () => {
    const roleId = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const [button] = await q.query<{ id: string }>(`select id from blade_menu where code = 'log_api_view'`);
      await insertRows(q, 'blade_role_menu', [{ id: nextId(), menu_id: button.id, role_id: roleId }]);
    });
    const clerk = tokenFor(server, { userId: nextId(), roleIds: [roleId], roleAliases: ['clerk'], account: 'clerk' });
    expect((await page('api', 'size=1', clerk)).records).toHaveLength(1);
    expect((await exportRows('api', `requestUri=${DICT}`, clerk)).rows.length).toBeGreaterThan(0);
    for (const path of ['error/list', 'error/export']) {
      const refused = await server.call({ method: 'GET', url: `/api/blade-log/${path}`, token: clerk });
      expect(refused.status).toBe(403);
    }
  });

  it.each(['api', 'error', 'usual'].flatMap((kind) => [`${kind}/list`, `${kind}/detail?id=1`, `${kind}/export`]))(
    'GET /blade-log/%s without a token is a 401',
    async (path) => {
      const res = await server.call({ method: 'GET', url: `/api/blade-log/${path}` });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, success: false });
    },
  );
});
