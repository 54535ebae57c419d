import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { holdsSlot } from '../property/spaces.ts';
import { LEASED_UNITS } from './home.ts';

/**
 * 控制台 (/wel/dashboard): the park operator's charts, one GET each (our extension of blade-desk:
 * `/api/blade-desk/dashboard/<chart>`). Each answer is one SQL aggregate at every call, with the list it links to:
 * over the module's live rows on its (tenant, …) index, or, for rent, repairs and production reports, over the
 * figures their tables' triggers keep in the writing transaction (migration 0171: desk_rent_tally,
 * desk_repair_tally, desk_report_tally), so always fresh. Company accounts never reach it (company-fence: these
 * are the park's figures).
 */
const BASE = '/api/blade-desk/dashboard';

/** A chart's list: its menu path and the search that filters it. */
type Link = { path: string; query?: Record<string, string> };
type Chart = { link: Link; sql: string };

/*
 * The charts' queries over a span of months or days (SQL dates: first days of months for months), shared with the
 * monthly park report (modules/report/figures.ts), which counts its month as these count theirs.
 */

/**
 * Rent and fees falling due per month, against what of them is paid (the paid share of a period: what was paid,
 * the amount due when paid without a figure), from the sums kept per due date (desk_rent_tally).
 */
export const RENT_BY_MONTH = (first: string, last: string) => `select to_char(m, 'YYYY-MM') as "month",
             coalesce(sum(t.amount_due), 0)::float8 as "due",
             coalesce(sum(t.collected), 0)::float8 as "collected"
        from generate_series(${first}, ${last}, interval '1 month') m
        left join desk_rent_tally t on t.tenant_id = $1 and t.due_date >= m and t.due_date < m + interval '1 month'
       group by m order by m`;

/** Meals booked (live or written off) per day: the span's days counted in the index of live orders by day. */
export const MEALS_BY_DAY = (first: string, last: string) => `select to_char(d, 'YYYY-MM-DD') as "day",
             coalesce(o.n, 0)::int as "count"
        from generate_series(${first}, ${last}, interval '1 day') d
        left join (select meal_date, count(*) as n from dhm_order_meal
                    where tenant_id = $1 and is_deleted = 0 and order_meal_status <> 2
                      and meal_date between (${first})::date and (${last})::date
                    group by meal_date) o on o.meal_date = d::date
       order by d`;

/**
 * Production reports falling due per month: handed in on time, late, overdue (by today), not yet due; from the
 * counts kept per due date (desk_report_tally: handed_in 1 on time, 2 late, 0 not yet).
 */
export const REPORTS_BY_MONTH = (first: string, last: string) => `select to_char(m, 'YYYY-MM') as "month",
             coalesce(sum(t.n) filter (where t.handed_in = 1), 0)::int as "onTime",
             coalesce(sum(t.n) filter (where t.handed_in = 2), 0)::int as "late",
             coalesce(sum(t.n) filter (where t.handed_in = 0 and t.due_date < current_date), 0)::int as "overdue",
             coalesce(sum(t.n) filter (where t.handed_in = 0 and t.due_date >= current_date), 0)::int as "pending"
        from generate_series(${first}, ${last}, interval '1 month') m
        left join desk_report_tally t on t.tenant_id = $1 and t.due_date >= m and t.due_date < m + interval '1 month'
       group by m order by m`;

/** A repair's time to close, from the report to its finish, averaged in hours to one decimal (over property_repair's columns). */
export const CLOSE_HOURS = 'round((avg(extract(epoch from finish_time - create_time)) / 3600)::numeric, 1)::float8';

const THIS_MONTH = "date_trunc('month', current_date)";
const ELEVEN_MONTHS_AGO = "date_trunc('month', current_date) - interval '11 months'";

const CHARTS: Record<string, Chart> = {
  // Offices and rooms per floor, rented while a live contract covers today (property_contract_unit holds only live ones).
  occupancy: {
    link: { path: '/property/room' },
    // Counted per floor first (whether a unit is let: one hashed set of today's let units), then named.
    sql: `with floors as (
        select u.storey_id, count(*) as total, count(*) filter (where u.leased) as rented
          from (${LEASED_UNITS('current_date')}) u group by u.storey_id)
      select f.id::text as "floorId", f.storey_name as "floor",
             coalesce(b.storey_name, f.storey_name) as "building",
             x.total::int as "total", x.rented::int as "rented"
        from floors x
        join property_storey f on f.id = x.storey_id and f.tenant_id = $1 and f.is_deleted = 0
        left join property_storey b on f.parent_id <> 0 and b.tenant_id = $1
             and b.id = split_part(f.ancestors, ',', 2)::bigint
       order by b.sort nulls first, "building", f.sort, f.id`,
  },
  // Rent and fees falling due per month over the last 12, against what of them is paid.
  rent: {
    link: { path: '/property/lease-contract-cost', query: { payStatus: '0' } },
    sql: RENT_BY_MONTH(ELEVEN_MONTHS_AGO, THIS_MONTH),
  },
  // Repairs per state and per fault type; a type's time to close runs from the report to its finish.
  repairs: {
    link: { path: '/property/repair', query: { repairStatus: '0' } },
    // From the counts kept per state and type (desk_repair_tally): the average is their seconds over the finished.
    sql: `select grouping(repair_status)::int as "byType", repair_status as "status", fault_type as "faultType",
             sum(n)::int as "count",
             round((sum(close_seconds) / nullif(sum(finished), 0) / 3600)::numeric, 1)::float8 as "closeHours"
        from desk_repair_tally
       where tenant_id = $1
       group by grouping sets ((repair_status), (fault_type)) having sum(n) > 0
       order by 1, 2, 3`,
  },
  // Meals booked (live or written off) per day, the last 30 days.
  meals: {
    link: { path: '/dhm/dhm/order-meal' },
    sql: MEALS_BY_DAY('current_date - 29', 'current_date'),
  },
  // Production reports falling due per month over the last 12: handed in on time, late, overdue, not yet due.
  reports: {
    link: { path: '/prod/report', query: { overdue: '1' } },
    sql: REPORTS_BY_MONTH(ELEVEN_MONTHS_AGO, THIS_MONTH),
  },
  // Bookings (neither cancelled nor rejected) and hours booked per public space, the last 30 days.
  spaces: {
    link: { path: '/property/public-space' },
    sql: `select s.id::text as "spaceId", s.space_name as "space", count(r.id)::int as "count",
             coalesce(round((sum(extract(epoch from r.end_at - r.start_at)) / 3600)::numeric, 1), 0)::float8 as "hours"
        from property_public_space s
        left join property_space_reservation r on r.tenant_id = $1 and r.space_id = s.id and r.is_deleted = 0
             and ${holdsSlot('r')}
             and r.reserve_date between current_date - 29 and current_date
       where s.tenant_id = $1 and s.is_deleted = 0
       group by s.id, s.space_name order by "count" desc, s.space_name`,
  },
};

export const DASHBOARD_CHARTS = Object.keys(CHARTS);

export function registerDashboard(app: FastifyInstance, platform: Platform) {
  app.get<{ Params: { chart: string } }>(`${BASE}/:chart`, { config: { title: '控制台图表' } }, async (req) => {
    const chart = Object.hasOwn(CHARTS, req.params.chart) ? CHARTS[req.params.chart] : undefined;
    if (!chart) {
      throw badRequest({
        zh: `没有这个图表，可选：${DASHBOARD_CHARTS.join('、')}`,
        en: `No such chart; one of: ${DASHBOARD_CHARTS.join(', ')}`,
      });
    }
    const { tenantId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) => q.query(chart.sql, [tenantId]));
    return ok({ rows, link: chart.link });
  });
}
