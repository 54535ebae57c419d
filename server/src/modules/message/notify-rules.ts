import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { afterTransaction, type Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest, ok } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import type { EntityHooks, SaveEvent } from '../../resources/engine.ts';
import { idList } from '../system/id-list.ts';
import { COMPANY_USER_TYPE } from '../user/company.ts';
import { announce, type SentMessage, send } from './inbox.ts';
import { ORDINARY } from './outbox.ts';

/**
 * Work that reaches the park reaches a person (issue 34.1). Each kind of incoming work has a rule per tenant
 * (park_notify_rule, migration 0173): on or off, and the roles and users who hear of it. When such work is created
 * (or, for a production report, handed in), `notifyStaff` stores one ordinary message with a link to the record for
 * every live park user the rule names, in the creating transaction, and pushes it to their open tabs once that
 * transaction has committed: a rolled-back report sends nothing. The one who acted is never told of their own
 * work, and company accounts never hear of park rules, whatever the rule names.
 */
export const WORK_KINDS = ['repair', 'feedback', 'space_reserve', 'prod_report'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** A kind with no stored rule follows this: on, heard by the tenant's administrator roles... */
const DEFAULT_ROLE_ALIAS = 'administrator';
/**
 * ...but a new repair by the staff who handle repairs (issue 34.7): the tenant's 维修人员 roles (alias `repairer`,
 * the demo's) when one holds a live park user, else the administrator roles: not every administrator hears of
 * every repair.
 */
const REPAIR_ROLE_ALIAS = 'repairer';
const ROLES_OF = (alias: string) =>
  `array(select id from blade_role where tenant_id = $1 and role_alias = '${alias}' and is_deleted = 0 order by id)`;
const REPAIR_ROLES_HELD = `exists (select 1 from blade_role r join blade_user u on u.tenant_id = r.tenant_id
      and string_to_array(u.role_id, ',') @> array[r.id::text] and u.is_deleted = 0 and u.status = 1
      and u.user_type <> ${COMPANY_USER_TYPE}
    where r.tenant_id = $1 and r.role_alias = '${REPAIR_ROLE_ALIAS}' and r.is_deleted = 0)`;
/** At most this many roles and users a rule names (the table's check says the same). */
const MOST_NAMED = 200;

const MSG = {
  kind: { zh: '通知类型不存在', en: 'The kind of work does not exist' },
  enabled: { zh: '是否启用只能是0或1', en: 'enabled must be 0 or 1' },
  tooMany: { zh: `角色和人员各最多${MOST_NAMED}个`, en: `At most ${MOST_NAMED} roles and ${MOST_NAMED} users` },
  role: { zh: '所选角色不存在', en: 'A selected role does not exist' },
  user: {
    zh: '所选人员必须是园区的有效用户（不能是企业账号）',
    en: 'Each selected user must be an active park user (not a company account)',
  },
  saved: { zh: '保存成功', en: 'Saved' },
} as const;

/** What a kind's message says and where it links, read from the record in the creating transaction. */
interface Notice {
  title: string;
  content: string;
  link: string;
}

/** An in-app route to a record: the screen's path with the search that finds it. */
export const linkTo = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query)}`.slice(0, 500);
/** A title starts with what differs and fits the column. */
const titled = (text: string) => text.replace(/\s+/g, ' ').slice(0, 255);

const DESCRIBE: Record<WorkKind, (q: Queryable, id: string) => Promise<Notice | undefined>> = {
  async repair(q, id) {
    const [r] = await q.query<{ no: string; location: string; description: string; enterprise: string | null }>(
      `select r.repair_no as no, r.location, r.description, e.enterprise_name as enterprise
         from property_repair r left join crm_enterprise e on e.id = r.enterprise_id where r.id = $1`,
      [id],
    );
    if (!r) return undefined;
    return {
      title: titled(`新报修：${r.location}（${r.no}）`),
      content: `${r.enterprise ? `${r.enterprise}报修` : '报修'}：${r.description}\n请在「工单管理」中派单。`,
      link: linkTo('/property/work-order', { repairNo: r.no }),
    };
  },
  async feedback(q, id) {
    const [f] = await q.query<{ title: string; content: string; enterprise: string | null }>(
      `select f.title, f.content, e.enterprise_name as enterprise
         from basic_feedback f left join crm_enterprise e on e.id = f.enterprise_id where f.id = $1`,
      [id],
    );
    if (!f) return undefined;
    return {
      title: titled(`新意见反馈：${f.title}`),
      content: `${f.enterprise ? `${f.enterprise}：` : ''}${f.content}\n请在「意见反馈」中回复。`,
      link: linkTo('/basic/feedback', { title: f.title }),
    };
  },
  async space_reserve(q, id) {
    const [r] = await q.query<{ space: string; day: string; start: string; end: string; subject: string }>(
      `select s.space_name as space, to_char(r.reserve_date, 'YYYY-MM-DD') as day,
              to_char(r.start_at, 'HH24:MI') as start,
              case when r.end_at = r.reserve_date + 1 then '24:00' else to_char(r.end_at, 'HH24:MI') end as "end",
              r.subject
         from property_space_reservation r join property_public_space s on s.id = r.space_id where r.id = $1`,
      [id],
    );
    if (!r) return undefined;
    return {
      title: titled(`新预约：${r.space} ${r.day} ${r.start}-${r.end}`),
      content: `${r.space} ${r.day} ${r.start}-${r.end}：${r.subject}\n请在「公共空间」中查看。`,
      link: linkTo('/property/public-space', { spaceName: r.space }),
    };
  },
  async prod_report(q, id) {
    const [p] = await q.query<{ title: string; enterprise: string | null; due: string }>(
      `select p.title, e.enterprise_name as enterprise, to_char(p.due_date, 'YYYY-MM-DD') as due
         from prod_report p left join crm_enterprise e on e.id = p.enterprise_id where p.id = $1`,
      [id],
    );
    if (!p) return undefined;
    return {
      title: titled(`新生产报告：${p.enterprise ?? ''}《${p.title}》`),
      content: `${p.enterprise ?? ''}提交了生产报告《${p.title}》（截止日期 ${p.due}）\n请在「生产报告」中查看。`,
      link: linkTo('/prod/report', { title: p.title }),
    };
  },
};

/** The rule of a kind as stored, or the default for a tenant without one (a repair's: REPAIR_ROLE_ALIAS); one statement. */
const RULE = `
  select enabled, role_ids, user_ids from park_notify_rule where tenant_id = $1 and kind = $2
  union all
  select 1, case when $2 = 'repair' and ${REPAIR_ROLES_HELD} then ${ROLES_OF(REPAIR_ROLE_ALIAS)}
                 else ${ROLES_OF(DEFAULT_ROLE_ALIAS)} end, '{}'::bigint[]
   where not exists (select 1 from park_notify_rule where tenant_id = $1 and kind = $2)`;

/** The live park users a kind's rule names, but `except` (who acted). */
async function recipients(q: Queryable, tenantId: string, kind: WorkKind, except: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `with rule as (${RULE})
     select u.id::text as id from blade_user u, rule
      where rule.enabled = 1 and u.tenant_id = $1 and u.is_deleted = 0 and u.status = 1
        and u.user_type <> ${COMPANY_USER_TYPE} and u.id <> $3::bigint
        and (string_to_array(u.role_id, ',') && rule.role_ids::text[] or u.id = any(rule.user_ids))
      order by u.id`,
    [tenantId, kind, except],
  );
  return rows.map((r) => r.id);
}

/**
 * Tells the staff a kind's rule names of the new record `id`: call it in the transaction that creates (or hands in)
 * the record, after the record is written. The message is stored on `q`; the push waits for the commit and goes
 * only when the message is there (after a rollback it is not).
 */
export async function notifyStaff(platform: Platform, q: Queryable, kind: WorkKind, id: string): Promise<void> {
  const caller = ctx();
  const userIds = await recipients(q, caller.tenantId, kind, caller.userId);
  if (!userIds.length) return;
  const notice = await DESCRIBE[kind](q, id);
  if (!notice) return;
  const sent = await send(q, caller, { ...notice, type: ORDINARY, userIds });
  await afterTransaction(() => announceCommitted(platform, caller.tenantId, sent));
}

/** Pushes a stored message once its transaction has ended, if it committed; a failed push is the socket's catch-up's. */
async function announceCommitted(platform: Platform, tenantId: string, sent: SentMessage): Promise<void> {
  try {
    const [kept] = await platform.db.scoped(tenantId, (q) =>
      q.query('select 1 from blade_message where id = $1 and is_deleted = 0', [sent.id]),
    );
    if (kept) await announce(platform.push, tenantId, sent);
  } catch (err) {
    // The message is stored: the tab's next sync (or the bell's poll) shows it.
    console.error('A staff notice could not be pushed: %s', err);
  }
}

/**
 * An entity's hooks that also tell the staff of a new record (`column` absent), or of a record whose `column`
 * becomes set (a production report's submit_date: handed in), on a create or an edit.
 */
export function notifyingHooks(
  platform: Platform,
  kind: WorkKind,
  hooks: EntityHooks,
  handedIn?: { table: string; column: string },
): EntityHooks {
  /** Whether the edited row was handed in already, by the body the engine saves. */
  const before = new WeakMap<object, boolean>();
  return {
    ...hooks,
    async beforeSave(e) {
      await hooks.beforeSave?.(e);
      if (handedIn && !e.isNew) {
        // The engine holds the row locked: what it read is what the update replaces.
        const [row] = await e.q.query<{ set: boolean }>(
          `select ${handedIn.column} is not null as set from ${handedIn.table} where id = $1`,
          [e.body.id],
        );
        before.set(e.body, Boolean(row?.set));
      }
    },
    async afterSave(e: SaveEvent) {
      await hooks.afterSave?.(e);
      const id = String(e.row.id);
      if (!handedIn) {
        if (e.isNew) await notifyStaff(platform, e.q, kind, id);
        return;
      }
      const [row] = await e.q.query<{ set: boolean }>(
        `select ${handedIn.column} is not null as set from ${handedIn.table} where id = $1`,
        [id],
      );
      if (row?.set && !before.get(e.body)) await notifyStaff(platform, e.q, kind, id);
    },
  };
}

/** One kind's rule as the screen shows it, with the names of what it names. */
export interface NotifyRule {
  kind: WorkKind;
  enabled: number;
  roleIds: string[];
  userIds: string[];
  userNames: string[];
  /** Whether it is the default (no row saved yet). */
  isDefault: boolean;
}

async function rulesOf(q: Queryable, tenantId: string): Promise<NotifyRule[]> {
  const rules: NotifyRule[] = [];
  for (const kind of WORK_KINDS) {
    const [rule] = await q.query<{ enabled: number; roleIds: string[]; userIds: string[]; stored: boolean }>(
      `with rule as (${RULE})
       select enabled, role_ids::text[] as "roleIds", user_ids::text[] as "userIds",
              exists (select 1 from park_notify_rule where tenant_id = $1 and kind = $2) as stored
         from rule`,
      [tenantId, kind],
    );
    const names = await q.query<{ realName: string }>(
      `select coalesce(u.real_name, u.account) as "realName" from unnest($1::bigint[]) with ordinality as c(id, n)
         left join blade_user u on u.id = c.id and u.tenant_id = $2 order by c.n`,
      [rule.userIds, tenantId],
    );
    rules.push({
      kind,
      enabled: Number(rule.enabled),
      roleIds: rule.roleIds,
      userIds: rule.userIds,
      userNames: names.map((n) => n.realName),
      isDefault: !rule.stored,
    });
  }
  return rules;
}

function kindOf(value: unknown): WorkKind {
  const kind = String(value ?? '');
  if (!(WORK_KINDS as readonly string[]).includes(kind)) throw badRequest(MSG.kind);
  return kind as WorkKind;
}

function enabledOf(value: unknown): number {
  if (value === 1 || value === '1' || value === true) return 1;
  if (value === 0 || value === '0' || value === false) return 0;
  throw badRequest(MSG.enabled);
}

/** Refuses what is not a live role, or a live park user, of the tenant. */
async function checkNamed(q: Queryable, tenantId: string, roleIds: string[], userIds: string[]) {
  const [{ roles, users }] = await q.query<{ roles: string; users: string }>(
    `select (select count(*) from blade_role where tenant_id = $1 and is_deleted = 0 and id = any($2::bigint[])) as roles,
            (select count(*) from blade_user where tenant_id = $1 and is_deleted = 0 and status = 1
                and user_type <> ${COMPANY_USER_TYPE} and id = any($3::bigint[])) as users`,
    [tenantId, roleIds, userIds],
  );
  if (Number(roles) !== roleIds.length) throw badRequest(MSG.role);
  if (Number(users) !== userIds.length) throw badRequest(MSG.user);
}

/** 通知规则 (/message/notify-rule): every kind's rule, and saving one (an upsert on the tenant and kind). */
export function registerNotifyRules(app: FastifyInstance, platform: Platform) {
  const base = '/api/blade-message/notify-rule';
  app.get(`${base}/list`, { config: { title: '通知规则' } }, async () => {
    const { tenantId } = ctx();
    const rules = await platform.db.scoped(tenantId, (q) => rulesOf(q, tenantId));
    const roles = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select id::text as id, role_name as "roleName", role_alias as "roleAlias" from blade_role
          where tenant_id = $1 and is_deleted = 0 order by sort, id`,
        [tenantId],
      ),
    );
    return ok({ rules, roles });
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${base}/save`,
    { config: { title: '通知规则保存', button: 'notify_rule_edit' } },
    async (req) => {
      const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
      const kind = kindOf(body.kind);
      const enabled = enabledOf(body.enabled);
      const roleIds = idList(body.roleIds);
      const userIds = idList(body.userIds);
      if (roleIds.length > MOST_NAMED || userIds.length > MOST_NAMED) throw badRequest(MSG.tooMany);
      const { tenantId, userId, deptId } = ctx();
      await platform.db.tx(tenantId, async (q) => {
        await checkNamed(q, tenantId, roleIds, userIds);
        // One statement: of two saves of a kind at once, each is whole and the later one stays.
        await q.query(
          `insert into park_notify_rule (id, tenant_id, kind, enabled, role_ids, user_ids, create_user, create_dept,
                                         update_user)
           values ($1, $2, $3, $4, $5::bigint[], $6::bigint[], $7, $8, $7)
           on conflict (tenant_id, kind) do update set enabled = excluded.enabled, role_ids = excluded.role_ids,
              user_ids = excluded.user_ids, update_user = excluded.update_user, update_time = localtimestamp(0)`,
          [nextId(), tenantId, kind, enabled, roleIds, userIds, userId, deptId || null],
        );
      });
      return ok(true, MSG.saved satisfies Bilingual);
    },
  );
}
