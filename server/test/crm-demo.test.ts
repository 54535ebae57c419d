import { crmEntities } from '@park/catalog';
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

it.each(crmEntities.map((e) => [e.key, e] as const))('%s has demo rows for every enterprise', async (_key, entity) => {
  const page = await ok(server, admin, 'GET', `/api/${entity.api}/page?size=100&remark=演示数据`);
  expect(page.total).toBeGreaterThanOrEqual(3);
});

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
