import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/**
 * The resource engine through its first entity, system parameters: the five endpoints,
 * every query suffix, sorting and paging, validation, tenant isolation (engine and
 * row-level security), data scope and button permissions.
 */
let server: TestServer;
let admin: string;
const API = '/api/blade-system/param';

type Param = { paramName: string; paramKey: string; paramValue: string; remark?: string };

async function add(token: string, p: Param) {
  const res = await server.call({ method: 'POST', url: `${API}/submit`, token, payload: p });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Param & { id: string; createTime: string; tenantId: string };
}

async function page(token: string, query: string) {
  const res = await server.call({ method: 'GET', url: `${API}/page?${query}`, token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    records: (Param & { id: string })[];
    total: number;
    pages: number;
    size: number;
    current: number;
  };
}

const keys = (records: { paramKey: string }[]) => records.map((r) => r.paramKey).sort();

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  for (const [i, word] of ['alpha', 'beta', 'gamma', 'delta_x', 'epsilon%'].entries()) {
    await add(admin, {
      paramName: `suffix ${word}`,
      paramKey: `sx.${word}`,
      paramValue: String(i * 10),
      remark: i % 2 ? 'odd' : '',
    });
  }
});

afterAll(() => server.close());

describe('the five endpoints', () => {
  it('creates, reads, updates and logically deletes a parameter', async () => {
    const created = await add(admin, { paramName: '园区名称', paramKey: 'crud.name', paramValue: '星河' });
    expect(created.id).toMatch(/^\d{15,19}$/);
    expect(created.tenantId).toBe('000000');
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const detail = await server.call({ method: 'GET', url: `${API}/detail?id=${created.id}`, token: admin });
    expect(detail.body).toMatchObject({
      code: 200,
      success: true,
      data: { paramKey: 'crud.name', paramValue: '星河' },
    });

    const updated = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: admin,
      payload: { id: created.id, paramValue: '星河二期' },
    });
    expect(updated.body).toMatchObject({
      code: 200,
      msg: '更新成功',
      data: { paramName: '园区名称', paramValue: '星河二期' },
    });

    const list = await server.call({ method: 'GET', url: `${API}/list?paramKey_equal=crud.name`, token: admin });
    expect(list.body.data).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(list.body.data.records).toHaveLength(1);

    const removed = await server.call({ method: 'POST', url: `${API}/remove?ids=${created.id}`, token: admin });
    expect(removed.body).toMatchObject({ code: 200, success: true, msg: '删除成功' });

    const gone = await server.call({ method: 'GET', url: `${API}/detail?id=${created.id}`, token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 404, success: false });
    expect((await page(admin, 'paramKey_equal=crud.name')).total).toBe(0);
    // Logical: the row is still there, marked deleted.
    const [row] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
      q.query<{ is_deleted: number }>('select is_deleted from blade_param where id = $1', [created.id]),
    );
    expect(row.is_deleted).toBe(1);
  });

  it('finds a row by unique filters on detail, and answers null when none matches', async () => {
    const found = await server.call({ method: 'GET', url: `${API}/detail?paramKey_equal=sx.beta`, token: admin });
    expect(found.body.data.paramName).toBe('suffix beta');
    const none = await server.call({ method: 'GET', url: `${API}/detail?paramKey_equal=nothing.here`, token: admin });
    expect(none.body).toMatchObject({ code: 200, data: null, msg: '暂无承载数据' });
  });

  it('exports the filtered rows as an Excel workbook', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${API}/export?paramKey_likeright=sx.`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${admin}`,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('参数名称');
    expect(sheet.rowCount).toBe(6); // header + the five sx.* rows
  });
});

describe('query suffixes', () => {
  const cases: [string, string[]][] = [
    ['paramKey=lph', ['sx.alpha']],
    ['paramKey_like=eta', ['sx.beta']],
    ['paramKey_equal=sx.gamma', ['sx.gamma']],
    ['paramKey_notequal=sx.gamma&paramKey_likeright=sx.', ['sx.alpha', 'sx.beta', 'sx.delta_x', 'sx.epsilon%']],
    ['paramKey_likeleft=ta&paramKey_likeright=sx.', ['sx.beta']],
    ['paramKey_likeright=sx.a', ['sx.alpha']],
    ['paramKey_notlike=a&paramKey_likeright=sx.', ['sx.epsilon%']],
    ['paramKey_like=_', ['sx.delta_x']], // the wildcard is matched literally
    ['paramKey_like=%', ['sx.epsilon%']],
    ['paramValue_gt=20&paramKey_likeright=sx.', ['sx.delta_x', 'sx.epsilon%']],
    ['paramValue_ge=20&paramKey_likeright=sx.', ['sx.delta_x', 'sx.epsilon%', 'sx.gamma']],
    ['paramValue_lt=10&paramKey_likeright=sx.', ['sx.alpha']],
    ['paramValue_le=10&paramKey_likeright=sx.', ['sx.alpha', 'sx.beta']],
    ['remark_null=1&paramKey_likeright=sx.', ['sx.alpha', 'sx.epsilon%', 'sx.gamma']],
    ['remark_notnull=1&paramKey_likeright=sx.', ['sx.beta', 'sx.delta_x']],
    [
      'paramKey_ignore=sx.alpha&paramKey_likeright=sx.',
      ['sx.alpha', 'sx.beta', 'sx.delta_x', 'sx.epsilon%', 'sx.gamma'],
    ],
    ['paramKey=&paramKey_likeright=sx.e', ['sx.epsilon%']], // empty values are ignored
    ['nosuchField=1&paramKey_likeright=sx.b', ['sx.beta']], // unknown fields are ignored
    ["paramKey_equal=x' or '1'='1", []], // never interpolated
  ];
  for (const [query, expected] of cases) {
    it(query, async () => {
      expect(keys((await page(admin, encodeURI(query))).records)).toEqual(expected);
    });
  }

  it('filters creation time with the date suffixes', async () => {
    const all = (await page(admin, 'paramKey_likeright=sx.&size=100')).total;
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10); // the database runs on park time
    const q = (s: string) => page(admin, `paramKey_likeright=sx.&${encodeURI(s)}`).then((p) => p.total);
    expect(await q('createTime_dategt=2000-01-01 00:00:00')).toBe(all);
    expect(await q('createTime_datelt=2000-01-01 00:00:00')).toBe(0);
    expect(await q('createTime_datege=2000-01-01')).toBe(all);
    expect(await q('createTime_datele=2999-01-01')).toBe(all);
    expect(await q(`createTime_dateequal=${now}`)).toBe(all);
    expect(await q('createTime_dategt=2000-01-01 00:00:00&createTime_datelt=2999-01-01 00:00:00')).toBe(all);
  });

  it('tells the date suffixes apart at an exact boundary', async () => {
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      insertRows(q, 'blade_param', [
        {
          id: nextId(),
          tenant_id: '000000',
          param_name: 'boundary',
          param_key: 'dx.boundary',
          param_value: 'v',
          create_time: '2024-03-15 10:20:30',
        },
      ]),
    );
    const found = async (filter: string) =>
      (await page(admin, `paramKey_equal=dx.boundary&${encodeURI(filter)}`)).total === 1;
    const at = '2024-03-15 10:20:30';
    expect(await found(`createTime_dategt=${at}`)).toBe(false);
    expect(await found(`createTime_datege=${at}`)).toBe(true);
    expect(await found(`createTime_datelt=${at}`)).toBe(false);
    expect(await found(`createTime_datele=${at}`)).toBe(true);
    expect(await found('createTime_dategt=2024-03-15 10:20:29')).toBe(true);
    expect(await found('createTime_datelt=2024-03-15 10:20:31')).toBe(true);
    // A day alone is the whole day; a time is that instant.
    expect(await found('createTime_dateequal=2024-03-15')).toBe(true);
    expect(await found('createTime_dateequal=2024-03-16')).toBe(false);
    expect(await found(`createTime_dateequal=${at}`)).toBe(true);
    expect(await found('createTime_dateequal=2024-03-15 10:20:31')).toBe(false);
    expect(await found('createTime_dateequal=2024-03-15 00:00:00')).toBe(false);
  });

  it('refuses a filter value of the wrong type with a 400 naming the field', async () => {
    const res = await server.call({ method: 'GET', url: `${API}/page?createTime_dategt=yesterday`, token: admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('创建时间');
    const num = await server.call({ method: 'GET', url: `${API}/page?status_equal=abc`, token: admin });
    expect(num.body.code).toBe(400);
  });
});

describe('sorting and paging', () => {
  it('sorts by ascs and descs and refuses unknown fields', async () => {
    const asc = await page(admin, 'paramKey_likeright=sx.&ascs=paramKey');
    expect(asc.records.map((r) => r.paramKey)).toEqual([
      'sx.alpha',
      'sx.beta',
      'sx.delta_x',
      'sx.epsilon%',
      'sx.gamma',
    ]);
    const desc = await page(admin, 'paramKey_likeright=sx.&descs=paramKey');
    expect(desc.records[0].paramKey).toBe('sx.gamma');
    const bad = await server.call({ method: 'GET', url: `${API}/page?ascs=password;drop`, token: admin });
    expect(bad.body).toMatchObject({ code: 400, success: false });
  });

  it('pages with total and pages, and caps the size', async () => {
    const p = await page(admin, 'paramKey_likeright=sx.&size=2&current=2&ascs=paramKey');
    expect(p).toMatchObject({ total: 5, pages: 3, size: 2, current: 2 });
    expect(p.records.map((r) => r.paramKey)).toEqual(['sx.delta_x', 'sx.epsilon%']);
    expect((await page(admin, 'size=100000')).size).toBe(1000);
    // Past the end there are no rows to carry the total: the engine counts again.
    expect(await page(admin, 'paramKey_likeright=sx.&size=2&current=9')).toEqual({
      records: [],
      total: 5,
      pages: 3,
      size: 2,
      current: 9,
    });
    const bad = await server.call({ method: 'GET', url: `${API}/page?current=-1`, token: admin });
    expect(bad.body.code).toBe(400);
  });
});

describe('validation', () => {
  const count = async () => (await page(admin, 'size=1000')).total;

  it('answers 400 with the spec message and writes nothing', async () => {
    const before = await count();
    const empty = await server.call({ method: 'POST', url: `${API}/submit`, token: admin, payload: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 400, success: false, data: null, msg: '请输入参数名称' });
    const noKey = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: admin,
      payload: { paramName: 'n' },
    });
    expect(noKey.body.msg).toBe('请输入参数键名');
    const noValue = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: admin,
      payload: { paramName: 'n', paramKey: 'k', paramValue: '   ' },
    });
    expect(noValue.body.msg).toBe('请输入参数键值');
    expect(await count()).toBe(before);
  });

  it('speaks English when asked', async () => {
    const res = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: admin,
      payload: {},
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.body.msg).toBe('Please enter the parameter name');
  });

  it('refuses wrong types, over-long text, duplicate keys, bad ids and non-object bodies', async () => {
    const call = (payload: unknown) =>
      server.call({ method: 'POST', url: `${API}/submit`, token: admin, payload: payload as object });
    expect((await call({ paramName: { a: 1 }, paramKey: 'k', paramValue: 'v' })).body.code).toBe(400);
    expect((await call({ paramName: 'x'.repeat(256), paramKey: 'k', paramValue: 'v' })).body.msg).toContain('255');
    expect((await call({ paramName: 'dup', paramKey: 'sx.alpha', paramValue: 'v' })).body.msg).toBe('参数键名已存在');
    expect((await call({ id: 'abc', paramName: 'n', paramKey: 'k', paramValue: 'v' })).body.code).toBe(400);
    expect((await call({ id: '123456789', paramValue: 'v' })).body.code).toBe(404);
    expect((await call([1, 2])).body.code).toBe(400);
    expect((await call({ paramName: 'n', paramKey: 'k2', paramValue: 'v', status: 7 })).body.code).toBe(400);
    const badJson = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: admin,
      payload: '{"paramName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.body).toMatchObject({ code: 400, success: false });
    const noIds = await server.call({ method: 'POST', url: `${API}/remove?ids=`, token: admin });
    expect(noIds.body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const badIds = await server.call({ method: 'POST', url: `${API}/remove?ids=1,x`, token: admin });
    expect(badIds.body.code).toBe(400);
  });
});

describe('tenants', () => {
  it('keeps each tenant to its own rows in every endpoint', async () => {
    await createTenant(server, '200001');
    const other = await login(server, 'admin', 'admin', '200001');
    const mine = await add(admin, { paramName: 'mine', paramKey: 'iso.mine', paramValue: 'a' });
    const theirs = await add(other, { paramName: 'theirs', paramKey: 'iso.theirs', paramValue: 'b' });
    expect(theirs.tenantId).toBe('200001');

    expect(keys((await page(other, 'paramKey_likeright=iso.')).records)).toEqual(['iso.theirs']);
    expect(keys((await page(admin, 'paramKey_likeright=iso.')).records)).toEqual(['iso.mine']);
    expect((await server.call({ method: 'GET', url: `${API}/detail?id=${mine.id}`, token: other })).status).toBe(404);
    const hijack = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: other,
      payload: { id: mine.id, paramValue: 'stolen' },
    });
    expect(hijack.status).toBe(404);
    // Another tenant's id removes nothing, and says so (not 删除成功); with one of its own, how many went.
    const foreign = await server.call({ method: 'POST', url: `${API}/remove?ids=${mine.id}`, token: other });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 400, success: false, msg: '未找到可删除的数据' });
    const english = await server.call({
      method: 'POST',
      url: `${API}/remove?ids=${mine.id},1`,
      token: other,
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.msg).toBe('Nothing to delete: no such record');
    const still = await server.call({ method: 'GET', url: `${API}/detail?id=${mine.id}`, token: admin });
    expect(still.body.data.paramValue).toBe('a');
    const spare = await add(other, { paramName: 'spare', paramKey: 'iso.spare', paramValue: 'c' });
    const some = await server.call({ method: 'POST', url: `${API}/remove?ids=${spare.id},${mine.id}`, token: other });
    expect(some.body).toMatchObject({ code: 200, msg: '删除成功 1 条，其余 1 条不存在或无权删除' });
    expect((await server.call({ method: 'GET', url: `${API}/detail?id=${mine.id}`, token: admin })).status).toBe(200);
    // A tenant id in the body is not the caller's to choose.
    const forged = await add(other, {
      paramName: 'f',
      paramKey: 'iso.forged',
      paramValue: 'x',
      tenantId: '000000',
    } as Param);
    expect(forged.tenantId).toBe('200001');
  });

  it('has row-level security as a second wall under the engine', async () => {
    await createTenant(server, '200002');
    const seen = await server.platform.db.scoped('200002', (q) =>
      q.query<{ tenant_id: string }>('select tenant_id from blade_param'),
    );
    expect(seen.every((r) => r.tenant_id === '200002')).toBe(true);
    const platformRows = await server.platform.db.scoped('000000', (q) => q.query('select 1 from blade_param'));
    expect(platformRows.length).toBeGreaterThan(0);
    await expect(
      server.platform.db.tx('200002', (q) =>
        insertRows(q, 'blade_param', [
          { id: nextId(), tenant_id: '000000', param_name: 'x', param_key: 'rls.x', param_value: 'x' },
        ]),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});

describe('permissions', () => {
  it('refuses with 403 the buttons a role lacks, and allows those it holds', async () => {
    await createUserWithButtons(server, '000000', 'viewer', ['param_view']);
    const viewer = await login(server, 'viewer', 'pass');
    expect((await server.call({ method: 'GET', url: `${API}/page`, token: viewer })).body.code).toBe(200);
    const addRes = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: viewer,
      payload: { paramName: 'n', paramKey: 'perm.k', paramValue: 'v' },
    });
    expect(addRes.status).toBe(403);
    expect(addRes.body).toMatchObject({ code: 403, success: false });
    const del = await server.call({ method: 'POST', url: `${API}/remove?ids=1`, token: viewer });
    expect(del.status).toBe(403);

    await createUserWithButtons(server, '000000', 'editor', ['param_add', 'param_edit']);
    const editor = await login(server, 'editor', 'pass');
    const ok = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: editor,
      payload: { paramName: 'n', paramKey: 'perm.k', paramValue: 'v' },
    });
    expect(ok.body.code).toBe(200);
  });

  it('refuses a granted button that the tenant package does not include', async () => {
    await createTenant(server, '200003');
    await createUserWithButtons(server, '200003', 'packaged', ['param_view', 'param_add']);
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const [view] = await q.query<{ id: string }>(`select id from blade_menu where code = 'param_view'`);
      const packageId = nextId();
      await insertRows(q, 'blade_tenant_package', [{ id: packageId, package_name: '只读套餐', menu_id: view.id }]);
      await q.query(`update blade_tenant set package_id = $1 where tenant_id = '200003'`, [packageId]);
    });
    const token = await login(server, 'packaged', 'pass', '200003');
    const res = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token,
      payload: { paramName: 'n', paramKey: 'pkg.k', paramValue: 'v' },
    });
    expect(res.status).toBe(403);
  });

  it('narrows reads and writes to the rows a data scope allows', async () => {
    const { userId, roleId } = await createUserWithButtons(server, '000000', 'scoped', [
      'param_add',
      'param_edit',
      'param_delete',
    ]);
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      const [menu] = await q.query<{ id: string }>(`select id from blade_menu where code = 'param'`);
      const scopeId = nextId();
      await insertRows(q, 'blade_scope_data', [
        {
          id: scopeId,
          menu_id: menu.id,
          resource_code: 'param',
          scope_name: '本人可见',
          scope_column: 'create_user',
          scope_type: 2,
        },
      ]);
      await insertRows(q, 'blade_role_scope', [
        { id: nextId(), scope_category: 1, scope_id: scopeId, role_id: roleId },
      ]);
    });
    const scoped = await login(server, 'scoped', 'pass');
    const own = await add(scoped, { paramName: 'own', paramKey: 'scope.own', paramValue: 'v' });
    expect(own.id).toBeTruthy();
    const others = await page(scoped, 'size=1000');
    expect(others.records.map((r) => r.paramKey)).toEqual(['scope.own']);
    expect(others.records.every((r) => (r as unknown as { createUser: string }).createUser === userId)).toBe(true);
    const [foreign] = (await page(admin, 'paramKey_equal=sx.alpha')).records;
    expect((await server.call({ method: 'GET', url: `${API}/detail?id=${foreign.id}`, token: scoped })).status).toBe(
      404,
    );
    const edit = await server.call({
      method: 'POST',
      url: `${API}/submit`,
      token: scoped,
      payload: { id: foreign.id, paramValue: 'x' },
    });
    expect(edit.status).toBe(404);
    // The administrator is not narrowed.
    expect((await page(admin, 'paramKey_equal=scope.own')).total).toBe(1);
  });
});

describe('every API route', () => {
  it('answers 401 in the envelope without a token, unless it is public', async () => {
    const routes = server.app.apiRoutes.filter((r) => !r.config.public);
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await server.call({ method: route.method as 'GET', url });
      expect(res.status, `${route.method} ${url}`).toBe(401);
      expect(res.body, `${route.method} ${url}`).toMatchObject({ code: 401, success: false, data: null });
      const bad = await server.call({ method: route.method as 'GET', url, token: 'not.a.token' });
      expect(bad.status, `${route.method} ${url} with a bad token`).toBe(401);
    }
  });

  it('answers 401 without the client header', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${API}/page`,
      headers: { 'blade-auth': `bearer ${admin}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await server.call({ method: 'GET', url: '/api/no/such/thing', token: admin });
    expect(res.body).toMatchObject({ code: 404, success: false });
  });

  it('answers a known path called with another method with the 405 envelope and the methods it takes', async () => {
    for (const [method, url, allow] of [
      ['POST', `${API}/page`, 'GET'],
      ['GET', `${API}/submit`, 'POST'],
      ['DELETE', `${API}/detail/`, 'GET'],
      ['PUT', '/api/blade-auth/oauth/token', 'POST'],
      ['GET', '/api/blade-crm/qualification/remove-attach', 'POST, DELETE'],
    ] as const) {
      const res = await server.call({ method, url, token: admin });
      expect(res.status, `${method} ${url}`).toBe(405);
      expect(res.body).toEqual({ code: 405, success: false, data: null, msg: '不支持的请求方法' });
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
    }
    const en = await server.call({
      method: 'POST',
      url: `${API}/page`,
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('Method not allowed');
    // Who has no token still learns nothing about the route.
    expect((await server.call({ method: 'POST', url: `${API}/page` })).status).toBe(401);
  });

  it('answers a body of a type the server does not read with the 415 envelope', async () => {
    for (const type of ['application/xml', 'application/octet-stream', 'image/png']) {
      const res = await server.call({
        method: 'POST',
        url: `${API}/submit`,
        token: admin,
        headers: { 'content-type': type },
        payload: 'paramKey=x',
      });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({ code: 415, success: false, data: null, msg: '不支持的请求类型' });
    }
  });
});
