import { enterprise, enterpriseScoped } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from './crm-fixtures.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/** The demo data: enterprises with rows in every CRM tab, and a company account that sees only its own. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, ADMIN.account, ADMIN.password);
});
afterAll(() => server.close());

/** The demo enterprises: every one of them must fill every tab. */
let enterprises: { id: string; enterpriseName: string; status: number; agentAccount: string | null }[];
beforeAll(async () => {
  enterprises = (await ok(server, admin, 'GET', `/api/${enterprise.api}/list?remark=演示数据`)).records;
});

it('has four enterprises, one of them moved out, each in the park with its company account as agent user', () => {
  expect(enterprises).toHaveLength(4);
  expect(enterprises.filter((e) => e.status === 0).map((e) => e.enterpriseName)).toEqual(['启明光电技术有限公司']);
  const accounts = Object.fromEntries(enterprises.map((e) => [e.enterpriseName, e.agentAccount]));
  expect(accounts).toEqual({
    星河智能科技有限公司: 'xinghe',
    青禾生物医药有限公司: 'qinghe',
    远航新材料股份有限公司: 'yuanhang',
    启明光电技术有限公司: null,
  });
});

it.each(enterpriseScoped.map((e) => [e.key, e] as const))(
  '%s has demo rows for every demo enterprise',
  async (_key, entity) => {
    for (const e of enterprises) {
      const rows = (await ok(server, admin, 'GET', `/api/${entity.api}/list?enterpriseId=${e.id}&remark=演示数据`))
        .records;
      expect(rows.length, `${entity.key} of ${e.enterpriseName}`).toBeGreaterThan(0);
    }
  },
);

it.each([
  ['xinghe', '星河智能科技有限公司'],
  ['qinghe', '青禾生物医药有限公司'],
  ['yuanhang', '远航新材料股份有限公司'],
])('opens the demo company account %s on its own enterprise', async (account, name) => {
  const token = await login(server, account, '123456', '000000', 'web');
  const [mine, ...others] = await ok(server, token, 'GET', '/api/blade-crm/enterprise/select');
  expect(mine.enterpriseName).toBe(name);
  expect(others).toEqual([]);
  const staff = await ok(server, token, 'GET', '/api/blade-crm/staff/page');
  expect(staff.records.every((r: { enterpriseId: string }) => r.enterpriseId === mine.id)).toBe(true);
  expect(staff.total).toBe(2);
  const buttons = await ok(server, token, 'GET', '/api/blade-system/menu/buttons');
  expect(JSON.stringify(buttons)).toContain('certificate_add');
  expect(JSON.stringify(buttons)).not.toContain('enterprise_add');
});

it.each([
  ['certificate', 'certificateId', '创新创业大赛优胜奖', '创新创业大赛优胜奖证书.pdf'],
  ['project', 'projectId', '智能控制器关键技术攻关', '项目任务合同书.pdf'],
])("has an attachment on 星河's %s, a PDF in the file store", async (api, param, rowName, fileName) => {
  const xinghe = enterprises.find((e) => e.enterpriseName === '星河智能科技有限公司')!;
  const [row] = (await ok(server, admin, 'GET', `/api/blade-crm/${api}/list?enterpriseId=${xinghe.id}`)).records;
  expect(Object.values(row)).toContain(rowName);
  const files = await ok(server, admin, 'GET', `/api/blade-crm/${api}/attach-list?${param}=${row.id}`);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatchObject({ name: fileName, extension: 'pdf' });
  const file = await server.app.inject({ method: 'GET', url: files[0].link });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  expect(file.rawPayload.length).toBe(files[0].attachSize);
});

describe('the rest of the demo reads as a park in use', () => {
  it('spreads the enterprises over different dates, addresses and update times', async () => {
    const updates = await ok(server, admin, 'GET', '/api/blade-desk/demo/enterpriseupdate/list?size=8');
    const times = updates.map((u: { time: string }) => u.time);
    expect(new Set(times).size).toBe(times.length);
    const entries = new Set(enterprises.map((e) => (e as unknown as { entryDate: string }).entryDate));
    expect(entries.size).toBe(enterprises.length);
  });

  it('has notices released on different days', async () => {
    const notices = (await ok(server, admin, 'GET', '/api/blade-desk/notice/list?size=50')).records;
    const days = new Set(notices.map((n: { releaseTime: string }) => n.releaseTime.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(4);
  });

  it('has business dictionaries, scope rules and navigation tiles', async () => {
    const services = await ok(server, admin, 'GET', '/api/blade-system/dict-biz/dictionary?code=park_service_type');
    expect(services.map((d: { dictValue: string }) => d.dictValue)).toContain('政策咨询');
    expect((await ok(server, admin, 'GET', '/api/blade-system/data-scope/list')).total).toBeGreaterThan(0);
    expect((await ok(server, admin, 'GET', '/api/blade-system/api-scope/list')).total).toBeGreaterThan(0);
    expect((await ok(server, admin, 'GET', '/api/blade-system/navigate/list')).total).toBeGreaterThan(0);
  });

  it('keeps its SMS and object-store configurations disabled, so files stay on the local disk', async () => {
    for (const api of ['blade-resource/sms', 'blade-resource/oss']) {
      const rows = (await ok(server, admin, 'GET', `/api/${api}/list`)).records;
      expect(rows.length, api).toBeGreaterThan(0);
      expect(
        rows.every((r: { status: number }) => r.status === 1),
        api,
      ).toBe(true);
    }
  });
});
