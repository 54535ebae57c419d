import { type EntityDef, entities, logEntities } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { MAX_PAGE_SIZE } from '../src/resources/conditions.ts';
import { modelOf } from '../src/resources/model.ts';
import { ident } from '../src/resources/sql.ts';
import { insertRows } from '../src/seed/rows.ts';
import { ADMIN, login, startServer, type TestServer } from './harness.ts';

/**
 * Issue #14 point 10 (CONTRACT.md "Lists and paging", spec part 7 "lists come as data.data holding
 * total and records"): the generic `list` of every catalog resource answers the page `page` answers,
 * `{ records, total, size, current, pages }`, and pages by `current` and `size` (1 and 10 when not
 * given); a tree's `list` (roles, departments, menus, dictionaries) keeps its array.
 */
let server: TestServer;
let admin: string;

/** The logs grow with every call: the walk reads only the entries it wrote itself. */
const MARK = '/test/list-page-shape';
const LOGS = new Set(logEntities.map((e) => e.key));
const filterOf = (e: EntityDef) => (LOGS.has(e.key) ? `requestUri_equal=${MARK}` : '');

beforeAll(async () => {
  server = await startServer({ demoData: true });
  admin = await login(server, ADMIN.account, ADMIN.password);
  await server.platform.db.tx(ALL_TENANTS, async (q) => {
    for (const log of logEntities) {
      await insertRows(
        q,
        log.table,
        [1, 2, 3].map((n) => ({
          id: nextId(),
          tenant_id: ADMIN.tenantId,
          request_uri: MARK,
          create_time: `2024-01-0${n} 08:00:00`,
        })),
      );
    }
  });
});
afterAll(() => server.close());

/** What the administrator of tenant 000000 may read of the entity, counted straight in the table. */
async function countOf(entity: EntityDef): Promise<number> {
  if (LOGS.has(entity.key)) return 3;
  const model = modelOf(entity);
  const where = ['true'];
  if (model.logicalDelete) where.push('"is_deleted" = 0');
  if (model.tenantScoped) where.push(`"tenant_id" = '${ADMIN.tenantId}'`);
  const [{ n }] = await server.platform.db.scoped(ALL_TENANTS, (q) =>
    q.query<{ n: string }>(`select count(*) as n from ${ident(model.table)} where ${where.join(' and ')}`),
  );
  return Number(n);
}

async function get(entity: EntityDef, action: string, query: string) {
  const filter = filterOf(entity);
  const url = `/api/${entity.api}/${action}?${[filter, query].filter(Boolean).join('&')}`;
  const res = await server.call({ method: 'GET', url, token: admin });
  expect(res.status, `${url}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res.body.data;
}

const paged = entities.filter((e) => !e.tree);
/** The trees whose `list` answers nested, as SpringBlade's. */
const FORESTS = new Set(['dept', 'role', 'dict', 'dictbiz']);
const trees = entities.filter((e) => e.tree);

describe('the generic list of a catalog resource', () => {
  it('covers every resource but the trees', () => {
    expect(paged.length).toBeGreaterThan(40);
    expect(trees.map((e) => e.key).sort()).toEqual([
      'dept',
      'dict',
      'dictbiz',
      'industry',
      'job',
      'menu',
      'questionnaire_category',
      'role',
      'storey',
      'wf_category',
    ]);
  });

  it.each(paged.map((e) => [e.key, e] as const))(
    '%s: answers the page shape, the first 10 by default',
    async (_, e) => {
      const total = await countOf(e);
      const list = await get(e, 'list', '');
      expect(Object.keys(list).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
      expect(list).toMatchObject({ total, current: 1, size: 10, pages: Math.ceil(total / 10) });
      expect(list.records).toHaveLength(Math.min(10, total));
      // Exactly what `page` answers for the same query.
      expect(list).toEqual(await get(e, 'page', ''));
    },
  );

  it.each(paged.map((e) => [e.key, e] as const))('%s: pages by current and size', async (_, e) => {
    const total = await countOf(e);
    const first = await get(e, 'list', 'current=1&size=1');
    const second = await get(e, 'list', 'current=2&size=1');
    expect(first).toMatchObject({ total, current: 1, size: 1, pages: total });
    expect(second).toMatchObject({ total, current: 2, size: 1, pages: total });
    expect(first.records).toHaveLength(Math.min(1, total));
    expect(second.records).toHaveLength(total >= 2 ? 1 : 0);
    expect(second.records).toEqual((await get(e, 'page', 'current=2&size=1')).records);
    if (total >= 2) expect(second.records[0].id).not.toBe(first.records[0].id);
    // Every row once, in the page's order, when the size holds them all (a page holds 1,000 at the most:
    // the regions of the whole country are more).
    const most = Math.min(total, MAX_PAGE_SIZE);
    const all = await get(e, 'list', `size=${Math.max(most, 1)}`);
    expect(all.records).toHaveLength(most);
    expect(new Set(all.records.map((r: { id: string }) => r.id)).size).toBe(most);
  });

  it('has rows to page in most resources (the demo data)', async () => {
    const counts = await Promise.all(paged.map(countOf));
    expect(counts.filter((n) => n >= 2).length).toBeGreaterThan(paged.length / 2);
  });

  it.each(trees.map((e) => [e.key, e] as const))('%s: a tree, answers an array', async (_, e) => {
    const list = await get(e, 'list', '');
    expect(Array.isArray(list)).toBe(true);
    // Roles, departments and dictionaries answer SpringBlade's tree of every row (issue 35, saber-trees.test.ts);
    // the other trees every row (the client nests them); menus their tree.
    type Nested = { children?: Nested[] };
    const all = (nodes: Nested[]): Nested[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    if (FORESTS.has(e.key)) expect(all(list)).toHaveLength(await countOf(e));
    else if (e.key !== 'menu') expect(list).toHaveLength(Math.min(await countOf(e), 1000));
  });
});
