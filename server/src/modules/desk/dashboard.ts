import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';

/**
 * 控制台 (/wel/dashboard): the park operator's charts, one GET each (our extension of blade-desk:
 * `/api/blade-desk/dashboard/<chart>`). Each answer is one SQL aggregate over the module's live rows on
 * its (tenant, …) index, computed on every call (nothing kept, so always fresh), with the list it links
 * to. Company accounts never reach it (company-fence: these are the park's figures).
 */
const BASE = '/api/blade-desk/dashboard';

/** A chart's list: its menu path and the search that filters it. */
type Link = { path: string; query?: Record<string, string> };
type Chart = { link: Link; sql: string };

/** The paid share of a period: what was paid, the amount due when paid without a figure. */
const PAID = 'coalesce(c.paid_amount, c.amount_due)';

const CHARTS: Record<string, Chart> = {
  // Offices and rooms per floor, rented while a live contract covers today (property_contract_unit holds only live ones).
  occupancy: {
    link: { path: '/property/room' },
    sql: `with units as (
        select storey_id, 2 as unit_type, id from property_room where tenant_id = $1 and is_deleted = 0
        union all
        select storey_id, 1, id from property_office where tenant_id = $1 and is_deleted = 0)
      select f.id::text as "floorId", f.storey_name as "floor",
             coalesce(b.storey_name, f.storey_name) as "building",
             count(*)::int as "total",
             count(*) filter (where exists (
               select 1 from property_contract_unit c
                where c.tenant_id = $1 and c.unit_type = u.unit_type and c.unit_id = u.id
                  and current_date between c.start_date and c.end_date))::int as "rented"
        from units u
        join property_storey f on f.id = u.storey_id and f.tenant_id = $1 and f.is_deleted = 0
        left join property_storey b on f.parent_id <> 0 and b.tenant_id = $1
             and b.id = split_part(f.ancestors, ',', 2)::bigint
       group by f.id, f.storey_name, b.storey_name, b.sort, f.sort
       order by b.sort nulls first, "building", f.sort, f.id`,
  },
  // Rent and fees falling due per month over the last 12, against what of them is paid.
  rent: {
    link: { path: '/property/lease-contract-cost', query: { payStatus: '0' } },
    sql: `select to_char(m, 'YYYY-MM') as "month",
             coalesce(sum(c.amount_due), 0)::float8 as "due",
             coalesce(sum(${PAID}) filter (where c.pay_status = 1), 0)::float8 as "collected"
        from generate_series(date_trunc('month', current_date) - interval '11 months',
                             date_trunc('month', current_date), interval '1 month') m
        left join property_lease_contract_cost c on c.tenant_id = $1 and c.is_deleted = 0
             and c.due_date >= m and c.due_date < m + interval '1 month'
       group by m order by m`,
  },
  // Repairs per state and per fault type; a type's time to close runs from the report to its finish.
  repairs: {
    link: { path: '/property/repair', query: { repairStatus: '0' } },
    sql: `select grouping(repair_status)::int as "byType", repair_status as "status", fault_type as "faultType",
             count(*)::int as "count",
             round((avg(extract(epoch from finish_time - create_time)) / 3600)::numeric, 1)::float8 as "closeHours"
        from property_repair
       where tenant_id = $1 and is_deleted = 0
       group by grouping sets ((repair_status), (fault_type))
       order by 1, 2, 3`,
  },
  // Meals booked (live or written off) per day, the last 30 days.
  meals: {
    link: { path: '/dhm/dhm/order-meal' },
    sql: `select to_char(d, 'YYYY-MM-DD') as "day", count(o.id)::int as "count"
        from generate_series(current_date - 29, current_date, interval '1 day') d
        left join dhm_order_meal o on o.tenant_id = $1 and o.is_deleted = 0 and o.order_meal_status <> 2
             and o.meal_date = d::date
       group by d order by d`,
  },
  // Production reports falling due per month over the last 12: handed in on time, late, overdue, not yet due.
  reports: {
    link: { path: '/prod/report', query: { overdue: '1' } },
    sql: `select to_char(m, 'YYYY-MM') as "month",
             count(r.id) filter (where r.submit_date <= r.due_date)::int as "onTime",
             count(r.id) filter (where r.submit_date > r.due_date)::int as "late",
             count(r.id) filter (where r.submit_date is null and r.due_date < current_date)::int as "overdue",
             count(r.id) filter (where r.submit_date is null and r.due_date >= current_date)::int as "pending"
        from generate_series(date_trunc('month', current_date) - interval '11 months',
                             date_trunc('month', current_date), interval '1 month') m
        left join prod_report r on r.tenant_id = $1 and r.is_deleted = 0
             and r.due_date >= m and r.due_date < m + interval '1 month'
       group by m order by m`,
  },
  // Bookings (not cancelled) and hours booked per public space, the last 30 days.
  spaces: {
    link: { path: '/property/public-space' },
    sql: `select s.id::text as "spaceId", s.space_name as "space", count(r.id)::int as "count",
             coalesce(round((sum(extract(epoch from r.end_at - r.start_at)) / 3600)::numeric, 1), 0)::float8 as "hours"
        from property_public_space s
        left join property_space_reservation r on r.tenant_id = $1 and r.space_id = s.id and r.is_deleted = 0
             and r.reserve_status = 1 and r.reserve_date between current_date - 29 and current_date
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
