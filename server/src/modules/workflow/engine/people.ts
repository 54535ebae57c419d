import type { Queryable } from '../../../platform/db.ts';
import { isId } from '../../../platform/ids.ts';
import type { PersonRule } from './graph.ts';

/**
 * Whom a task's rules name (park:Assignee, park:CopyTo), read from the tenant's live, enabled users at the moment
 * the task is made: named users, the members of roles, departments and posts, the starter, the starter's leader
 * (the leader of their department, or of the nearest department above with one who is not the starter), or the
 * users a form field holds.
 */

export interface Starter {
  userId: string;
  deptId: string | null;
}

export interface Resolved {
  /** Users named one by one (user, starter, starterLeader, field). */
  users: string[];
  /** Groups offered as a whole (role, dept, post): their members may claim. */
  groups: { kind: 'role' | 'dept' | 'post'; ref: string }[];
}

const idsOf = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : String(value ?? '').split(',');
  return list.map((v) => String(v ?? '').trim()).filter(isId);
};

const COLUMN = { role: 'role_id', dept: 'dept_id', post: 'post_id' } as const;

/** Live users of the tenant among these ids, in their order, each once. */
export async function liveUsers(q: Queryable, tenantId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await q.query<{ id: string }>(
    `select id::text as id from blade_user
      where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 and status = 1`,
    [tenantId, ids],
  );
  const live = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => live.has(id));
}

/** The leader of the starter's department, else of the nearest department above it with a leader who is not the starter. */
async function leaderOf(q: Queryable, tenantId: string, starter: Starter): Promise<string[]> {
  if (!starter.deptId || !isId(starter.deptId)) return [];
  const rows = await q.query<{ leader: string }>(
    `with recursive up as (
       select id, parent_id, leader_id, 0 as depth from blade_dept where id = $2 and tenant_id = $1 and is_deleted = 0
       union all
       select d.id, d.parent_id, d.leader_id, up.depth + 1 from blade_dept d join up on d.id = up.parent_id
        where d.tenant_id = $1 and d.is_deleted = 0 and up.depth < 20)
     select up.leader_id::text as leader from up
       join blade_user u on u.id = up.leader_id and u.tenant_id = $1 and u.is_deleted = 0 and u.status = 1
      where up.leader_id <> $3 order by up.depth limit 1`,
    [tenantId, starter.deptId, starter.userId],
  );
  return rows.map((r) => r.leader);
}

export async function resolvePeople(
  q: Queryable,
  tenantId: string,
  rules: PersonRule[],
  starter: Starter,
  form: Record<string, unknown>,
): Promise<Resolved> {
  const users: string[] = [];
  const groups: Resolved['groups'] = [];
  for (const rule of rules) {
    switch (rule.type) {
      case 'user':
        users.push(...idsOf(rule.value));
        break;
      case 'starter':
        users.push(starter.userId);
        break;
      case 'starterLeader':
        users.push(...(await leaderOf(q, tenantId, starter)));
        break;
      case 'field':
        users.push(...idsOf(Object.hasOwn(form, rule.value) ? form[rule.value] : undefined));
        break;
      default:
        for (const ref of idsOf(rule.value)) groups.push({ kind: rule.type, ref });
    }
  }
  return { users: await liveUsers(q, tenantId, users), groups };
}

/** Everyone the rules name, groups expanded to their live members (a 会签's signers, a copy's recipients). */
export async function everyone(
  q: Queryable,
  tenantId: string,
  rules: PersonRule[],
  starter: Starter,
  form: Record<string, unknown>,
): Promise<string[]> {
  const { users, groups } = await resolvePeople(q, tenantId, rules, starter, form);
  const members: string[] = [];
  for (const kind of ['role', 'dept', 'post'] as const) {
    const refs = groups.filter((g) => g.kind === kind).map((g) => g.ref);
    if (!refs.length) continue;
    const rows = await q.query<{ id: string }>(
      `select id::text as id from blade_user
        where tenant_id = $1 and is_deleted = 0 and status = 1
          and string_to_array(${COLUMN[kind]}, ',') && $2::text[] order by id`,
      [tenantId, refs],
    );
    members.push(...rows.map((r) => r.id));
  }
  return [...new Set([...users, ...members])];
}

/** The names of users, by id. */
export async function userNames(q: Queryable, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await q.query<{ id: string; name: string }>(
    `select id::text as id, coalesce(nullif(real_name, ''), name, account) as name from blade_user
      where tenant_id = $1 and id = any($2::bigint[])`,
    [tenantId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
