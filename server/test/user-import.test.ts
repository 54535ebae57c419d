import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { SEED } from '../src/seed/platform.ts';
import {
  BASIC,
  createTenant,
  createUserWithButtons,
  login,
  multipart,
  startServer,
  type TestServer,
} from './harness.ts';

/** User import from Excel: template, all-or-nothing import with a row report, cover mode, limits, permissions. */
let server: TestServer;
let admin: string;
const U = '/api/blade-user';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = [
  '登录账号',
  '用户姓名',
  '用户昵称',
  '所属部门',
  '所属岗位',
  '所属角色',
  '手机号码',
  '电子邮箱',
  '用户性别',
];

async function workbook(rows: (string | number)[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function importFile(token: string, bytes: Buffer, covered = 0, name = 'users.xlsx', type = XLSX) {
  return server.call({
    method: 'POST',
    url: `${U}/import-user?isCovered=${covered}`,
    token,
    ...multipart(name, bytes, type),
  });
}

const usersNamed = (accounts: string[]) =>
  server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<Record<string, string>>(
      `select account, real_name, name, dept_id, post_id, role_id, phone, email, sex::text, tenant_id
         from blade_user where account = any($1) and is_deleted = 0 order by account`,
      [accounts],
    ),
  );

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
});
afterAll(() => server.close());

describe('import template', () => {
  it('is a workbook whose header row names the importable columns in Chinese', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${U}/export-template`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual([
      '登录账号',
      '用户姓名',
      '用户昵称',
      '用户编号',
      '所属部门',
      '所属岗位',
      '所属角色',
      '手机号码',
      '电子邮箱',
      '用户性别',
      '用户生日',
    ]);
  });
});

describe('import', () => {
  it('creates every row in one go with the initial password parameter, names resolved to ids', async () => {
    const params = await server.call({
      method: 'GET',
      url: '/api/blade-system/param/list?paramKey=account.initPassword',
      token: admin,
    });
    const param = params.body.data.records[0];
    const set = await server.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      token: admin,
      payload: { id: param.id, paramValue: 'Welcome9' },
    });
    expect(set.body.code).toBe(200);

    const bytes = await workbook([
      ['imp1', '导入一', '一', '招商部', '普通员工', '用户', '13900000001', 'imp1@park.example', '男'],
      ['imp2', '导入二', '二', '招商部,物业部', '', '园区员工,user', 13900000002, '', '女'],
    ]);
    const res = await importFile(admin, bytes);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, data: 2, msg: '成功导入2条数据' });
    const rows = await usersNamed(['imp1', 'imp2']);
    expect(rows).toMatchObject([
      {
        account: 'imp1',
        real_name: '导入一',
        dept_id: '1123598813738675202',
        post_id: '1123598817738675208',
        role_id: SEED.userRole,
        phone: '13900000001',
        sex: '1',
        tenant_id: '000000',
      },
      {
        account: 'imp2',
        role_id: `1123598816738675203,${SEED.userRole}`,
        phone: '13900000002',
        sex: '2',
        post_id: null,
      },
    ]);
    expect(rows[1].dept_id.split(',')).toHaveLength(2);
    expect(await login(server, 'imp1', 'Welcome9')).toBeTruthy();
  });

  it('refuses accounts that exist unless covering, and covering updates them in place', async () => {
    const again = await importFile(admin, await workbook([['imp1', '改名', '一', '招商部', '', '用户', '', '', '']]));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 400,
      success: false,
      data: [{ row: 2, column: '登录账号', message: '当前用户已存在' }],
    });
    expect((await usersNamed(['imp1']))[0].real_name).toBe('导入一');

    const cover = await importFile(
      admin,
      await workbook([
        ['imp1', '改名', '一', '物业部', '', '用户', '', '', ''],
        ['imp3', '导入三', '三', '物业部', '', '用户', '', '', ''],
      ]),
      1,
    );
    expect(cover.body, JSON.stringify(cover.body)).toMatchObject({ code: 200, data: 2 });
    const [imp1, imp3] = await usersNamed(['imp1', 'imp3']);
    expect(imp1).toMatchObject({ real_name: '改名', dept_id: '1123598813738675203', phone: '13900000001' });
    expect(imp3).toMatchObject({ real_name: '导入三' });
    // The covered account keeps its password.
    expect(await login(server, 'imp1', 'Welcome9')).toBeTruthy();
  });

  it('reports every bad cell by row and column and writes nothing', async () => {
    const bytes = await workbook([
      ['good1', '好人', '好', '招商部', '', '用户', '', '', ''],
      ['bad1', '', '坏', '无此部门', '无此岗位', '用户', '12345', 'not-an-email', '男'],
      ['good1', '重复', '重', '招商部', '', '不存在的角色', '', '', '妖'],
    ]);
    const res = await importFile(admin, bytes);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`导入数据有${res.body.data.length}处错误, 未导入任何数据`);
    expect(res.body.data).toEqual([
      { row: 3, column: '用户姓名', message: '请输入用户姓名' },
      { row: 3, column: '所属部门', message: '"无此部门"不存在' },
      { row: 3, column: '所属岗位', message: '"无此岗位"不存在' },
      { row: 3, column: '手机号码', message: '手机号码长度不为11位' },
      { row: 3, column: '电子邮箱', message: '邮箱格式不正确' },
      { row: 4, column: '所属角色', message: '"不存在的角色"不存在' },
      { row: 4, column: '用户性别', message: '"妖"不是有效的选项' },
      { row: 4, column: '登录账号', message: '账号与第2行重复' },
    ]);
    expect(await usersNamed(['good1', 'bad1'])).toEqual([]);

    const upload = multipart('u.xlsx', await workbook([['x9', '', 'x', '招商部', '', '用户', '', '', '']]), XLSX);
    const en = await server.call({
      method: 'POST',
      url: `${U}/import-user?isCovered=0`,
      token: admin,
      payload: upload.payload,
      headers: { ...upload.headers, 'accept-language': 'en' },
    });
    expect(en.body.data).toEqual([{ row: 2, column: 'Real name', message: 'Please enter the real name' }]);
  });

  it("keeps to the tenant's account limit and its own departments and roles", async () => {
    const t = await createTenant(server, '300001');
    await server.platform.db.tx(ALL_TENANTS, (q) =>
      q.query("update blade_tenant set account_number = 2 where tenant_id = '300001'"),
    );
    const token = await login(server, 'admin', 'admin', '300001');
    const foreign = await importFile(token, await workbook([['t1', '甲', '甲', '招商部', '', '管理员', '', '', '']]));
    expect(foreign.body.data).toEqual([{ row: 2, column: '所属部门', message: '"招商部"不存在' }]);

    const over = await importFile(
      token,
      await workbook([
        ['t1', '甲', '甲', '总部', '', '管理员', '', '', ''],
        ['t2', '乙', '乙', '总部', '', '管理员', '', '', ''],
      ]),
    );
    expect(over.body.data).toEqual([{ row: 3, column: '登录账号', message: '当前租户已到最大账号额度(2)' }]);
    const one = await importFile(token, await workbook([['t1', '甲', '甲', '总部', '', '管理员', '', '', '']]));
    expect(one.body).toMatchObject({ code: 200, data: 1 });
    const [row] = await usersNamed(['t1']);
    expect(row).toMatchObject({ tenant_id: '300001', dept_id: t.deptId, role_id: t.adminRole });
  });

  it('needs the import button, and gives the administrator role only from an administrator', async () => {
    await createUserWithButtons(server, '000000', 'noimport', ['user_add', 'user_export']);
    const denied = await login(server, 'noimport', 'pass');
    const file = await workbook([['x1', '某', '某', '招商部', '', '用户', '', '', '']]);
    expect((await importFile(denied, file)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: `${U}/export-template`, token: denied })).status).toBe(403);

    await createUserWithButtons(server, '000000', 'importer', ['user_import']);
    const importer = await login(server, 'importer', 'pass');
    const sneaky = await importFile(
      importer,
      await workbook([['x1', '某', '某', '招商部', '', '超级管理员', '', '', '']]),
    );
    expect(sneaky.body.data).toEqual([{ row: 2, column: '所属角色', message: '只有超级管理员可以授予超级管理员角色' }]);
    expect((await importFile(importer, file)).body).toMatchObject({ code: 200, data: 1 });
  });

  it('refuses a file that is not an xlsx workbook, or one without the template header', async () => {
    const text = await importFile(admin, Buffer.from('account,name\nx,y\n'), 0, 'users.csv', 'text/csv');
    expect(text.body).toMatchObject({ code: 400, msg: '请上传.xlsx格式的Excel文件' });
    const fakeZip = await importFile(admin, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]));
    expect(fakeZip.body).toMatchObject({ code: 400, msg: '请上传.xlsx格式的Excel文件' });
    const wrongHeader = await importFile(admin, await workbook([['a', 'b']], ['foo', 'bar']));
    expect(wrongHeader.body).toMatchObject({ code: 400, msg: '文件的表头与导入模板不符, 请下载模板后填写' });
    const empty = await importFile(admin, await workbook([]));
    expect(empty.body).toMatchObject({ code: 400, msg: '文件中没有要导入的数据' });
    const badFlag = await importFile(admin, await workbook([]), 2);
    expect(badFlag.body).toMatchObject({ code: 400, msg: 'isCovered只能是0或1' });
  });

  it('writes the error report as a workbook, refusing a body that is not a report', async () => {
    const bad = await server.call({ method: 'POST', url: `${U}/import-report`, token: admin, payload: { row: 1 } });
    expect(bad.body).toMatchObject({ code: 400, msg: '错误报告须是行号、列、错误信息的列表' });
    const res = await server.app.inject({
      method: 'POST',
      url: `${U}/import-report`,
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
      payload: [{ row: 3, column: '手机号码', message: '手机号码格式不正确' }],
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0].getRow(2).values as unknown[]).filter(Boolean)).toEqual([
      3,
      '手机号码',
      '手机号码格式不正确',
    ]);
  });
});
