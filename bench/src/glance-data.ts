import type pg from 'pg';
import { SEED } from '../../server/src/seed/platform.ts';
import { benchPasswordHash } from './canteen-rush.ts';

/**
 * The park group's data for the glance bench (issue 33, BENCH_ONLY=glance), all of it in one tenant of its own
 * (GLANCE.tenant, made through the API by glance.ts) and made by bulk SQL (generate_series), once, then reused:
 * 10,000 enterprises (500 of them moved out) with ten years of economic rows (100,000), 500,000 staff, 100,000
 * intellectual property rows, 50,000 certificates, qualifications, projects, products; and over a million property,
 * canteen and repair rows: 20,000 offices and rooms, 26,000 contracts with their 400,000 rent periods, 200,000 repairs,
 * 400,000 meal orders, 51,100 public-space bookings, 100,000 production reports. Every figure is spread by the row's
 * number (no randomness), so two runs make the same rows relative to the day they run on.
 */
export const GLANCE = {
  tenant: '880000',
  tenantName: '园区集团（压测）',
  /** Fixed ids far below the snowflake ids the server makes, apart from the other benches' (1e12 to 4e12). */
  base: 5_000_000_000_000,
  password: 'glance-bench',
  enterprises: 10_000,
  /** Park staff who take repairs, and company accounts (of the enterprises GLANCE.base + k × 997). */
  parkStaff: 50,
  companies: 10,
  /** Raised when the rows below change, so that an older set is made again. */
  version: 2,
  /** A set older than this is made again: "this month" and "today" figures follow the day it was made on. */
  maxAgeDays: 7,
} as const;

const T = `'${GLANCE.tenant}'`;
const B = `${GLANCE.base}::bigint`;
/** The economic rows' last year: the year before this one (ten years, Y-10 to Y-1). */
const Y = `(extract(year from current_date)::int)`;
/** An enterprise id in the park for a number n (the moved-out ones, every 20th, step over to the next). */
const inPark = (n: string) => `(${B} + case when (${n}) % 20 = 0 then (${n}) + 1 else (${n}) end)`;

/** The company role of the tenant and the park's staff; the company accounts. */
export const ROLE_COMPANY = GLANCE.base + 2;
export const companyAccount = (k: number) => `glance_company_${String(k).padStart(2, '0')}`;
export const companyEnterprise = (k: number) => String(GLANCE.base + k * 997);

/** The tables the generator fills (all of them the tenant's alone), in the order they are removed. */
const TABLES = [
  'property_lease_contract_cost',
  'property_contract_unit',
  'property_room_contract',
  'property_office',
  'property_room',
  'property_storey',
  'property_repair',
  'property_space_reservation',
  'property_public_space',
  'dhm_order_meal',
  'dhm_meal',
  'dhm_category_meal',
  'prod_report',
  'prod_danger_chemical',
  'finance_facility_lease',
  'crm_economic',
  'crm_staff',
  'crm_intellectual_property',
  'crm_certificate',
  'crm_qualification',
  'crm_project',
  'crm_production',
  'crm_standard',
  'crm_rd_platform',
  'crm_business_info',
  'crm_enterprise',
  'basic_industry',
];

/** The figures the tables' triggers keep (migration 0171), rewritten by the generator's inserts. */
const TALLIES = [
  'decision_park_tally',
  'decision_enterprise_tally',
  'desk_repair_tally',
  'desk_report_tally',
  'desk_rent_tally',
];

const INDUSTRIES = [
  '计算机、通信和其他电子设备制造业',
  '医药制造业',
  '通用设备制造业',
  '专用设备制造业',
  '汽车制造业',
  '电气机械和器材制造业',
  '化学原料和化学制品制造业',
  '仪器仪表制造业',
  '软件和信息技术服务业',
  '互联网和相关服务',
  '科学研究和技术服务业',
  '商务服务业',
  '金融业',
  '批发和零售业',
  '文化、体育和娱乐业',
  '电力、热力、燃气及水生产和供应业',
  '新材料',
  '新能源',
  '生物技术',
  '物流和仓储业',
];

/** The statements that make the rows, in order (run in one transaction). `$1`: the tenant's administrator's id. */
function statements(): { label: string; sql: string }[] {
  const industries = INDUSTRIES.map((n) => `'${n}'`).join(',');
  return [
    {
      label: 'industries',
      sql: `insert into basic_industry (id, tenant_id, parent_id, ancestors, industry_name, industry_code, sort)
        select ${B} + g, ${T}, 0, '0', (array[${industries}])[g], 'G' || lpad(g::text, 2, '0'), g
          from generate_series(1, ${INDUSTRIES.length}) g`,
    },
    {
      label: 'enterprises',
      sql: `insert into crm_enterprise (id, tenant_id, enterprise_name, credit_code, industry, registered_capital,
              office_number, agent_name, agent_phone, entry_date, due_date, status, create_time, update_time)
        select ${B} + g, ${T}, '集团企业' || lpad(g::text, 5, '0'), '91320000' || lpad(g::text, 10, '0'),
               case when g % 23 = 0 then null else ${B} + 1 + (g * 7) % ${INDUSTRIES.length} end,
               case when g % 31 = 0 then null else ((g * 7919) % 100000) * 1000.00 + 100000 end,
               'A-' || g, '联系人' || g, '1390000' || lpad((g % 10000)::text, 4, '0'),
               current_date - (g * 37) % 5000, current_date + 365 + g % 1000,
               case when g % 20 = 0 then 0 else 1 end,
               localtimestamp(0) - make_interval(days => (g * 37) % 5000),
               case when g % 20 = 0 then localtimestamp(0) - make_interval(days => (g * 13) % 90)
                    else localtimestamp(0) - make_interval(days => (g * 37) % 5000) end
          from generate_series(1, ${GLANCE.enterprises}) g`,
    },
    {
      label: 'business registrations',
      sql: `insert into crm_business_info (id, tenant_id, enterprise_id, legal_person, establish_date, enterprise_type,
              registered_address)
        select ${B} + g, ${T}, ${B} + g, '法人' || g, current_date - (g * 37) % 5000 - 365, '有限责任公司',
               '园区大道' || g || '号'
          from generate_series(1, ${GLANCE.enterprises}) g`,
    },
    {
      // Ten years per enterprise, growing about 8% a year from a size of its own.
      label: 'economic rows',
      sql: `insert into crm_economic (id, tenant_id, enterprise_id, data_year, output_value, revenue, tax_amount,
              rd_investment, employee_count)
        select ${B} + g, ${T}, ${B} + e, ${Y} - 10 + k,
               round(size * 1.3 * (1 + 0.08 * k), 2), round(size * (1 + 0.08 * k), 2),
               round(size * 0.06 * (1 + 0.08 * k), 2),
               case when g % 13 = 0 then null else round(size * 0.05 * (1 + 0.1 * k), 2) end,
               10 + (e * 31) % 490 + k * 3
          from generate_series(1, ${GLANCE.enterprises * 10}) g,
               lateral (select (g - 1) / 10 + 1 as e, (g - 1) % 10 as k) x,
               lateral (select (1 + (x.e * 7919) % 1000) * 10000.0 as size) s`,
    },
    {
      // 50 per enterprise; one in eight has left, a few are dated after today (joining, or leaving, later).
      label: 'staff',
      sql: `insert into crm_staff (id, tenant_id, enterprise_id, staff_name, birth_date, qualification, identity_type,
              phone, join_date, dimission_date)
        select ${B} + g, ${T}, ${B} + (g - 1) / 50 + 1, '员工' || g, date '1970-01-01' + (g * 7) % 12000,
               case when g % 17 = 0 then null else (array['博士','硕士','本科','本科','大专','高中'])[1 + g % 6] end,
               1 + (g * 7) % 4, '1380000' || lpad((g % 10000)::text, 4, '0'),
               case when g % 997 = 0 then current_date + 10 else current_date - (g * 11) % 4000 end,
               case when g % 800 = 0 then current_date + 20
                    when g % 8 = 0 then least(current_date - (g * 11) % 4000 + 30 + (g * 5) % 3000, current_date - g % 30)
               end
          from generate_series(1, ${GLANCE.enterprises * 50}) g`,
    },
    {
      label: 'intellectual property',
      sql: `insert into crm_intellectual_property (id, tenant_id, enterprise_id, patent_no, patent_name, patent_type,
              grant_pub_date, owner, status)
        select ${B} + g, ${T}, ${B} + (g - 1) / 10 + 1, 'ZL' || lpad(g::text, 9, '0'), '专利' || g, 1 + (g * 3) % 4,
               case when g % 29 = 0 then null else current_date - (g * 13) % 4380 end, '集团企业',
               case when g % 11 = 0 then 0 else 1 end
          from generate_series(1, ${GLANCE.enterprises * 10}) g`,
    },
    {
      label: 'certificates',
      sql: `insert into crm_certificate (id, tenant_id, enterprise_id, certificate_no, certificate_name, certificate_type,
              certificate_authority, acquisition_date)
        select ${B} + g, ${T}, ${B} + (g - 1) / 5 + 1, 'ZS' || g, '证书' || g, 1 + (g * 7) % 4, '认证机构',
               case when g % 31 = 0 then null else current_date - (g * 17) % 3650 end
          from generate_series(1, ${GLANCE.enterprises * 5}) g`,
    },
    {
      label: 'qualifications',
      sql: `insert into crm_qualification (id, tenant_id, enterprise_id, qualification_no, qualification_name,
              qualification_type, acquisition_date)
        select ${B} + g, ${T}, ${B} + (g - 1) / 3 + 1, 'ZZ' || g, '资质' || g, 1 + g % 5, current_date - (g * 19) % 3000
          from generate_series(1, ${GLANCE.enterprises * 3}) g`,
    },
    {
      label: 'projects',
      sql: `insert into crm_project (id, tenant_id, enterprise_id, project_no, project_name, due_time, amount,
              contract_status)
        select ${B} + g, ${T}, ${B} + (g - 1) / 2 + 1, 'XM' || g, '项目' || g, current_date + (g * 3) % 900 - 300,
               (1 + g % 50) * 10000, g % 4
          from generate_series(1, ${GLANCE.enterprises * 2}) g`,
    },
    {
      // Two products a year over the last three years.
      label: 'production',
      sql: `insert into crm_production (id, tenant_id, enterprise_id, product_name, production_year, capacity, output,
              output_value)
        select ${B} + g, ${T}, ${B} + (g - 1) / 6 + 1, '产品' || (1 + (g - 1) % 2), ${Y} - 3 + ((g - 1) % 6) / 2,
               1000 + g % 5000, 800 + g % 4000,
               case when g % 37 = 0 then null else (1 + (g * 7919) % 1000) * 5000.00 end
          from generate_series(1, ${GLANCE.enterprises * 6}) g`,
    },
    {
      label: 'standards',
      sql: `insert into crm_standard (id, tenant_id, enterprise_id, standard_no, standard_name, standard_level,
              publish_date)
        select ${B} + g, ${T}, ${B} + g, 'BZ' || g, '标准' || g, '团体标准', current_date - (g * 7) % 2000
          from generate_series(1, ${GLANCE.enterprises}) g`,
    },
    {
      label: 'R&D platforms',
      sql: `insert into crm_rd_platform (id, tenant_id, enterprise_id, platform_name, platform_level, approval_date)
        select ${B} + g, ${T}, ${B} + 2 * g - 1, '研发平台' || g, '省级', current_date - (g * 7) % 2000
          from generate_series(1, ${GLANCE.enterprises / 2}) g`,
    },
    {
      // 20 buildings of 20 floors each.
      label: 'buildings and floors',
      sql: `insert into property_storey (id, tenant_id, parent_id, ancestors, storey_name, storey_type, build_area, sort)
        select ${B} + b, ${T}, 0, '0', b || '号楼', 1, 40000, b from generate_series(1, 20) b
        union all
        select ${B} + 100 + g, ${T}, ${B} + (g - 1) / 20 + 1, '0,' || (${B} + (g - 1) / 20 + 1), (1 + (g - 1) % 20) || '层',
               2, 2000, 1 + (g - 1) % 20
          from generate_series(1, 400) g`,
    },
    {
      // 25 offices and 25 rooms per floor.
      label: 'offices and rooms',
      sql: `with o as (
          insert into property_office (id, tenant_id, office_name, storey_id, build_area, usable_area)
          select ${B} + g, ${T}, 'O' || lpad(g::text, 5, '0'), ${B} + 100 + (g - 1) / 25 + 1, 60 + (g * 7) % 240,
                 50 + (g * 7) % 200
            from generate_series(1, 10000) g returning 1)
        insert into property_room (id, tenant_id, room_name, storey_id, build_area, room_use)
        select ${B} + g, ${T}, 'R' || lpad(g::text, 5, '0'), ${B} + 100 + (g - 1) / 25 + 1, 40 + (g * 11) % 160, '办公'
          from generate_series(1, 10000) g`,
    },
    {
      // Unit u (1-10,000 the offices, 10,001-20,000 the rooms): four in five under a five-year contract running
      // today; every second one had a two-year contract before it (one in four of those terminated early).
      label: 'contracts',
      sql: `create temporary table glance_contract on commit drop as
        with units as (
          select u, case when u <= 10000 then 1 else 2 end as unit_type,
                 ${B} + case when u <= 10000 then u else u - 10000 end as unit_id,
                 coalesce(o.build_area, r.build_area) as area, current_date - (400 + (u * 13) % 900) as starts
            from generate_series(1, 20000) u
            left join property_office o on u <= 10000 and o.id = ${B} + u
            left join property_room r on u > 10000 and r.id = ${B} + u - 10000)
        select ${B} + u as id, u, unit_type, unit_id, area, ${inPark('1 + (u * 7919) % 9999')} as enterprise_id,
               starts as start_date, starts + 1824 as end_date, 0 as lease_status, 20 as periods
          from units where u % 5 <> 0
        union all
        select ${B} + 100000 + u, u, unit_type, unit_id, area, ${inPark('1 + (u * 104729) % 9999')},
               starts - 730, starts - 1, case when u % 8 = 0 then 1 else 0 end, 8
          from units where u % 2 = 0;
        insert into property_room_contract (id, tenant_id, contract_no, contract_type, enterprise_id, office_ids,
              room_ids, unit_names, lease_area, start_date, end_date, unit_price, fee_price, monthly_rent, monthly_fee,
              pay_cycle, deposit, sign_date, contract_registration_status, lease_status)
        select c.id, ${T}, 'HT' || (c.id - ${B}), c.unit_type, c.enterprise_id,
               case when c.unit_type = 1 then c.unit_id::text end, case when c.unit_type = 2 then c.unit_id::text end,
               case when c.unit_type = 1 then 'O' else 'R' end || lpad((c.unit_id - ${B})::text, 5, '0'), c.area,
               c.start_date, c.end_date, p.price, 5, round(c.area * p.price, 2), round(c.area * 5, 2), 3,
               round(c.area * p.price * 2, 2), c.start_date - 10, 1, c.lease_status
          from glance_contract c, lateral (select 50 + (c.u * 7) % 70 as price) p;
        insert into property_contract_unit (id, tenant_id, contract_id, unit_type, unit_id, start_date, end_date)
        select c.id, ${T}, c.id, c.unit_type, c.unit_id, c.start_date, c.end_date
          from glance_contract c where c.lease_status = 0;
        insert into property_lease_contract_cost (id, tenant_id, contract_id, enterprise_id, period_no, period_start,
              period_end, due_date, rent_amount, fee_amount, amount_due, pay_status, paid_amount, paid_date)
        select ${B} + (c.id - ${B}) * 100 + k, ${T}, c.id, c.enterprise_id, k + 1, s.period_start,
               (s.period_start + interval '3 months')::date - 1, s.period_start,
               k3.rent, k3.fee, k3.rent + k3.fee,
               paid.yes, case when paid.yes = 1 and c.u % 7 <> 0 then k3.rent + k3.fee end,
               case when paid.yes = 1 then s.period_start + 5 end
          from glance_contract c
          join property_room_contract rc on rc.id = c.id
          cross join generate_series(0, c.periods - 1) k,
          lateral (select (c.start_date + make_interval(months => 3 * k))::date as period_start) s,
          lateral (select rc.monthly_rent * 3 as rent, rc.monthly_fee * 3 as fee) k3,
          lateral (select case when s.period_start < current_date - 20 and (c.u * (k + 1)) % 33 <> 0 then 1 else 0 end
                     as yes) paid`,
    },
    {
      // One every five minutes over the last 694 days; the last week's still open in part.
      label: 'repairs',
      sql: `insert into property_repair (id, tenant_id, repair_no, fault_type, location, office_id, room_id, enterprise_id,
              description, contact_phone, repair_status, assignee, assign_time, start_time, finish_time, result, rating,
              rate_time, create_user, create_time, update_time)
        select ${B} + g, ${T}, 'BXG' || lpad(g::text, 7, '0'), 1 + (g * 7) % 6, (1 + g % 20) || '号楼', null, null,
               case when g % 10 <> 0 then ${inPark('1 + (g * 31) % 9999')} end,
               '报修' || g, '13900000000', st.s,
               case when st.s in (1, 2, 3, 4) then
                 case when g % 50 = 0 then $1::bigint else ${B} + 1000 + 1 + g % ${GLANCE.parkStaff} end end,
               case when st.s in (1, 2, 3, 4) then at + interval '1 hour' end,
               case when st.s in (2, 3, 4) then at + interval '2 hours' end,
               case when st.s in (3, 4) then at + make_interval(hours => 3 + g % 72) end,
               case when st.s in (3, 4) then '已修复' end,
               case when st.s = 4 then 1 + g % 5 end,
               case when st.s = 4 then at + make_interval(hours => 80) end,
               ${B} + 2000 + 1 + g % ${GLANCE.companies}, at, at
          from generate_series(1, 200000) g,
               lateral (select localtimestamp(0) - make_interval(mins => g * 5) as at) t,
               lateral (select case when g < 2016 then g % 4
                                    when g % 33 = 0 then 5 when g % 3 = 0 then 3 else 4 end as s) st`,
    },
    {
      // Three meal times of two set meals each; 1,000 orders a day from tomorrow back over 400 days.
      label: 'canteen',
      sql: `insert into dhm_category_meal (id, tenant_id, category_name, start_time, end_time, sort)
        values (${B} + 1, ${T}, '早餐', '07:00', '09:00', 1), (${B} + 2, ${T}, '午餐', '11:00', '13:00', 2),
               (${B} + 3, ${T}, '晚餐', '17:00', '19:00', 3);
        insert into dhm_meal (id, tenant_id, meal_name, category_meal_id, dishes_ids, price, serve_days, status)
        select ${B} + k, ${T}, '套餐' || k, ${B} + 1 + (k - 1) / 2, '0', 10 + k, '1,2,3,4,5,6,7', 1
          from generate_series(1, 6) k;
        insert into dhm_order_meal (id, tenant_id, order_no, meal_id, category_meal_id, meal_date, user_id,
              enterprise_id, price, order_meal_status, verification_time, create_time, update_time)
        select ${B} + g, ${T}, 'DCG' || lpad(g::text, 8, '0'), ${B} + 1 + m, ${B} + 1 + m / 2, d.day,
               ${B} + 10000 + 1 + (g - 1) % 1000,
               case when g % 2 = 0 then ${inPark('1 + ((g - 1) % 1000) * 7')} end, 10 + 1 + m,
               s.status, case when s.status = 1 then d.day + time '12:00' end,
               d.day - interval '1 day', d.day - interval '1 day'
          from generate_series(1, 400000) g,
               lateral (select g % 6 as m, current_date + 1 - (g - 1) / 1000 as day) d,
               lateral (select case when g % 20 = 0 then 2 when d.day >= current_date or g % 7 = 0 then 0 else 1 end
                          as status) s`,
    },
    {
      // 20 spaces, seven one-hour slots a day each, from a week ahead back over a year.
      label: 'public spaces',
      sql: `insert into property_public_space (id, tenant_id, space_name, space_type, location, capacity)
        select ${B} + s, ${T}, '会议室' || s, 1 + s % 3, (1 + s % 20) || '号楼', 10 + s
          from generate_series(1, 20) s;
        insert into property_space_reservation (id, tenant_id, space_id, reserve_date, start_at, end_at, subject,
              user_id, enterprise_id, reserve_status)
        select ${B} + g, ${T}, ${B} + 1 + i % 20, d.day, d.day + time '08:00' + make_interval(mins => 90 * ((i / 20) % 7)),
               d.day + time '09:00' + make_interval(mins => 90 * ((i / 20) % 7)), '会议' || g,
               ${B} + 10000 + 1 + g % 1000, case when g % 3 = 0 then ${inPark('1 + (g * 13) % 9999')} end,
               case when g % 19 = 0 then 2 else 1 end
          from generate_series(1, 51100) g, lateral (select g - 1 as i) x,
               lateral (select current_date + 7 - (x.i / 140) as day) d`,
    },
    {
      // Ten monthly reports per enterprise: most on time, one in ten late, one in ten not handed in.
      label: 'production reports',
      sql: `insert into prod_report (id, tenant_id, enterprise_id, title, report_type, report_cycle, period_start,
              period_end, due_date, submit_date)
        select ${B} + g, ${T}, ${B} + e, '月报' || g, 1, 4, r.due - 45, r.due - 15, r.due,
               case when r.due >= current_date then case when g % 3 = 0 then r.due - 2 end
                    when g % 10 = 0 then null when g % 10 = 1 then r.due + 3 else r.due - 2 end
          from generate_series(1, ${GLANCE.enterprises * 10}) g,
               lateral (select (g - 1) / 10 + 1 as e, (g - 1) % 10 as k) x,
               lateral (select (date_trunc('month', current_date) - make_interval(months => x.k - 1))::date + 9 as due) r`,
    },
    {
      label: 'chemicals and facility leases',
      sql: `insert into prod_danger_chemical (id, tenant_id, enterprise_id, chemical_name, quantity, unit, max_quantity,
              storage_place, responsible_person)
        select ${B} + g, ${T}, ${B} + 2 * g - 1, '化学品' || g, case when g % 20 = 0 then 120 else 50 end, 1, 100,
               '仓库' || g % 10, '负责人' || g
          from generate_series(1, ${GLANCE.enterprises / 2}) g;
        insert into finance_facility_lease (id, tenant_id, lease_no, enterprise_id, facility_name, facility_type,
              quantity, start_date, end_date, monthly_rent, lease_status)
        select ${B} + g, ${T}, 'SB' || g, ${B} + 5 * g - 4, '设备' || g, 1, 1, current_date - 100, current_date + 265,
               1000 + g % 5000, case when g % 10 = 0 then 1 else 0 end
          from generate_series(1, ${GLANCE.enterprises / 5}) g`,
    },
  ];
}

/** The tenant's people: its administrator's password, the park staff, the company role and accounts. */
async function ensurePeople(db: pg.Client) {
  const hash = benchPasswordHash(GLANCE.password);
  await db.query(
    `update blade_user set password = $2, initial_password = 0 where tenant_id = $1 and account = 'admin'
        and is_deleted = 0`,
    [GLANCE.tenant, hash],
  );
  await db.query(
    `insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort)
     values ($1, $2, 0, '企业', 'company', 3) on conflict (id) do nothing`,
    [ROLE_COMPANY, GLANCE.tenant],
  );
  // The demo company role's menus, and 企业概览, which a company account opens for its own enterprise.
  await db.query(
    // Ids after the role's own last one (its grants hold ids from $1 + 100 on).
    `insert into blade_role_menu (id, menu_id, role_id)
     select (select coalesce(max(id), $1::bigint + 100) from blade_role_menu where role_id = $1::bigint)
              + row_number() over (order by menu_id), menu_id, $1::bigint
       from (select menu_id from blade_role_menu where role_id = $2::bigint
             union select id from blade_menu where path = '/decision/overview' and is_deleted = 0) m
      where not exists (select 1 from blade_role_menu g where g.role_id = $1::bigint and g.menu_id = m.menu_id)`,
    [ROLE_COMPANY, SEED.companyRole],
  );
  await db.query(
    `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, status)
     select $1::bigint + 1000 + g, $2, 'pk' || g, 1, 'glance_staff_' || lpad(g::text, 2, '0'), $3, 'pk' || g,
            '物业' || g, 1
       from generate_series(1, $4::int) g
     on conflict (id) do nothing`,
    [GLANCE.base, GLANCE.tenant, hash, GLANCE.parkStaff],
  );
  await db.query(
    `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, role_id,
            enterprise_id, status)
     select $1::bigint + 2000 + g, $2, 'co' || g, 2, 'glance_company_' || lpad(g::text, 2, '0'), $3, 'co' || g,
            '企业联系人' || g, $4::text, $1::bigint + g * 997, 1
       from generate_series(1, $5::int) g
     on conflict (id) do nothing`,
    [GLANCE.base, GLANCE.tenant, hash, String(ROLE_COMPANY), GLANCE.companies],
  );
}

function log(message: string) {
  console.log(`[bench:glance] ${message}`);
}

const MARKER = 'glance.generated';

/**
 * Makes the rows unless the set made last time is there, of this version and recent enough; otherwise removes the
 * tenant's rows of those tables and makes them again, in one transaction. Then `vacuum analyze`, as autovacuum
 * leaves settled tables (statistics, and the visibility map that index-only scans read).
 */
export async function ensureGlanceRows(db: pg.Client): Promise<void> {
  await ensurePeople(db);
  const { rows } = await db.query<{ v: string; age: number }>(
    `select param_value as v, current_date - create_time::date as age from blade_param
      where tenant_id = $1 and param_key = $2 and is_deleted = 0`,
    [GLANCE.tenant, MARKER],
  );
  const marker = rows[0];
  if (marker && marker.v === String(GLANCE.version) && marker.age <= GLANCE.maxAgeDays) {
    log(`reusing the park group's rows made ${marker.age} day(s) ago`);
    // The kept figures may have been made again since (a migration's backfill): settled as autovacuum leaves them.
    for (const table of TALLIES) await db.query(`vacuum analyze ${table}`);
    return;
  }
  const [admin] = (
    await db.query<{ id: string }>(
      `select id::text from blade_user where tenant_id = $1 and account = 'admin' and is_deleted = 0`,
      [GLANCE.tenant],
    )
  ).rows;
  log('making the park group: 10,000 enterprises, 100,000 economic rows, 500,000 staff, 1.2 million park rows');
  const started = performance.now();
  await db.query('begin');
  try {
    await db.query(`delete from blade_param where tenant_id = $1 and param_key = $2`, [GLANCE.tenant, MARKER]);
    for (const table of TABLES) await db.query(`delete from ${table} where tenant_id = $1`, [GLANCE.tenant]);
    for (const { label, sql } of statements()) {
      const t0 = performance.now();
      if (sql.includes('$1')) await db.query(sql, [admin.id]);
      else await db.query(sql);
      log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    await db.query(
      `insert into blade_param (id, tenant_id, param_name, param_key, param_value) values ($1, $2, $3, $4, $5)`,
      [GLANCE.base + 1, GLANCE.tenant, '压测数据版本', MARKER, String(GLANCE.version)],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  const t0 = performance.now();
  for (const table of [...TABLES, ...TALLIES]) await db.query(`vacuum analyze ${table}`);
  log(
    `made in ${((t0 - started) / 1000).toFixed(1)} s, vacuumed and analysed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
