import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUserWithButtons, login, startServer, type TestServer } from './harness.ts';

/** Code generation: configurations (CRUD, copy) and gen-code's zip of this project's files for a real table. */
let server: TestServer;
let admin: string;
let other: string;

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A table with every kind of column the generator types, comments on some, and one it cannot type. */
const PROBE = 'park_codegen_probe';
const PROBE_SQL = `
  create table ${PROBE} (
    id bigint primary key,
    tenant_id varchar(12) not null,
    probe_title varchar(100) not null,
    summary text,
    headcount int4 not null,
    budget numeric(12, 2),
    start_date date not null,
    visited_at timestamp(0),
    enterprise_id bigint,
    "Odd_Name" varchar(20),
    active boolean,
    create_user bigint, create_dept bigint, create_time timestamp(0) not null default localtimestamp(0),
    update_user bigint, update_time timestamp(0) not null default localtimestamp(0),
    status int not null default 1, is_deleted int not null default 0
  );
  comment on column ${PROBE}.probe_title is '探针标题';
  comment on column ${PROBE}.headcount is '人数
  (含外包)'`;

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, '600010');
  other = await login(server, 'admin', 'admin', '600010');
  // Created as a migration would be, and granted to the application's role like every table.
  await server.platform.db.admin.exec(`${PROBE_SQL}; grant select on ${PROBE} to park_app`);
});
afterAll(() => server.close());

const post = (url: string, token: string | undefined, payload?: Record<string, unknown>) =>
  server.call({ method: 'POST', url: `/api/blade-develop/code/${url}`, token, payload });
const get = (url: string, token: string) =>
  server.call({ method: 'GET', url: `/api/blade-develop/code/${url}`, token });

const config = (codeName: string, over: Record<string, unknown> = {}) => ({
  codeName,
  tableName: 'blade_param',
  tablePrefix: 'blade_',
  pkName: 'id',
  packageName: 'system',
  apiPath: 'blade-system/param',
  webPath: '/system/param',
  ...over,
});

async function add(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await post('submit', token, body);
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data.id;
}

/** gen-code's answer with the zip's files read back. */
async function generate(ids: string, token = admin) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/blade-develop/code/gen-code?ids=${ids}&system=saber`,
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'blade-auth': `bearer ${token}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const zip = await JSZip.loadAsync(res.rawPayload);
  const files: Record<string, string> = {};
  for (const entry of Object.values(zip.files).filter((f) => !f.dir)) files[entry.name] = await entry.async('string');
  return { headers: res.headers, files };
}

/**
 * TypeScript's errors for the generated files placed at their paths in this repository, checked with
 * the named workspace's compiler options against its real sources (catalog types, CrudPage).
 */
function typeErrors(files: Record<string, string>, workspace: 'catalog' | 'web' | 'server'): string[] {
  const dir = path.join(REPO, workspace);
  const { config: raw } = ts.readConfigFile(path.join(dir, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(raw, ts.sys, dir);
  const virtual = new Map(Object.entries(files).map(([p, text]) => [path.join(REPO, p), text]));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
  host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, ...rest) =>
    virtual.has(f) ? ts.createSourceFile(f, virtual.get(f)!, lang, true) : getSourceFile.call(host, f, lang, ...rest);
  const program = ts.createProgram([...virtual.keys()], options, host);
  return [...virtual.keys()].flatMap((f) => {
    const source = program.getSourceFile(f)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${p(f)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}
const p = (f: string) => path.relative(REPO, f);
const only = (files: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith(prefix)));

describe('code generator configurations', () => {
  it('adds, reads, edits and removes a configuration', async () => {
    const id = await add(admin, config('参数生成'));
    const detail = (await get(`detail?id=${id}`, admin)).body.data;
    expect(detail).toMatchObject({ codeName: '参数生成', tableName: 'blade_param', pkName: 'id', datasourceId: null });
    const page = (await get('page?codeName=参数生成', admin)).body.data;
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await post('submit', admin, { ...detail, remark: '改了' })).body).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect((await post(`remove?ids=${id}`, admin)).body.code).toBe(200);
    expect((await get(`detail?id=${id}`, admin)).status).toBe(404);
  });

  it('refuses a configuration without its required fields or with paths that could leave their folder', async () => {
    const { tableName: _t, ...noTable } = config('缺表名');
    expect((await post('submit', admin, noTable)).body).toMatchObject({ code: 400, msg: '请输入表名' });
    expect((await post('submit', admin, config(''))).body).toMatchObject({ code: 400, msg: '请输入模块名' });
    expect((await post('submit', admin, config('x', { packageName: '../etc' }))).body).toMatchObject({
      code: 400,
      msg: '模块目录只能包含小写字母、数字和连字符，且以字母开头',
    });
    expect((await post('submit', admin, config('x', { apiPath: 'blade-x/../y' }))).body.msg).toBe(
      '接口路径格式应为 blade-xxx/yyy',
    );
    expect((await post('submit', admin, config('x', { webPath: '/crm/../../x' }))).body.msg).toBe(
      '菜单路径格式应为 /xxx/yyy',
    );
    expect((await post('submit', admin, config('x', { datasourceId: '123456789' }))).body).toMatchObject({
      code: 400,
      msg: '数据源不存在',
    });
    const english = await server.call({
      method: 'POST',
      url: '/api/blade-develop/code/submit',
      token: admin,
      headers: { 'accept-language': 'en' },
      payload: config('x', { webPath: 'crm' }),
    });
    expect(english.body).toMatchObject({ code: 400, msg: 'The menu path must look like /xxx/yyy' });
    expect((await get('list?codeName=x', admin)).body.data.records).toEqual([]);
  });

  it('copies a configuration under a new id with -copy after its module name', async () => {
    const id = await add(admin, config('复制源', { remark: '备注' }));
    const copied = await post(`copy?id=${id}`, admin);
    expect(copied.body).toMatchObject({ code: 200, msg: '复制成功' });
    expect(copied.body.data).toMatchObject({ ...config('复制源-copy'), remark: '备注' });
    expect(copied.body.data.id).not.toBe(id);
    expect((await get(`detail?id=${copied.body.data.id}`, admin)).body.data.codeName).toBe('复制源-copy');
    // A name at the length limit keeps the suffix whole.
    const long = await add(admin, config('长'.repeat(64)));
    expect((await post(`copy?id=${long}`, admin)).body.data.codeName).toBe(`${'长'.repeat(59)}-copy`);
    expect((await post('copy?id=1234', admin)).status).toBe(404);
    expect((await post('copy', admin)).body).toMatchObject({ code: 400, msg: '请选择要复制的数据' });
  });
});

describe('gen-code', () => {
  it('answers a zip of the catalog entity, web view and menu for blade_param that type-check in this repository', async () => {
    const id = await add(admin, config('参数管理'));
    const { headers, files } = await generate(id);
    expect(headers['content-type']).toBe('application/zip');
    expect(headers['content-disposition']).toBe("attachment; filename*=UTF-8''param.zip");
    expect(Object.keys(files).sort()).toEqual([
      'README.md',
      'catalog/src/system/param.ts',
      'server/src/seed/generated/param.menu.ts',
      'web/src/views/system/param/index.tsx',
    ]);
    const entity = files['catalog/src/system/param.ts'];
    expect(entity).toContain('export const param: EntityDef = {');
    expect(entity).toContain("api: 'blade-system/param',");
    expect(entity).toContain("label: { zh: '参数管理', en: 'Param' },");
    expect(entity).toContain(
      [
        "      name: 'paramValue',",
        "      type: 'text',",
        "      label: { zh: 'param_value', en: 'Param value' },",
        "      required: { zh: '请输入param_value', en: 'Please enter the param value' },",
        '      maxLength: 4000,',
      ].join('\n'),
    );
    // The engine's columns are not fields; the creation time is the shared one.
    for (const column of ['tenantId', 'isDeleted', 'createUser', "'status'", "name: 'id'"])
      expect(entity).not.toContain(column);
    expect(entity).toContain('    createTimeField,\n  ],');
    expect(files['web/src/views/system/param/index.tsx']).toContain('return <CrudPage entity={param} />;');
    expect(files['server/src/seed/generated/param.menu.ts']).toContain("buttons: 'param',");
    expect(files['README.md']).toContain('## 参数管理 (blade_param)');

    expect(typeErrors(only(files, 'catalog/'), 'catalog')).toEqual([]);
    // The check sees a wrong field type, so an empty answer means something.
    const broken = { 'catalog/src/system/param.ts': entity.replace("type: 'text'", "type: 'texts'") };
    expect(typeErrors(broken, 'catalog')).toEqual([expect.stringContaining('"texts"')]);
    expect(typeErrors(only(files, 'web/'), 'web')).toEqual([]);
    expect(typeErrors(only(files, 'server/'), 'server')).toEqual([]);
  }, 120_000);

  it('types every kind of column, labels them from their comments and leaves out what it cannot type', async () => {
    const id = await add(
      admin,
      config('探针', {
        tableName: PROBE,
        tablePrefix: 'park_',
        packageName: 'crm',
        apiPath: 'blade-crm/probe',
        webPath: '/crm/probe',
      }),
    );
    const { headers, files } = await generate(id);
    expect(headers['content-disposition']).toBe("attachment; filename*=UTF-8''codegen-probe.zip");
    const entity = files['catalog/src/crm/codegen-probe.ts'];
    const field = (name: string) =>
      entity.slice(
        entity.indexOf(`name: '${name}'`),
        entity.indexOf('}', entity.indexOf(`name: '${name}'`) + 40 + name.length),
      );
    expect(entity).toContain('export const codegenProbe: EntityDef');
    expect(entity).toContain(
      "label: { zh: '探针标题', en: 'Probe title' },\n      required: { zh: '请输入探针标题', en: 'Please enter the probe title' },\n      maxLength: 100,\n      search: true,\n      sort: true,",
    );
    expect(entity).toContain(
      "type: 'int',\n      label: { zh: '人数', en: 'Headcount' },\n      required: { zh: '请输入人数'",
    );
    expect(field('summary')).toContain("type: 'text'");
    expect(field('budget')).toContain("type: 'decimal'");
    expect(entity).toContain(
      "name: 'startDate',\n      type: 'date',\n      label: { zh: 'start_date', en: 'Start date' },\n      required: { zh: '请选择start_date'",
    );
    expect(field('visitedAt')).toContain("type: 'datetime'");
    expect(field('enterpriseId')).toContain("type: 'id'");
    expect(entity).toContain("name: 'oddName',\n      column: 'Odd_Name',");
    expect(entity).toContain('// active (bool): no catalog field type, left out.');
    expect(entity).not.toContain('scope:');
    expect(files['web/src/views/crm/probe/index.tsx']).toContain("import CrudPage from '../../../crud/CrudPage.tsx';");
    expect(typeErrors(only(files, 'catalog/'), 'catalog')).toEqual([]);
    // The view imports an entity the catalog does not export yet: its syntax alone can be checked here.
    const view = ts.transpileModule(files['web/src/views/crm/probe/index.tsx'], {
      reportDiagnostics: true,
      compilerOptions: { jsx: ts.JsxEmit.ReactJSX },
    });
    expect(view.diagnostics).toEqual([]);
  }, 120_000);

  it('generates several configurations at once, refusing two that would write the same file', async () => {
    const a = await add(admin, config('甲'));
    const b = await add(admin, config('乙', { tableName: PROBE, tablePrefix: '', webPath: '/crm/probe-b' }));
    const { headers, files } = await generate(`${a},${b}`);
    expect(headers['content-disposition']).toBe("attachment; filename*=UTF-8''code.zip");
    expect(Object.keys(files)).toContain('catalog/src/system/park-codegen-probe.ts');
    expect(Object.keys(files)).toContain('catalog/src/system/param.ts');
    const twin = await add(admin, config('丙'));
    const clash = await post(`gen-code?ids=${a},${twin}&system=saber`, admin);
    expect(clash.body).toMatchObject({ code: 400, msg: '生成的文件重名: catalog/src/system/param.ts' });
  });

  it('refuses an unknown table, another system, no ids and a key other than id', async () => {
    const missing = await add(admin, config('无表', { tableName: 'no_such_table' }));
    expect((await post(`gen-code?ids=${missing}&system=saber`, admin)).body).toMatchObject({
      code: 400,
      msg: '表不存在: no_such_table',
    });
    const id = await add(admin, config('系统'));
    expect((await post(`gen-code?ids=${id}&system=sword`, admin)).body).toMatchObject({
      code: 400,
      msg: '不支持的系统: sword',
    });
    expect((await post('gen-code?system=saber', admin)).body).toMatchObject({ code: 400, msg: '请选择至少一条数据' });
    const key = await add(admin, config('主键', { pkName: 'param_key' }));
    expect((await post(`gen-code?ids=${key}&system=saber`, admin)).body.msg).toBe('主键名须为 id');
    const noKey = await add(admin, config('无主键', { pkName: 'uuid' }));
    expect((await post(`gen-code?ids=${noKey}&system=saber`, admin)).body.msg).toBe('主键不存在: blade_param.uuid');
  });

  it('reads the table from a configured PostgreSQL data source', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    const table = `park_codegen_remote_${process.pid}`;
    const remote = new pg.Client({ connectionString: base.toString() });
    await remote.connect();
    try {
      await remote.query(`create table ${table} (id bigint primary key, remote_name varchar(30) not null)`);
      await remote.query(`comment on column ${table}.remote_name is '远程名称'`);
      const ds = await server.call({
        method: 'POST',
        url: '/api/blade-develop/datasource/submit',
        token: admin,
        payload: {
          name: '远程库',
          driverClass: 'org.postgresql.Driver',
          url: `jdbc:postgresql://${base.host}${base.pathname}`,
          username: base.username || 'postgres',
          password: '',
        },
      });
      expect(ds.body.code).toBe(200);
      const id = await add(
        admin,
        config('远程', {
          datasourceId: ds.body.data.id,
          tableName: table,
          tablePrefix: 'park_',
          webPath: '/system/remote',
        }),
      );
      const { files } = await generate(id);
      const entity = files[`catalog/src/system/codegen-remote-${process.pid}.ts`];
      expect(entity).toContain("label: { zh: '远程名称', en: 'Remote name' }");
      // Neither tenant_id nor is_deleted: a platform-wide, append-only table.
      expect(entity).toContain("  scope: 'platform',\n  audit: false,");
      expect(typeErrors(only(files, 'catalog/'), 'catalog')).toEqual([]);
      // The data source is read, not the console's own database: a table only the console has is unknown there.
      const own = await add(admin, config('本库表', { datasourceId: ds.body.data.id, tableName: PROBE }));
      expect((await post(`gen-code?ids=${own}&system=saber`, admin)).body.msg).toBe(`表不存在: ${PROBE}`);
    } finally {
      await remote.query(`drop table if exists ${table}`);
      await remote.end();
    }
  }, 60_000);
});

describe('access', () => {
  it('keeps each tenant to its own configurations', async () => {
    const id = await add(admin, config('租户隔离'));
    expect((await get('list?codeName=租户隔离', other)).body.data.records).toEqual([]);
    expect((await get(`detail?id=${id}`, other)).status).toBe(404);
    expect((await post(`copy?id=${id}`, other)).status).toBe(404);
    expect((await post(`gen-code?ids=${id}&system=saber`, other)).status).toBe(404);
    // Another tenant's row is nothing it can remove: refused, and the row stays.
    expect((await post(`remove?ids=${id}`, other)).body.code).toBe(400);
    expect((await get(`detail?id=${id}`, admin)).body.data.codeName).toBe('租户隔离');
  });

  it('needs a token, and the copy and generate buttons for copy and gen-code', async () => {
    const id = await add(admin, config('权限'));
    expect((await post(`gen-code?ids=${id}&system=saber`, undefined)).status).toBe(401);
    await createUserWithButtons(server, '000000', 'cviewer', ['code_view']);
    const viewer = await login(server, 'cviewer', 'pass');
    expect((await get(`detail?id=${id}`, viewer)).body.data.codeName).toBe('权限');
    expect((await post(`gen-code?ids=${id}&system=saber`, viewer)).status).toBe(403);
    expect((await post(`copy?id=${id}`, viewer)).status).toBe(403);
    expect((await post('submit', viewer, config('无权新增'))).status).toBe(403);
    // Copying creates a row: it takes code_add besides code_copy.
    await createUserWithButtons(server, '000000', 'ccopier', ['code_view', 'code_copy']);
    expect((await post(`copy?id=${id}`, await login(server, 'ccopier', 'pass'))).status).toBe(403);
    await createUserWithButtons(server, '000000', 'cmaker', ['code_view', 'code_gen', 'code_copy', 'code_add']);
    const maker = await login(server, 'cmaker', 'pass');
    expect((await generate(id, maker)).files['catalog/src/system/param.ts']).toContain('blade_param');
    expect((await post(`copy?id=${id}`, maker)).body.code).toBe(200);
  });
});
