import { MATTER_STATUS, qnSurvey, qnSurveyData, REPAIR_STATUS, SHEET_STATUS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { ok } from '../../platform/errors.ts';
import { permissionsOf } from '../../platform/permissions.ts';
import type { Platform } from '../../platform/platform.ts';
import { IN_PARK } from '../crm/enterprise.ts';
import { UNREAD } from '../message/inbox.ts';
import { MINE } from '../questionnaire/members.ts';
import { ownEnterprise } from '../user/company.ts';

/**
 * The home page's summary (our extension, issue 33): the work waiting for the caller and the day's figures, each
 * one SQL aggregate over its module's rows (or, for the park's rent and overdue reports, over the sums their
 * triggers keep: desk_rent_tally, desk_report_tally), all of them one statement. A figure is asked for only when the caller
 * may open the screen it links to (their menus); a company account's figures are its own enterprise's alone.
 * Work with a count of 0 is left out, figures are kept at 0 (no rent due is a figure too).
 */
export const HOME_SUMMARY = '/api/blade-desk/home/summary';

/** One aggregate: the screens that open it (the first one is its link) and its SQL; $1 tenant, $2 user, $3 enterprise. */
interface Measure {
  key: string;
  screens: string[];
  sql: string;
  /** What the number is: a count, an amount in yuan, a percentage. */
  unit?: 'yuan' | 'percent';
}

/*
 * The rules below are shared with the monthly park report (modules/report/figures.ts), which counts a month it is
 * given as these count this one: a month is its first day as an SQL date, a day an SQL date.
 */
export const OPEN_REPAIR = `repair_status in (${REPAIR_STATUS.pending}, ${REPAIR_STATUS.assigned}, ${REPAIR_STATUS.working})`;
/** `col` within the month that starts on `month`. */
export const IN_MONTH = (col: string, month: string) => `${col} >= ${month} and ${col} < ${month} + interval '1 month'`;
const THIS_MONTH = (col: string) => IN_MONTH(col, "date_trunc('month', current_date)");
/** An unpaid period's amount still owed. */
export const OWED = 'sum(amount_due - coalesce(paid_amount, 0))';
/** An enterprise that moved in during the month (and is in the park). */
export const MOVED_IN = (month: string) => `status = ${IN_PARK} and ${IN_MONTH('entry_date', month)}`;
/** No move-out date is kept: an enterprise out of the park whose row last changed in the month moved out then. */
export const MOVED_OUT = (month: string) => `status <> ${IN_PARK} and ${IN_MONTH('update_time', month)}`;
/**
 * The offices (unit_type 1) and rooms (2) a live contract covers on `day` (property_contract_unit holds only live
 * contracts' units), as (unit_type, unit_id): read once, from the units of contracts not ended by then (index
 * property_contract_unit_until), and hashed, rather than looked up unit by unit.
 */
export const LEASED_ON = (day: string) => `select cu.unit_type, cu.unit_id from property_contract_unit cu
  where cu.tenant_id = $1 and cu.end_date >= ${day} and cu.start_date <= ${day}`;
/** Every office and room with its floor and building area, and whether a live contract covers it on `day`. */
export const LEASED_UNITS = (day: string) => `select u.*, (u.unit_type, u.id) in (${LEASED_ON(day)}) as leased
  from (select 1 as unit_type, id, storey_id, build_area from property_office where tenant_id = $1 and is_deleted = 0
        union all
        select 2, id, storey_id, build_area from property_room where tenant_id = $1 and is_deleted = 0) u`;
/** The leased share of the units' building area, in percent to one decimal (0 without units). */
export const LEASED_PERCENT =
  'coalesce(round(100 * sum(build_area) filter (where leased) / nullif(sum(build_area), 0), 1), 0)';
/** A chemical stored over its allowed quantity. */
export const OVER_LIMIT = 'quantity > max_quantity';

/** The caller's work: what waits for them to act, wherever they may act on it. */
const WORK: Measure[] = [
  {
    key: 'workflowTodo',
    screens: ['/workflow/process/todo'],
    sql: `select count(*) from wf_task t where t.tenant_id = $1 and t.status = 'todo' and t.assignee = $2
            and exists (select 1 from wf_instance i where i.id = t.instance_id and i.is_deleted = 0)`,
  },
  {
    // The runtime's 待签 condition (runtime/lists.ts): open, nobody's yet, offered to the caller or their role,
    // department or post.
    key: 'workflowClaim',
    screens: ['/workflow/process/claim'],
    sql: `select count(*) from wf_task t where t.tenant_id = $1 and t.status = 'todo' and t.assignee is null
            and exists (select 1 from wf_instance i where i.id = t.instance_id and i.is_deleted = 0)
            and exists (select 1 from wf_task_candidate k where k.task_id = t.id and (
              (k.kind = 'user' and k.ref = $2) or (k.kind = 'role' and k.ref::text = any($4::text[]))
              or (k.kind = 'dept' and k.ref::text = any($5::text[])) or (k.kind = 'post' and k.ref::text = any($6::text[]))))`,
  },
  {
    key: 'repairsToDispatch',
    screens: ['/property/work-order'],
    sql: `select count(*) from property_repair where tenant_id = $1 and is_deleted = 0
            and repair_status = ${REPAIR_STATUS.pending}`,
  },
  {
    key: 'repairsToHandle',
    screens: ['/property/work-order'],
    sql: `select count(*) from property_repair where tenant_id = $1 and is_deleted = 0 and assignee = $2
            and repair_status in (${REPAIR_STATUS.assigned}, ${REPAIR_STATUS.working})`,
  },
  {
    // Open matters due by today: the overdue ones and today's.
    key: 'mattersDue',
    screens: ['/desk/teamproject'],
    sql: `select count(*) from basic_team_project_matters where tenant_id = $1 and assignee = $2 and is_deleted = 0
            and matter_status <> ${MATTER_STATUS.done} and due_date <= current_date`,
  },
  {
    // The surveys the caller finds on 问卷调查 (members.ts MINE), open now, without a sheet of theirs handed in.
    key: 'surveysToAnswer',
    screens: ['/questionnaire/survey'],
    sql: `select count(*) from ${qnSurvey.table} where tenant_id = $1 and is_deleted = 0 and ${MINE('$2')}
            and localtimestamp between start_time and end_time
            and not exists (select 1 from ${qnSurveyData.table} d where d.tenant_id = $1 and d.survey_id = ${qnSurvey.table}.id
                              and d.respondent_id = $2 and d.status = ${SHEET_STATUS.submitted} and d.is_deleted = 0)`,
  },
  {
    key: 'unreadMessages',
    screens: ['/message/my'],
    sql: `select count(*) from blade_message_receiver r join blade_message m on m.id = r.message_id and m.is_deleted = 0
            where r.tenant_id = $1 and r.user_id = $2 and r.is_deleted = 0 and r.is_read = ${UNREAD}`,
  },
];

/** The park's figures, for an operator who holds their screens. */
const PARK: Measure[] = [
  {
    key: 'enterprisesIn',
    screens: ['/crm/enterprise'],
    sql: `select count(*) from crm_enterprise where tenant_id = $1 and is_deleted = 0
            and ${MOVED_IN("date_trunc('month', current_date)")}`,
  },
  {
    key: 'enterprisesOut',
    screens: ['/crm/enterprise'],
    sql: `select count(*) from crm_enterprise where tenant_id = $1 and is_deleted = 0
            and ${MOVED_OUT("date_trunc('month', current_date)")}`,
  },
  {
    // The building area of the offices and rooms a live contract covers today, against all of them.
    key: 'occupancy',
    unit: 'percent',
    screens: ['/property/room-contract'],
    sql: `with units as (${LEASED_UNITS('current_date')}) select ${LEASED_PERCENT} from units`,
  },
  {
    // The park's rent figures from the sums kept per due date (desk_rent_tally, migration 0171).
    key: 'rentDue',
    unit: 'yuan',
    screens: ['/property/lease-contract-cost'],
    sql: `select coalesce(sum(amount_due), 0) from desk_rent_tally where tenant_id = $1 and ${THIS_MONTH('due_date')}`,
  },
  {
    key: 'rentOverdue',
    unit: 'yuan',
    screens: ['/property/lease-contract-cost'],
    sql: `select coalesce(sum(owed), 0) from desk_rent_tally where tenant_id = $1 and due_date < current_date`,
  },
  {
    key: 'openRepairs',
    screens: ['/property/work-order', '/property/repair'],
    sql: `select count(*) from property_repair where tenant_id = $1 and is_deleted = 0 and ${OPEN_REPAIR}`,
  },
  {
    key: 'mealsToday',
    screens: ['/dhm/dhm/order-meal'],
    sql: `select count(*) from dhm_order_meal where tenant_id = $1 and is_deleted = 0 and meal_date = current_date
            and order_meal_status <> 2`,
  },
  {
    key: 'chemicalsOverLimit',
    screens: ['/prod/danger-chemical'],
    sql: `select count(*) from prod_danger_chemical where tenant_id = $1 and is_deleted = 0 and ${OVER_LIMIT}`,
  },
  {
    key: 'reportsOverdue',
    screens: ['/prod/report'],
    // Not handed in and past due, from the counts kept per due date (desk_report_tally).
    sql: `select coalesce(sum(n), 0) from desk_report_tally where tenant_id = $1 and handed_in = 0
            and due_date < current_date`,
  },
];

/** A company account's own figures: its enterprise's ($3) rows alone. */
const COMPANY: Measure[] = [
  {
    key: 'contracts',
    screens: ['/property/room-contract'],
    sql: `select count(*) from property_room_contract where tenant_id = $1 and enterprise_id = $3 and is_deleted = 0
            and lease_status = 0 and end_date >= current_date`,
  },
  {
    key: 'rentDue',
    unit: 'yuan',
    screens: ['/property/lease-contract-cost'],
    sql: `select coalesce(sum(amount_due), 0) from property_lease_contract_cost where tenant_id = $1 and enterprise_id = $3
            and is_deleted = 0 and ${THIS_MONTH('due_date')}`,
  },
  {
    key: 'rentOverdue',
    unit: 'yuan',
    screens: ['/property/lease-contract-cost'],
    sql: `select coalesce(${OWED}, 0) from property_lease_contract_cost where tenant_id = $1 and enterprise_id = $3
            and is_deleted = 0 and pay_status = 0 and due_date < current_date`,
  },
  {
    key: 'openRepairs',
    screens: ['/property/repair'],
    sql: `select count(*) from property_repair where tenant_id = $1 and enterprise_id = $3 and is_deleted = 0
            and ${OPEN_REPAIR}`,
  },
];

/** The work a company account has: its surveys and messages; the park's queues are not its own. */
const COMPANY_WORK = new Set(['workflowTodo', 'workflowClaim', 'surveysToAnswer', 'unreadMessages']);

export interface SummaryItem {
  key: string;
  value: number;
  path: string;
  unit?: 'yuan' | 'percent';
}

export function registerHomeSummary(app: FastifyInstance, platform: Platform) {
  app.get(HOME_SUMMARY, { config: { title: '首页概要' } }, async () => {
    const caller = ctx();
    const [perms, enterprise] = await Promise.all([permissionsOf(platform, caller), ownEnterprise(platform)]);
    const allowed = (list: Measure[]) => list.filter((m) => perms.mayOpen(m.screens));
    const work = allowed(enterprise === null ? WORK : WORK.filter((m) => COMPANY_WORK.has(m.key)));
    const figures = allowed(enterprise === null ? PARK : COMPANY);
    const measures = [
      ...work.map((m) => ({ ...m, as: `w_${m.key}` })),
      ...figures.map((m) => ({ ...m, as: `f_${m.key}` })),
    ];

    const [row, roles] = await platform.db.scoped(caller.tenantId, async (q) => {
      const [values] = measures.length
        ? await q.query<Record<string, string | null>>(
            // Every parameter typed once, whichever measures are asked for (PostgreSQL refuses one left untyped).
            `select ${measures.map((m) => `(${m.sql})::text as "${m.as}"`).join(', ')}
               from (select $1::varchar, $2::bigint, $3::bigint, $4::text[], $5::text[], $6::text[]) as params`,
            [
              caller.tenantId,
              caller.userId,
              enterprise,
              caller.roleIds,
              caller.deptId.split(',').filter(Boolean),
              caller.postId.split(',').filter(Boolean),
            ],
          )
        : [{}];
      const names = await q.query<{ role_name: string }>(
        `select role_name from blade_role where id = any($1::bigint[]) and is_deleted = 0 order by sort, id`,
        [caller.roleIds],
      );
      return [values, names.map((r) => r.role_name)] as const;
    });

    const item = (m: Measure & { as: string }): SummaryItem => ({
      key: m.key,
      value: Number(row[m.as] ?? 0),
      path: m.screens.find((s) => perms.mayOpen([s])) ?? m.screens[0],
      ...(m.unit ? { unit: m.unit } : {}),
    });
    return ok({
      roles,
      company: enterprise !== null,
      work: measures
        .filter((m) => m.as.startsWith('w_'))
        .map(item)
        .filter((w) => w.value > 0),
      figures: measures.filter((m) => m.as.startsWith('f_')).map(item),
    });
  });
}
