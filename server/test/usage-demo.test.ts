import { dishes, news, orderMeal, workOrder } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data } from './answers.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/**
 * The demo reads as a park in use (issue 34.7, seed/usage-demo.ts): pictures on the dishes and covers on the news,
 * staff who take the repairs, meals booked by many people and messages in the administrator's inbox.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, ADMIN.account, ADMIN.password);
});
afterAll(() => server.close());

const get = (url: string, token = admin) => data(server.call({ method: 'GET', url, token }));

describe('the demo as a park in use', () => {
  it('shows a drawn picture on every demo dish and a cover on every news item', async () => {
    const rows = (await get(`/api/${dishes.api}/page?size=50&remark=演示数据`)).records;
    expect(rows.length).toBe(6);
    for (const row of rows)
      expect(row.dishesPicture, row.dishesName).toMatch(/^\/api\/blade-resource\/oss\/endpoint\//);
    const picture = await server.call({ method: 'GET', url: rows[0].dishesPicture, token: admin });
    expect(picture.status).toBe(200);
    expect(String(picture.headers['content-type'])).toContain('image/png');
    const items = (await get(`/api/${news.api}/page?size=50`)).records;
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((n: { coverImage: string | null }) => !n.coverImage)).toEqual([]);
  });

  it('hands the repairs to the property staff of 维修人员, who sign in and see 工单管理', async () => {
    const orders = (await get(`/api/${workOrder.api}/page?size=50`)).records as { assigneeName?: string }[];
    const names = new Set(orders.map((o) => o.assigneeName).filter(Boolean));
    expect([...names].sort()).toEqual(['周师傅', '孙师傅', '赵师傅']);
    const sun = await login(server, 'sun_wx', '123456');
    const menus = JSON.stringify(await get('/api/blade-system/menu/routes', sun));
    expect(menus).toContain('/property/work-order');
    const roles = (await get('/api/blade-system/role/list')) as { roleName: string }[];
    expect(JSON.stringify(roles)).toContain('维修人员');
  });

  it('has meals booked by many people, the past written off', async () => {
    const rows = (await get(`/api/${orderMeal.api}/page?size=500`)).records as {
      userId: string;
      orderMealStatus: number;
    }[];
    expect(new Set(rows.map((r) => r.userId)).size).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.orderMealStatus === 1).length).toBeGreaterThan(20);
  });

  it("fills the administrator's inbox, unread on top, each title leading with what it is about", async () => {
    const inbox = (await get('/api/blade-message/message/my/list?current=1&size=100')).records as {
      title: string;
      isRead: number;
    }[];
    const titles = inbox.map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['超量：盐酸 18 L，允许 10 L（青禾生物）']));
    expect(inbox.length).toBeGreaterThanOrEqual(6);
    expect(inbox.filter((m) => m.isRead === 1).length).toBeGreaterThanOrEqual(3);
  });
});
