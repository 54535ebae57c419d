import { REPAIR_STATUS, SHEET_STATUS } from '@park/catalog';
import type { Database, Queryable } from '../../platform/db.ts';
import { IN_PARK } from '../crm/enterprise.ts';
import { CLOSE_HOURS, MEALS_BY_DAY, RENT_BY_MONTH, REPORTS_BY_MONTH } from '../desk/dashboard.ts';
import {
  IN_MONTH,
  LEASED_PERCENT,
  LEASED_UNITS,
  MOVED_IN,
  MOVED_OUT,
  OPEN_REPAIR,
  OVER_LIMIT,
  OWED,
} from '../desk/home.ts';

/**
 * The monthly park operations report's figures: one month of the tenant's live rows, each figure an SQL aggregate.
 * Where the home page (desk/home.ts) or 控制台 (desk/dashboard.ts) computes the same figure for this month, the rule
 * is theirs, given this month instead. Flows (moved in, repairs opened, rent due, meals) count the month; stocks
 * (occupancy, repairs open, enterprises in the park) are taken at the month's last day, or today for the month under
 * way. What no history is kept of (a chemical's quantity, whether a rent period is paid, a report handed in) is read
 * as it is when the report is made; the report says so.
 */

/** $1 the tenant, $2 the month's first day. */
const MONTH = '$2::date';
const NEXT_MONTH = `(${MONTH} + interval '1 month')`;
const LAST_DAY = `(${MONTH} + interval '1 month' - interval '1 day')::date`;
/** Stocks are taken at the month's last day, or today while the month is under way. */
const AS_OF = `least(${LAST_DAY}, current_date)`;
/** At most this many rows of a list (moved-in enterprises, overdue reports, ...) go into the files. */
const LIST_LIMIT = 500;

/** A building's name for units and repairs on no live floor or building. */
export const NO_BUILDING = '未归属楼宇';

/** The building a storey (floor or building) belongs to: the storey itself when it is one, else its first ancestor. */
const BUILDING_OF = (s: string) =>
  `case when ${s}.parent_id = 0 then ${s}.id else nullif(split_part(${s}.ancestors, ',', 2), '')::bigint end`;

export interface BuildingOccupancy {
  building: string;
  units: number;
  leasedUnits: number;
  area: number;
  leasedArea: number;
  /** Leased share of the area, percent to one decimal. */
  rate: number;
}

export interface BuildingRepairs {
  building: string;
  opened: number;
  closed: number;
  openAtEnd: number;
}

export interface TypeRepairs {
  faultType: number;
  opened: number;
  closed: number;
  closeHours: number | null;
}

export interface MonthlyFigures {
  period: string;
  /** The month's first and last day, and the day its stocks are taken (yyyy-MM-dd). */
  from: string;
  to: string;
  asOf: string;
  /** When the figures were read (yyyy-MM-dd HH:mm:ss, the database's clock). */
  readAt: string;
  enterprises: {
    movedIn: number;
    movedOut: number;
    atMonthEnd: number;
    movedInList: { name: string; date: string | null }[];
    movedOutList: { name: string; date: string | null }[];
  };
  occupancy: {
    units: number;
    leasedUnits: number;
    area: number;
    leasedArea: number;
    rate: number;
    buildings: BuildingOccupancy[];
  };
  rent: { due: number; collected: number; overdue: number; periodsDue: number; periodsOverdue: number };
  repairs: {
    opened: number;
    closed: number;
    openAtEnd: number;
    closeHours: number | null;
    buildings: BuildingRepairs[];
    types: TypeRepairs[];
  };
  meals: { booked: number; days: { day: string; count: number }[] };
  reports: {
    due: number;
    onTime: number;
    late: number;
    overdue: number;
    pending: number;
    lateList: { enterprise: string; title: string; dueDate: string; submitDate: string | null }[];
  };
  chemicals: {
    overLimit: number;
    list: { enterprise: string; name: string; quantity: number; maxQuantity: number; place: string }[];
  };
  surveys: { answers: number; respondents: number; list: { title: string; answers: number }[] };
}

/** A number the driver may hand back as text (bigint, numeric). */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type R = Record<string, unknown>;

async function one(q: Queryable, sql: string, params: unknown[]): Promise<R> {
  const [row] = await q.query<R>(sql, params);
  return row ?? {};
}

/** The figures of `period` (yyyy-MM) for a tenant. */
export async function monthlyFigures(db: Database, tenantId: string, period: string): Promise<MonthlyFigures> {
  const params = [tenantId, `${period}-01`];
  // A month of a large park's rows: one transaction under the long statement timeout.
  return db.tx(tenantId, async (q) => {
    await db.longStatements(q);
    const dates = await one(
      q,
      `select to_char(${MONTH}, 'YYYY-MM-DD') as "from", to_char(${LAST_DAY}, 'YYYY-MM-DD') as "to",
              to_char(${AS_OF}, 'YYYY-MM-DD') as "asOf", to_char(localtimestamp(0), 'YYYY-MM-DD HH24:MI:SS') as "readAt"
         from (select $1::varchar) as p`,
      params,
    );

    // Enterprises: in and out as the home page counts this month; in the park at the month's end: entered by then,
    // and still in, or out only after it (their row last changed after the month).
    const ENTERPRISES = 'from crm_enterprise where tenant_id = $1 and is_deleted = 0';
    const enterprises = await one(
      q,
      `select (select count(*) ${ENTERPRISES} and ${MOVED_IN(MONTH)})::int as "movedIn",
              (select count(*) ${ENTERPRISES} and ${MOVED_OUT(MONTH)})::int as "movedOut",
              (select count(*) ${ENTERPRISES} and coalesce(entry_date, create_time::date) < ${NEXT_MONTH}
                  and (status = ${IN_PARK} or update_time >= ${NEXT_MONTH}))::int as "atMonthEnd"`,
      params,
    );
    const movedInList = await q.query<{ name: string; date: string | null }>(
      `select enterprise_name as "name", to_char(entry_date, 'YYYY-MM-DD') as "date" ${ENTERPRISES}
          and ${MOVED_IN(MONTH)} order by entry_date, enterprise_name, id limit ${LIST_LIMIT}`,
      params,
    );
    const movedOutList = await q.query<{ name: string; date: string | null }>(
      `select enterprise_name as "name", to_char(update_time, 'YYYY-MM-DD') as "date" ${ENTERPRISES}
          and ${MOVED_OUT(MONTH)} order by update_time, enterprise_name, id limit ${LIST_LIMIT}`,
      params,
    );

    // Occupancy at the day the stocks are taken: the home page's rule (building area a live contract covers), per
    // building and in all.
    const UNITS = `with units as (${LEASED_UNITS(AS_OF)})`;
    const occupancy = await one(
      q,
      `${UNITS} select count(*)::int as "units", (count(*) filter (where leased))::int as "leasedUnits",
              coalesce(sum(build_area), 0)::float8 as "area",
              coalesce(sum(build_area) filter (where leased), 0)::float8 as "leasedArea",
              (${LEASED_PERCENT})::float8 as "rate"
         from units`,
      params,
    );
    const buildings = await q.query<R>(
      `${UNITS}, placed as (
         select u.*, b.id as building_id, b.storey_name as building, b.sort as building_sort
           from units u
           left join property_storey s on s.id = u.storey_id and s.tenant_id = $1 and s.is_deleted = 0
           left join property_storey b on b.id = ${BUILDING_OF('s')} and b.tenant_id = $1 and b.is_deleted = 0)
       select building, count(*)::int as "units", (count(*) filter (where leased))::int as "leasedUnits",
              coalesce(sum(build_area), 0)::float8 as "area",
              coalesce(sum(build_area) filter (where leased), 0)::float8 as "leasedArea",
              (${LEASED_PERCENT})::float8 as "rate"
         from placed group by building_id, building, building_sort
        order by building_id is null, building_sort, building, building_id`,
      params,
    );

    // Rent: what fell due in the month and what of it is paid (控制台's rent chart for one month); overdue: what of
    // it is still owed past its due date.
    const rent = await one(q, `select * from (${RENT_BY_MONTH(MONTH, MONTH)}) r`, params);
    const owed = await one(
      q,
      `select coalesce(${OWED}, 0)::float8 as "overdue", count(*)::int as "periodsOverdue"
         from property_lease_contract_cost where tenant_id = $1 and is_deleted = 0 and pay_status = 0
          and due_date < current_date and ${IN_MONTH('due_date', MONTH)}`,
      params,
    );
    const periods = await one(
      q,
      `select count(*)::int as "periodsDue" from property_lease_contract_cost
        where tenant_id = $1 and is_deleted = 0 and ${IN_MONTH('due_date', MONTH)}`,
      params,
    );

    // Repairs: opened and closed in the month; open at its end: reported before it ended and then still waiting, taken
    // or worked on (open now, or finished or cancelled only after the month). Time to close as 控制台 counts it.
    const { finished, rated, cancelled } = REPAIR_STATUS;
    const REPAIRS = `with r as (
        select r.fault_type, r.create_time, r.finish_time, r.repair_status, r.update_time,
               r.create_time >= ${MONTH} as opened,
               r.repair_status in (${finished}, ${rated}) and ${IN_MONTH('r.finish_time', MONTH)} as closed,
               (r.${OPEN_REPAIR}
                 or (r.repair_status in (${finished}, ${rated}) and r.finish_time >= ${NEXT_MONTH})
                 or (r.repair_status = ${cancelled} and r.update_time >= ${NEXT_MONTH})) as open_at_end,
               coalesce(o.storey_id, m.storey_id) as storey_id
          from property_repair r
          left join property_office o on o.id = r.office_id and o.tenant_id = $1 and o.is_deleted = 0
          left join property_room m on m.id = r.room_id and m.tenant_id = $1 and m.is_deleted = 0
         where r.tenant_id = $1 and r.is_deleted = 0 and r.create_time < ${NEXT_MONTH})`;
    const repairs = await one(
      q,
      `${REPAIRS} select (count(*) filter (where opened))::int as "opened",
              (count(*) filter (where closed))::int as "closed",
              (count(*) filter (where open_at_end))::int as "openAtEnd",
              (select ${CLOSE_HOURS} from r where closed) as "closeHours"
         from r`,
      params,
    );
    const repairBuildings = await q.query<R>(
      `${REPAIRS} select b.storey_name as "building", (count(*) filter (where opened))::int as "opened",
              (count(*) filter (where closed))::int as "closed", (count(*) filter (where open_at_end))::int as "openAtEnd"
         from r
         left join property_storey s on s.id = r.storey_id and s.tenant_id = $1 and s.is_deleted = 0
         left join property_storey b on b.id = ${BUILDING_OF('s')} and b.tenant_id = $1 and b.is_deleted = 0
        where opened or closed or open_at_end
        group by b.id, b.storey_name, b.sort order by b.id is null, b.sort, b.storey_name, b.id`,
      params,
    );
    const repairTypes = await q.query<R>(
      `${REPAIRS} select fault_type as "faultType", (count(*) filter (where opened))::int as "opened",
              (count(*) filter (where closed))::int as "closed",
              (select ${CLOSE_HOURS} from r c where c.closed and c.fault_type = r.fault_type) as "closeHours"
         from r where opened or closed
        group by fault_type order by fault_type`,
      params,
    );

    // Meals booked for the month's days (控制台's meals chart over the month).
    const mealDays = await q.query<R>(MEALS_BY_DAY(MONTH, LAST_DAY), params);

    // Production reports falling due in the month (控制台's reports chart for one month), and those late or overdue.
    const reports = await one(q, `select * from (${REPORTS_BY_MONTH(MONTH, MONTH)}) r`, params);
    const lateList = await q.query<R>(
      `select e.enterprise_name as "enterprise", r.title, to_char(r.due_date, 'YYYY-MM-DD') as "dueDate",
              to_char(r.submit_date, 'YYYY-MM-DD') as "submitDate"
         from prod_report r
         left join crm_enterprise e on e.id = r.enterprise_id and e.tenant_id = $1
        where r.tenant_id = $1 and r.is_deleted = 0 and ${IN_MONTH('r.due_date', MONTH)}
          and (r.submit_date > r.due_date or (r.submit_date is null and r.due_date < current_date))
        order by r.due_date, e.enterprise_name, r.id limit ${LIST_LIMIT}`,
      params,
    );

    // Chemicals over their limit: as the home page counts them, now (no history of quantities is kept).
    const chemicals = await q.query<R>(
      `select e.enterprise_name as "enterprise", c.chemical_name as "name", c.quantity::float8 as "quantity",
              c.max_quantity::float8 as "maxQuantity", c.storage_place as "place"
         from prod_danger_chemical c
         left join crm_enterprise e on e.id = c.enterprise_id and e.tenant_id = $1
        where c.tenant_id = $1 and c.is_deleted = 0 and ${OVER_LIMIT}
        order by e.enterprise_name, c.chemical_name, c.id`,
      [tenantId],
    );

    // Survey answers handed in during the month, per survey.
    const SHEETS = `from qn_survey_data d where d.tenant_id = $1 and d.is_deleted = 0
        and d.status = ${SHEET_STATUS.submitted} and ${IN_MONTH('d.submit_time', MONTH)}`;
    const surveys = await one(
      q,
      `select count(*)::int as "answers", count(distinct d.respondent_id)::int as "respondents" ${SHEETS}`,
      params,
    );
    const surveyList = await q.query<R>(
      `select s.title, count(*)::int as "answers" ${SHEETS.replace('from qn_survey_data d', 'from qn_survey_data d join qn_survey s on s.id = d.survey_id and s.tenant_id = $1')}
        group by s.id, s.title order by count(*) desc, s.title`,
      params,
    );

    const days = mealDays.map((d) => ({ day: String(d.day), count: num(d.count) }));
    return {
      period,
      from: String(dates.from),
      to: String(dates.to),
      asOf: String(dates.asOf),
      readAt: String(dates.readAt),
      enterprises: {
        movedIn: num(enterprises.movedIn),
        movedOut: num(enterprises.movedOut),
        atMonthEnd: num(enterprises.atMonthEnd),
        movedInList,
        movedOutList,
      },
      occupancy: {
        units: num(occupancy.units),
        leasedUnits: num(occupancy.leasedUnits),
        area: num(occupancy.area),
        leasedArea: num(occupancy.leasedArea),
        rate: num(occupancy.rate),
        buildings: buildings.map((b) => ({
          building: b.building === null ? NO_BUILDING : String(b.building),
          units: num(b.units),
          leasedUnits: num(b.leasedUnits),
          area: num(b.area),
          leasedArea: num(b.leasedArea),
          rate: num(b.rate),
        })),
      },
      rent: {
        due: num(rent.due),
        collected: num(rent.collected),
        overdue: num(owed.overdue),
        periodsDue: num(periods.periodsDue),
        periodsOverdue: num(owed.periodsOverdue),
      },
      repairs: {
        opened: num(repairs.opened),
        closed: num(repairs.closed),
        openAtEnd: num(repairs.openAtEnd),
        closeHours: numOrNull(repairs.closeHours),
        buildings: repairBuildings.map((b) => ({
          building: b.building === null ? NO_BUILDING : String(b.building),
          opened: num(b.opened),
          closed: num(b.closed),
          openAtEnd: num(b.openAtEnd),
        })),
        types: repairTypes.map((t) => ({
          faultType: num(t.faultType),
          opened: num(t.opened),
          closed: num(t.closed),
          closeHours: numOrNull(t.closeHours),
        })),
      },
      meals: { booked: days.reduce((n, d) => n + d.count, 0), days },
      reports: {
        due: num(reports.onTime) + num(reports.late) + num(reports.overdue) + num(reports.pending),
        onTime: num(reports.onTime),
        late: num(reports.late),
        overdue: num(reports.overdue),
        pending: num(reports.pending),
        lateList: lateList.map((r) => ({
          enterprise: String(r.enterprise ?? ''),
          title: String(r.title),
          dueDate: String(r.dueDate),
          submitDate: r.submitDate === null ? null : String(r.submitDate),
        })),
      },
      chemicals: {
        overLimit: chemicals.length,
        list: chemicals.map((c) => ({
          enterprise: String(c.enterprise ?? ''),
          name: String(c.name),
          quantity: num(c.quantity),
          maxQuantity: num(c.maxQuantity),
          place: String(c.place),
        })),
      },
      surveys: {
        answers: num(surveys.answers),
        respondents: num(surveys.respondents),
        list: surveyList.map((s) => ({ title: String(s.title), answers: num(s.answers) })),
      },
    };
  });
}
