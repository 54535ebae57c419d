import { enterprise, enterpriseScoped } from '@park/catalog';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  enterprises = await ok(server, admin, 'GET', `/api/${enterprise.api}/list?remark=演示数据`);
});

it('has four enterprises, one of them moved out, the first with its company account as agent user', () => {
  expect(enterprises).toHaveLength(4);
  expect(enterprises.filter((e) => e.status === 0).map((e) => e.enterpriseName)).toEqual(['启明光电技术有限公司']);
  const xinghe = enterprises.find((e) => e.enterpriseName === '星河智能科技有限公司');
  expect(xinghe?.agentAccount).toBe('xinghe');
});

it.each(enterpriseScoped.map((e) => [e.key, e] as const))(
  '%s has demo rows for every demo enterprise',
  async (_key, entity) => {
    for (const e of enterprises) {
      const rows = await ok(server, admin, 'GET', `/api/${entity.api}/list?enterpriseId=${e.id}&remark=演示数据`);
      expect(rows.length, `${entity.key} of ${e.enterpriseName}`).toBeGreaterThan(0);
    }
  },
);

it('opens the demo company account on its own enterprise', async () => {
  const token = await login(server, 'xinghe', '123456', '000000', 'web');
  const [mine] = await ok(server, token, 'GET', '/api/blade-crm/enterprise/select');
  expect(mine.enterpriseName).toBe('星河智能科技有限公司');
  const staff = await ok(server, token, 'GET', '/api/blade-crm/staff/page');
  expect(staff.records.every((r: { enterpriseId: string }) => r.enterpriseId === mine.id)).toBe(true);
  expect(staff.total).toBe(2);
  const buttons = await ok(server, token, 'GET', '/api/blade-system/menu/buttons');
  expect(JSON.stringify(buttons)).toContain('certificate_add');
  expect(JSON.stringify(buttons)).not.toContain('enterprise_add');
});
