import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/platform/ids.ts';
import { insertRows } from '../src/seed/rows.ts';
import { createTenant, startServer, type TestServer } from './harness.ts';

/**
 * The figures the triggers of migration 0171 keep with the rows (issue 33, the glance at park-group scale): after
 * every kind of write (rows added, changed in what they count by, moved to another enterprise, removed or deleted,
 * several in one statement, an enterprise moving out of the park and back, a truncate), the kept figures equal
 * those made from the rows as they are. The figures the calls answer from them are the decision, dashboard and
 * home tests'.
 */
const TENANT = '660001';
const CRM = [
  'crm_staff',
  'crm_intellectual_property',
  'crm_certificate',
  'crm_qualification',
  'crm_project',
  'crm_economic',
];
let server: TestServer;

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  server.platform.db.tx(TENANT, (q) => q.query<T>(text, params));
const write = (table: string, rows: Record<string, unknown>[]) =>
  server.platform.db.tx(TENANT, (q) =>
    insertRows(
      q,
      table,
      rows.map((r) => ({ id: nextId(), tenant_id: TENANT, ...r })),
    ),
  );

/** Rows as comparable lines: the key's columns and the figures (numbers, so 1.50 and 1.5 agree), zeros left out. */
function lines(rows: Record<string, unknown>[], keys: string[], figures: string[]) {
  return rows
    .filter((r) => figures.some((f) => Number(r[f]) !== 0))
    .map((r) => [...keys.map((k) => String(r[k])), ...figures.map((f) => Number(r[f]))].join(' | '))
    .sort();
}

/** The CRM tallies kept, and the same made from the rows now with the migration's own definitions. */
async function crmTallies() {
  const made: Record<string, unknown>[] = [];
  for (const source of CRM) {
    const [{ text }] = await sql<{ text: string }>('select decision_tally_sql($1) as text', [source]);
    made.push(
      ...(await sql(
        `with d as (select 1 as sign, r.* from ${source} r where r.tenant_id = $1), c as (${text})
         select c.scope, c.metric, c.year, c.key, case when c.scope = 'park' then 0 else c.enterprise_id end as e,
                sum(c.n) as n, sum(c.amount) as amount
           from c
          where c.scope = 'enterprise' or exists (select 1 from crm_enterprise e where e.id = c.enterprise_id
                  and e.tenant_id = c.tenant_id and e.is_deleted = 0 and e.status = 1)
          group by 1, 2, 3, 4, 5`,
        [TENANT],
      )),
    );
  }
  const kept = [
    ...(await sql(
      `select 'park' as scope, metric, year, key, 0 as e, n, amount from decision_park_tally
                    where tenant_id = $1`,
      [TENANT],
    )),
    ...(await sql(
      `select 'enterprise' as scope, metric, year, key, enterprise_id as e, n, amount
                     from decision_enterprise_tally where tenant_id = $1`,
      [TENANT],
    )),
  ];
  const keys = ['scope', 'metric', 'year', 'key', 'e'];
  return { kept: lines(kept, keys, ['n', 'amount']), made: lines(made, keys, ['n', 'amount']) };
}

/** The desk tallies kept, and the same summed from the rows now. */
async function deskTallies() {
  const pairs = [
    {
      kept: 'select repair_status, fault_type, n, finished, close_seconds from desk_repair_tally where tenant_id = $1',
      made: `select repair_status, fault_type, count(*) as n, count(finish_time) as finished,
                    coalesce(sum(extract(epoch from finish_time - create_time)), 0) as close_seconds
               from property_repair where tenant_id = $1 and is_deleted = 0 group by 1, 2`,
      keys: ['repair_status', 'fault_type'],
      figures: ['n', 'finished', 'close_seconds'],
    },
    {
      kept: 'select due_date::text as due, handed_in, n from desk_report_tally where tenant_id = $1',
      made: `select due_date::text as due,
                    case when submit_date is null then 0 when submit_date <= due_date then 1 else 2 end as handed_in,
                    count(*) as n
               from prod_report where tenant_id = $1 and is_deleted = 0 group by 1, 2`,
      keys: ['due', 'handed_in'],
      figures: ['n'],
    },
    {
      kept: 'select due_date::text as due, amount_due, collected, owed from desk_rent_tally where tenant_id = $1',
      made: `select due_date::text as due, sum(amount_due) as amount_due,
                    coalesce(sum(case when pay_status = 1 then coalesce(paid_amount, amount_due)
                                      else coalesce(paid_amount, 0) end), 0) as collected,
                    coalesce(sum(amount_due - coalesce(paid_amount, 0)) filter (where pay_status = 0), 0) as owed
               from property_lease_contract_cost where tenant_id = $1 and is_deleted = 0 group by 1`,
      keys: ['due'],
      figures: ['amount_due', 'collected', 'owed'],
    },
  ];
  const kept: string[] = [];
  const made: string[] = [];
  for (const p of pairs) {
    kept.push(...lines(await sql(p.kept, [TENANT]), p.keys, p.figures));
    made.push(...lines(await sql(p.made, [TENANT]), p.keys, p.figures));
  }
  return { kept: kept.sort(), made: made.sort() };
}

async function expectKept() {
  const crm = await crmTallies();
  expect(crm.kept).toEqual(crm.made);
  expect(crm.kept.length).toBeGreaterThan(0);
  const desk = await deskTallies();
  expect(desk.kept).toEqual(desk.made);
}

const ent = { A: nextId(), B: nextId(), C: nextId() };
const staff = { a1: nextId(), a2: nextId(), a3: nextId(), b1: nextId(), c1: nextId() };

beforeAll(async () => {
  server = await startServer();
  await createTenant(server, TENANT);
});
afterAll(() => server.close());

describe('the CRM figures kept for the cockpit and the analyses', () => {
  it('follow rows added, changed, moved, removed and deleted', async () => {
    await write('crm_enterprise', [
      { id: ent.A, enterprise_name: 'TA' },
      { id: ent.B, enterprise_name: 'TB' },
      { id: ent.C, enterprise_name: 'TC', status: 0 },
    ]);
    const person = (id: string, e: string, more: Record<string, unknown>) => ({
      id,
      enterprise_id: e,
      staff_name: '员工',
      ...more,
    });
    await write('crm_staff', [
      person(staff.a1, ent.A, { join_date: '2019-03-01', identity_type: 1, qualification: '硕士' }),
      person(staff.a2, ent.A, { join_date: '2018-01-01', dimission_date: '2022-06-30', identity_type: 2 }),
      person(staff.a3, ent.A, { qualification: '' }),
      person(staff.b1, ent.B, { join_date: '2030-01-01', dimission_date: '2020-01-01', identity_type: 3 }),
      person(staff.c1, ent.C, { join_date: '2021-01-01', identity_type: 1, qualification: '本科' }),
    ]);
    await write('crm_intellectual_property', [
      { enterprise_id: ent.A, patent_no: 'P1', patent_name: 'p', patent_type: 1, grant_pub_date: '2022-05-01' },
      { enterprise_id: ent.A, patent_no: 'P2', patent_name: 'p', patent_type: 2, status: 0 },
      { enterprise_id: ent.B, patent_no: 'P3', patent_name: 'p', patent_type: 1 },
      { enterprise_id: ent.C, patent_no: 'P4', patent_name: 'p', patent_type: 3, grant_pub_date: '2023-01-01' },
    ]);
    await write('crm_certificate', [
      {
        enterprise_id: ent.A,
        certificate_no: 'C1',
        certificate_name: 'c',
        certificate_type: 1,
        acquisition_date: '2022-01-01',
      },
      {
        enterprise_id: ent.A,
        certificate_no: 'C2',
        certificate_name: 'c',
        certificate_type: 1,
        acquisition_date: '2023-01-01',
      },
      { enterprise_id: ent.B, certificate_no: 'C3', certificate_name: 'c', certificate_type: 2 },
    ]);
    await write('crm_qualification', [
      { enterprise_id: ent.A, qualification_no: 'Q1', qualification_name: 'q', qualification_type: 1 },
      { enterprise_id: ent.C, qualification_no: 'Q2', qualification_name: 'q', qualification_type: 1 },
    ]);
    await write('crm_project', [{ enterprise_id: ent.B, project_no: 'X1', project_name: 'x' }]);
    await write('crm_economic', [
      { enterprise_id: ent.A, data_year: 2022, revenue: 100.5, tax_amount: 10, employee_count: 3 },
      { enterprise_id: ent.A, data_year: 2023, revenue: 200, rd_investment: 7.25 },
      { enterprise_id: ent.B, data_year: 2023, revenue: null, output_value: 50 },
      { enterprise_id: ent.C, data_year: 2023, revenue: 999 },
    ]);
    await expectKept();

    // Changed in what they count by, and moved to another enterprise, several rows in one statement.
    await sql(
      `update crm_staff set dimission_date = case id when $1 then '2024-01-01'::date else null end,
              identity_type = 4, enterprise_id = case id when $2 then $3::bigint else enterprise_id end
        where id = any($4::bigint[])`,
      [staff.a1, staff.a2, ent.B, [staff.a1, staff.a2, staff.b1]],
    );
    await sql(`update crm_intellectual_property set status = 1, grant_pub_date = '2021-02-02' where patent_no = 'P2'`);
    await sql(`update crm_certificate set certificate_type = 3, enterprise_id = $1 where certificate_no = 'C2'`, [
      ent.B,
    ]);
    await sql(`update crm_economic set revenue = revenue + 1, data_year = 2024 where data_year = 2023`);
    await expectKept();

    // Removed (is_deleted) and deleted.
    await sql(`update crm_staff set is_deleted = 1 where id = $1`, [staff.a3]);
    await sql(`delete from crm_intellectual_property where patent_no = 'P1'`);
    await sql(`update crm_qualification set is_deleted = 1 where qualification_no = 'Q1'`);
    await sql(`delete from crm_economic where enterprise_id = $1 and data_year = 2022`, [ent.A]);
    await expectKept();
  });

  it('follow an enterprise moving out of the park, back, removed and deleted', async () => {
    await sql('update crm_enterprise set status = 0 where id = $1', [ent.A]);
    await expectKept();
    await sql('update crm_enterprise set status = 1 where id = any($1::bigint[])', [[ent.A, ent.C]]);
    await expectKept();
    // A change that keeps it where it is moves nothing.
    await sql(`update crm_enterprise set enterprise_name = enterprise_name || '改' where id = $1`, [ent.A]);
    await expectKept();
    await sql('update crm_enterprise set is_deleted = 1 where id = $1', [ent.B]);
    await expectKept();
    // Rows written for an enterprise out of the park count for it alone until it comes in.
    await write('crm_staff', [{ enterprise_id: ent.B, staff_name: '员工', join_date: '2020-01-01' }]);
    await expectKept();
    await sql('update crm_enterprise set is_deleted = 0 where id = $1', [ent.B]);
    await expectKept();
    await sql('delete from crm_enterprise where id = $1', [ent.C]);
    await expectKept();
    const [{ n }] = await sql<{ n: string }>(
      `select coalesce(sum(n), 0) as n from decision_park_tally where tenant_id = $1 and metric = 'staff.identity'`,
      [TENANT],
    );
    // Without a dimission date, in the park: B's a2 (moved there), b1 (its date taken away) and the new one; none of A's.
    expect(Number(n)).toBe(3);
  });

  it('are made again after a truncate', async () => {
    // The application's role may not truncate: the owner does, as a maintenance script would.
    await server.platform.db.admin.exec('truncate crm_project');
    await expectKept();
  });
});

describe('the figures kept for 控制台 and the home page', () => {
  it('follow repairs, production reports and rent periods', async () => {
    const repair = (status: number, more: Record<string, unknown> = {}) => ({
      fault_type: 1 + (status % 2),
      location: 'A1',
      description: '坏了',
      contact_phone: '13800000000',
      repair_status: status,
      create_user: 1,
      create_time: '2026-01-01 08:00:00',
      ...(status === 0 || status === 5 ? {} : { assignee: 1 }),
      ...(status === 3 || status === 4 ? { result: '好了', finish_time: '2026-01-01 10:30:00' } : {}),
      ...(status === 4 ? { rating: 5 } : {}),
      ...more,
    });
    const open = nextId();
    await write('property_repair', [
      repair(0, { id: open }),
      repair(1),
      repair(3),
      repair(4, { finish_time: '2026-01-02 08:00:00' }),
      repair(5),
    ]);
    await write('prod_report', [
      {
        enterprise_id: ent.A,
        title: 'r',
        report_type: 1,
        report_cycle: 4,
        period_start: '2026-01-01',
        period_end: '2026-01-31',
        due_date: '2026-02-10',
      },
      {
        enterprise_id: ent.A,
        title: 'r',
        report_type: 1,
        report_cycle: 4,
        period_start: '2026-01-01',
        period_end: '2026-01-31',
        due_date: '2026-02-10',
        submit_date: '2026-02-12',
      },
      {
        enterprise_id: ent.B,
        title: 'r',
        report_type: 1,
        report_cycle: 4,
        period_start: '2026-01-01',
        period_end: '2026-01-31',
        due_date: '2026-02-10',
        submit_date: '2026-02-01',
      },
    ]);
    const period = (n: number, more: Record<string, unknown>) => ({
      contract_id: 1,
      enterprise_id: ent.A,
      period_no: n,
      period_start: `2026-0${n}-01`,
      period_end: `2026-0${n}-28`,
      due_date: `2026-0${n}-05`,
      amount_due: 1000 + n,
      ...more,
    });
    const unpaid = nextId();
    await write('property_lease_contract_cost', [
      period(1, { pay_status: 1, paid_amount: 900 }),
      period(2, { pay_status: 1 }),
      period(3, { id: unpaid }),
      period(4, { paid_amount: 100 }),
    ]);
    await expectKept();

    await sql(
      `update property_repair set repair_status = 2, assignee = 1, start_time = localtimestamp(0) where id = $1`,
      [open],
    );
    await sql(`update property_repair set fault_type = 9 where repair_status = 5`);
    await sql(`update prod_report set submit_date = due_date where submit_date is null`);
    await sql(`update property_lease_contract_cost set pay_status = 1, paid_amount = 500 where id = $1`, [unpaid]);
    // A period with money on it is kept (0174): only the one never paid goes.
    await sql(`update property_lease_contract_cost set is_deleted = 1 where pay_status = 0 and paid_amount is null`);
    await sql(`delete from prod_report where submit_date > due_date`);
    await expectKept();
  });
});
