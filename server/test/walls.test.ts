import { entities } from '@park/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TENANTS, type Queryable, type Row } from '../src/platform/db.ts';
import { nextId } from '../src/platform/ids.ts';
import { menuId } from '../src/seed/menus.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, login, startServer, type TestServer } from './harness.ts';
import { tokenFor } from './tokens.ts';

/**
 * Each wall between tenants and inside a tenant, proven alone (issue 28): the resource engine's own
 * tenant condition with row-level security switched off for its tables; row-level security with the
 * engine bypassed, by raw SQL under the app role for every table that has a tenant_id; and every
 * data-scope type by rows in and out of it, so that a type letting everything through fails its test.
 * Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TestServer;
let admin: string;
let other: string;
const A = '000000';
const B = '300001';

beforeAll(async () => {
  server = await startServer();
  admin = await login(server, 'admin', 'admin');
  await createTenant(server, B);
  other = await login(server, 'admin', 'admin', B);
});
afterAll(() => server.close());

const get = (url: string, token = other) => server.call({ method: 'GET', url, token });
const post = (url: string, payload?: object, token = other) => server.call({ method: 'POST', url, token, payload });
async function created(url: string, payload: object, token = other) {
  const res = await post(url, payload, token);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const adminRow = async (table: string, id: string) =>
  (await server.platform.db.admin.query(`select * from ${table} where id = $1`, [id]))[0];

describe('the engine’s tenant condition alone (row-level security off for its tables)', () => {
  const PARAM = '/api/blade-system/param';
  const POST = '/api/blade-system/post';
  const TABLES = ['blade_param', 'blade_post'];
  let theirs: { id: string; paramKey: string; paramValue: string };
  let theirPost: { id: string; postCode: string };
  let mine: string;

  beforeAll(async () => {
    theirs = await created(`${PARAM}/submit`, { paramName: 'w', paramKey: 'walls.a', paramValue: 'a' }, admin);
    theirPost = await created(`${POST}/submit`, { category: 1, postCode: 'walls_a', postName: '甲岗', sort: 1 }, admin);
    mine = (await created(`${PARAM}/submit`, { paramName: 'w', paramKey: 'walls.b', paramValue: 'b' })).id;
    await created(`${POST}/submit`, { category: 1, postCode: 'walls_b', postName: '乙岗', sort: 1 });
    // Only the engine stands now: without row-level security the app role reads every tenant's rows.
    for (const t of TABLES) await server.platform.db.admin.exec(`alter table ${t} disable row level security`);
    const [{ n }] = await server.platform.db.scoped(B, (q) =>
      q.query<{ n: number }>('select count(*)::int as n from blade_param where tenant_id <> $1', [B]),
    );
    expect(n, 'row-level security is off for the app role').toBeGreaterThan(0);
  });
  afterAll(async () => {
    for (const t of TABLES) await server.platform.db.admin.exec(`alter table ${t} enable row level security`);
  });

  it('keeps page, list and detail to the caller’s tenant', async () => {
    for (const url of [`${PARAM}/page?size=1000`, `${PARAM}/list?size=1000`, `${POST}/page?size=1000`]) {
      const { records } = (await get(url)).body.data;
      expect(records.length, url).toBeGreaterThan(0);
      expect(new Set(records.map((r: Row) => r.tenantId)), url).toEqual(new Set([B]));
    }
    expect((await get(`${PARAM}/detail?id=${theirs.id}`)).status).toBe(404);
    expect((await get(`${POST}/detail?id=${theirPost.id}`)).status).toBe(404);
    expect((await get(`${PARAM}/detail?paramKey_equal=${theirs.paramKey}`)).body.data).toBeNull();
    expect((await get(`${PARAM}/detail?id=${mine}`)).body.data.paramKey).toBe('walls.b');
  });

  it('writes only the caller’s tenant: another tenant’s id is not found, a tenant id in the body is ignored', async () => {
    const update = await post(`${PARAM}/submit`, { id: theirs.id, paramValue: 'stolen' });
    expect(update.body).toMatchObject({ code: 404, success: false });
    const remove = await post(`${PARAM}/remove?ids=${theirs.id}`);
    expect(remove.body).toMatchObject({ code: 400, success: false, msg: '未找到可删除的数据' });
    expect(await adminRow('blade_param', theirs.id)).toMatchObject({ param_value: 'a', is_deleted: 0, tenant_id: A });

    const forged = await post(`${PARAM}/submit`, { paramName: 'f', paramKey: 'walls.f', paramValue: 'f', tenantId: A });
    expect(forged.body.data.tenantId).toBe(B);
    expect((await adminRow('blade_param', forged.body.data.id)).tenant_id).toBe(B);
    // Its own row it writes.
    expect((await post(`${PARAM}/submit`, { id: mine, paramValue: 'b2' })).body.code).toBe(200);
  });

  it('checks a unique field among the caller’s tenant’s rows only', async () => {
    const same = { category: 1, postCode: theirPost.postCode, postName: '乙岗', sort: 2 };
    expect((await post(`${POST}/submit`, same)).body.code).toBe(200);
    expect((await post(`${POST}/submit`, same)).body).toMatchObject({ code: 400, msg: '岗位编号已存在' });
  });
});

/** The tables of the platform's catalog entities: the tenants and packages, read across tenants by design. */
const PLATFORM_TABLES = [
  ...entities.filter((e) => e.scope === 'platform').map((e) => e.table),
  // Where each tenant's rows live and which database must refuse its writes (0197): rows about a tenant that the
  // router and the fence trigger read in every tenant's scope, and no tenant reads through the API.
  'park_tenant_store',
  'park_tenant_fence',
];

/** Required columns the checks of these tables need other than the generic filling: a rebuild's place, a booking's end. */
const FILLING: Record<string, Row> = {
  park_notify_rule: { kind: 'repair' },
  park_social_provider: { category: 'oidc' },
  park_social_state: { mode: 'login' },
  property_rebuild: { office_id: '1' },
  property_space_reservation: { end_at: '2026-01-01 01:00:00' },
  report_file: { period: '2026-01' },
  wf_task_candidate: { kind: 'user' },
  wf_token: { state: 'wait' },
};

/**
 * Tables unique (or without overlaps) across tenants on the id of another row, which is a tenant's own:
 * a tenant's copy of the row names another.
 */
const ACROSS_TENANTS: Record<string, Row> = {
  blade_message_receiver: { user_id: nextId() },
  demo_policy_push_enterprise: { enterprise_id: nextId() },
  demo_policy_push_pick: { enterprise_id: nextId() },
  property_contract_unit: { unit_id: nextId() },
  property_space_reservation: { space_id: nextId() },
  wf_task_candidate: { task_id: nextId() },
};

interface Relation {
  name: string;
  kind: 'r' | 'v';
  rls: boolean;
  forced: boolean;
  policies: string[];
}

describe('row-level security alone (raw SQL under the app role, no engine)', () => {
  let relations: Relation[];
  /** Per tenant table, one of its rows of tenant 000000 as JSON text (a bigint as a JSON number would lose digits). */
  const rowOf = new Map<string, string>();
  const guarded = () => relations.filter((r) => !PLATFORM_TABLES.includes(r.name));

  beforeAll(async () => {
    relations = await server.platform.db.admin.query<Relation & Row>(
      `select c.relname as name, c.relkind as kind, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
              array(select coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' / ' ||
                           coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '')
                      from pg_policy p where p.polrelid = c.oid) as policies
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'v')
          and exists (select 1 from pg_attribute a
                       where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by c.relname`,
    );
    await fillEveryTable(
      guarded()
        .filter((r) => r.kind === 'r')
        .map((r) => r.name),
      rowOf,
    );
  });

  it('guards every table with a tenant_id by the tenant policy, forced, except the platform’s own', () => {
    const tables = guarded().filter((r) => r.kind === 'r');
    expect(tables.length).toBeGreaterThan(80);
    // Every policy the tenant's, in its reads and its writes: another one (permissive) would widen it.
    const tenantPolicy = (p: string) => p.split(' / ').every((e) => e.includes('park.tenant_id'));
    const guards = (t: Relation) => t.rls && t.forced && t.policies.length > 0 && t.policies.every(tenantPolicy);
    expect(tables.filter((t) => !guards(t)).map((t) => t.name)).toEqual([]);
  });

  it('shows a tenant none of another’s rows, in every such table and view', async () => {
    const counts = (tenant: string) =>
      server.platform.db.scoped(tenant, async (q) => {
        const n: Record<string, number> = {};
        for (const { name } of guarded()) {
          [{ n: n[name] }] = await q.query<{ n: number }>(
            `select count(*)::int as n from ${name} where tenant_id <> $1`,
            [B],
          );
        }
        return n;
      });
    // The rows are there: the platform's wildcard reads them through the same role and policy.
    const all = await counts(ALL_TENANTS);
    expect(Object.keys(all).filter((name) => all[name] === 0)).toEqual([]);
    const seen = await counts(B);
    expect(Object.keys(seen).filter((name) => seen[name] > 0)).toEqual([]);
  });

  it('lets a tenant neither change nor remove another’s rows, nor insert or move a row into another tenant', async () => {
    const leaks: string[] = [];
    // An append-only table's trigger refuses every change before the policy is asked: off for this check, so that
    // the move below is refused by the policy alone (records-kept.test.ts proves the trigger).
    const appendOnly = await server.platform.db.admin.query<{ name: string; trigger: string }>(
      `select t.tgrelid::regclass::text as name, t.tgname as trigger
         from pg_trigger t join pg_proc p on p.oid = t.tgfoid
        where (p.proname = 'park_record_kept' or p.proname like '%\\_kept') and t.tgtype & 8 <> 0`,
    );
    const triggers = (on: 'enable' | 'disable') =>
      Promise.all(
        appendOnly.map((t) => server.platform.db.admin.exec(`alter table ${t.name} ${on} trigger ${t.trigger}`)),
      );
    await triggers('disable');
    await rolledBack(B, async (q) => {
      for (const [name, row] of rowOf) {
        const touched = async (sql: string) => (await q.query(sql, [B])).length;
        if (await touched(`update ${name} set tenant_id = tenant_id where tenant_id <> $1 returning 1`)) {
          leaks.push(`${name}: updated another tenant's rows`);
        }
        if (await touched(`delete from ${name} where tenant_id <> $1 returning 1`)) {
          leaks.push(`${name}: deleted another tenant's rows`);
        }
        if (!(await refused(q, () => insertJson(q, name, row, { id: nextId() })))) {
          leaks.push(`${name}: inserted a row of another tenant`);
        }
        // A row of its own (one it has, else one it inserts) it moves to no other tenant.
        let [own] = await q.query<{ id: string }>(`select id::text as id from ${name} where tenant_id = $1 limit 1`, [
          B,
        ]);
        if (!own) {
          own = { id: nextId() };
          await insertJson(q, name, row, { id: own.id, tenant_id: B, ...ACROSS_TENANTS[name] });
        }
        const move = () => q.query(`update ${name} set tenant_id = $1 where id = $2`, [A, own.id]);
        if (!(await refused(q, move))) leaks.push(`${name}: moved a row into another tenant`);
      }
    }).finally(() => triggers('enable'));
    expect(rowOf.size).toBeGreaterThan(80);
    expect(leaks).toEqual([]);
  });
});

/** Runs `fn` in a transaction of the tenant that is rolled back whatever it does. */
async function rolledBack(tenantId: string, fn: (q: Queryable) => Promise<void>) {
  const undo = new Error('rolled back');
  await server.platform.db
    .tx(tenantId, async (q) => {
      await fn(q);
      throw undo;
    })
    .catch((err) => {
      if (err !== undo) throw err;
    });
}

/** True when the statement fails on the row-level security policy; the transaction goes on either way. */
async function refused(q: Queryable, statement: () => Promise<unknown>): Promise<boolean> {
  await q.query('savepoint walls');
  try {
    await statement();
    return false;
  } catch (err) {
    await q.query('rollback to savepoint walls');
    if (!/row-level security/.test((err as Error).message)) throw err;
    return true;
  }
}

/** Inserts a row given as JSON text (snake_case keys) with `changes` over it, each value cast to its column's type. */
function insertJson(q: Queryable, table: string, row: string, changes: Row = {}) {
  const cols = Object.keys({ ...JSON.parse(row), ...changes }).join(', ');
  return q.query(
    `insert into ${table} (${cols}) select ${cols} from jsonb_populate_record(null::${table}, $1::jsonb || $2::jsonb)`,
    [row, JSON.stringify(changes)],
  );
}

/**
 * Puts into `rowOf` a row of tenant 000000 of each table: one it has, else one made with its required
 * columns filled by type (a foreign key with a row of the table it names), so every table has a row to hide.
 */
async function fillEveryTable(names: string[], rowOf: Map<string, string>) {
  const { admin } = server.platform.db;
  const required = await admin.query<{ table: string; column: string; category: string; type: string; ref: string }>(
    `select c.relname as table, a.attname as column, t.typcategory as category, t.typname as type,
            (select f.confrelid::regclass::text from pg_constraint f
              where f.conrelid = c.oid and f.contype = 'f' and f.conkey = array[a.attnum]) as ref
       from pg_class c join pg_attribute a on a.attrelid = c.oid join pg_type t on t.oid = a.atttypid
      where c.relname = any($1) and a.attnum > 0 and not a.attisdropped and a.attnotnull and not a.atthasdef`,
    [names],
  );
  const refers = (table: string) => required.some((c) => c.table === table && c.ref);
  // The tables a foreign key names first.
  for (const table of [...names].sort((x, y) => Number(refers(x)) - Number(refers(y)))) {
    // Without the columns the database computes (a lease cost's balance), which an insert cannot name.
    const generated = `select coalesce(array_agg(attname::text), '{}') from pg_attribute
                        where attrelid = '${table}'::regclass and attgenerated <> ''`;
    const sample = `select (to_jsonb(t) - (${generated}))::text as row from ${table} t where tenant_id = $1 limit 1`;
    let [found] = await admin.query<{ row: string }>(sample, [A]);
    if (!found) {
      const row: Row = { id: nextId(), tenant_id: A };
      for (const c of required.filter((x) => x.table === table && !(x.column in row))) {
        if (c.ref) [{ id: row[c.column] }] = await admin.query(`select id::text as id from ${c.ref} limit 1`);
        else if (c.type === 'date') row[c.column] = '2026-01-01';
        else if (c.category === 'D') row[c.column] = '2026-01-01 00:00:00';
        else if (c.category === 'N') row[c.column] = 1;
        else row[c.column] = 'w';
      }
      await insertJson(admin, table, JSON.stringify({ ...row, ...FILLING[table] }));
      [found] = await admin.query<{ row: string }>(sample, [A]);
    }
    rowOf.set(table, found.row);
  }
}

describe('data scope, each type alone', () => {
  const POST = '/api/blade-system/post';
  /** The reader's department P; C below it, G below C; S beside P. */
  const dept = { P: nextId(), C: nextId(), G: nextId(), S: nextId() };
  const reader = nextId();
  /** Posts: the reader's own, and someone else's in each department. */
  const row = { own: nextId(), inP: nextId(), inC: nextId(), inG: nextId(), inS: nextId() };

  beforeAll(async () => {
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await insertRows(q, 'blade_dept', [
        { id: dept.P, tenant_id: A, parent_id: 0, ancestors: '0', dept_name: 'P' },
        { id: dept.C, tenant_id: A, parent_id: dept.P, ancestors: `0,${dept.P}`, dept_name: 'C' },
        { id: dept.G, tenant_id: A, parent_id: dept.C, ancestors: `0,${dept.P},${dept.C}`, dept_name: 'G' },
        { id: dept.S, tenant_id: A, parent_id: 0, ancestors: '0', dept_name: 'S' },
      ]);
      await insertRows(q, 'blade_user', [
        { id: reader, tenant_id: A, account: 'ds_reader', password: 'x', real_name: 'reader', dept_id: dept.P },
      ]);
      const made: [keyof typeof row, string, string][] = [
        ['own', reader, dept.P],
        ['inP', nextId(), dept.P],
        ['inC', nextId(), dept.C],
        ['inG', nextId(), dept.G],
        ['inS', nextId(), dept.S],
      ];
      for (const [key, user, d] of made) {
        await insertRows(q, 'blade_post', [
          { id: row[key], tenant_id: A, post_code: `ds_${key}`, post_name: key, create_user: user, create_dept: d },
        ]);
      }
    });
  });

  /** The reader's token with one role that holds the post screen under these data-scope rules. */
  async function readerWith(rules: readonly { column: string; type: number; value?: string }[]) {
    const roleId = nextId();
    await server.platform.db.tx(ALL_TENANTS, async (q) => {
      await insertRows(q, 'blade_role', [{ id: roleId, tenant_id: A, role_name: 'ds', role_alias: `ds${roleId}` }]);
      await insertRows(q, 'blade_role_menu', [{ id: nextId(), menu_id: menuId('post'), role_id: roleId }]);
      for (const rule of rules) {
        const scopeId = nextId();
        await insertRows(q, 'blade_scope_data', [
          {
            id: scopeId,
            menu_id: menuId('post'),
            resource_code: 'post',
            scope_name: `type ${rule.type}`,
            scope_column: rule.column,
            scope_type: rule.type,
            scope_value: rule.value ?? null,
          },
        ]);
        await insertRows(q, 'blade_role_scope', [
          { id: nextId(), scope_category: 1, scope_id: scopeId, role_id: roleId },
        ]);
      }
    });
    return tokenFor(server, { userId: reader, deptId: dept.P, roleIds: [roleId], roleAliases: [`ds${roleId}`] });
  }

  /** The test's posts the caller sees on the page; each one it does not see is 404 on detail too. */
  async function seen(token: string) {
    const { records } = (await get(`${POST}/page?postCode_likeright=ds_&size=100`, token)).body.data;
    const keys: string[] = records.map((r: { postName: string }) => r.postName).sort();
    for (const [key, id] of Object.entries(row).filter(([k]) => !keys.includes(k))) {
      expect((await get(`${POST}/detail?id=${id}`, token)).status, key).toBe(404);
    }
    return keys;
  }

  const own = { column: 'create_user', type: 2 };
  // Two posts outside every department rule, and a value that is not an id (ignored).
  const listed = { column: 'id', type: 5, value: `${row.inG}, ${row.inS},x` };
  it.each([
    ['1 (all) lets every row through', [{ column: 'create_dept', type: 1 }], ['inC', 'inG', 'inP', 'inS', 'own']],
    ['2 (own rows)', [own], ['own']],
    ['3 (own department)', [{ column: 'create_dept', type: 3 }], ['inP', 'own']],
    ['4 (own department and below)', [{ column: 'create_dept', type: 4 }], ['inC', 'inG', 'inP', 'own']],
    ['5 (the listed ids)', [listed], ['inG', 'inS']],
    ['2 and 5 together: either lets a row through', [own, listed], ['inG', 'inS', 'own']],
    ['2 on a column the table lacks lets nothing through', [{ column: 'no_such_column', type: 2 }], []],
  ])('type %s', async (_, rules, expected) => {
    expect(await seen(await readerWith(rules))).toEqual(expected);
  });
});
