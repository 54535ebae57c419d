import type pg from 'pg';
import type { Actor } from '../../server/src/modules/workflow/engine/runtime.ts';
import { taskList } from '../../server/src/modules/workflow/runtime/lists.ts';
import type { Queryable, Row } from '../../server/src/platform/db.ts';

/**
 * The workflow runtime at scale for `npm run bench` (issue 31): INSTANCES running instances of four processes,
 * each through STEPS - 1 decided tasks and waiting at its last, so STEPS tasks (most done, one open) and STEPS
 * history rows (its start and each decision) per instance, with their tokens and candidates. The open tasks
 * are spread over PEOPLE users, the administrator (the bench user) first: INSTANCES / PEOPLE open tasks each.
 * Generated with generate_series in a few statements, once, and reused by later runs.
 */

const TENANT = '000000';
/** Rows' ids start here, far below the snowflake ids the server makes and apart from the other bench rows. */
export const WF_FIRST_ID = 3_000_000_000_000;
export const INSTANCES = 10_000;
const STEPS = 10;
export const TASKS = INSTANCES * STEPS;
export const HISTORY = INSTANCES * STEPS;
export const PEOPLE = 50;
/** The bench user's open tasks: every instance whose number is a multiple of PEOPLE waits for them. */
export const BENCH_USER_OPEN_TASKS = INSTANCES / PEOPLE;

const PROCESSES = [
  ['bench_leave', '请假申请'],
  ['bench_expense', '费用报销'],
  ['bench_purchase', '采购申请'],
  ['bench_seal', '用印申请'],
] as const;

function log(message: string) {
  console.log(`[bench:workflow] ${message}`);
}

/** The users by number: 0 the administrator, 1 .. PEOPLE - 1 the bench's own (id WF_FIRST_ID + n). */
const PEOPLE_CTE = `people (num, id, name) as (
    select 0, id, coalesce(nullif(real_name, ''), name, account) from blade_user
     where tenant_id = $2 and account = 'admin' and is_deleted = 0
    union all
    select n, $1::bigint + n, '流程用户' || n from generate_series(1, ${PEOPLE - 1}) as n)`;

/** Instance g (1 .. INSTANCES): started g * 500 s (and its ten hours of steps) ago. */
const INSTANCE_TIME = `localtimestamp(0) - make_interval(secs => g * 500) - interval '${STEPS} hours'`;

async function counts(db: pg.Client) {
  const last = WF_FIRST_ID + TASKS;
  const { rows } = await db.query<{ instances: number; tasks: number; open: number; history: number }>(
    `select (select count(*)::int from wf_instance where id between $1::bigint + 1 and $1::bigint + $2 and status = 'running') as instances,
            (select count(*)::int from wf_task where id between $1::bigint + 1 and $3) as tasks,
            (select count(*)::int from wf_task where id between $1::bigint + 1 and $3 and status = 'todo') as open,
            (select count(*)::int from wf_history where id between $1::bigint + 1 and $3) as history`,
    [WF_FIRST_ID, INSTANCES, last],
  );
  return rows[0];
}

/** Makes sure the bench's workflow rows are there (generated once, reused after) with fresh statistics. */
export async function ensureWorkflowRows(db: pg.Client) {
  const found = await counts(db);
  if (found.instances === INSTANCES && found.tasks === TASKS && found.open === INSTANCES && found.history === HISTORY) {
    log(`reusing the ${INSTANCES.toLocaleString('en')} bench instances already in the database`);
    return;
  }
  log(
    `generating ${INSTANCES.toLocaleString('en')} running instances, ${TASKS.toLocaleString('en')} tasks ` +
      `(${INSTANCES.toLocaleString('en')} open over ${PEOPLE} users) and ${HISTORY.toLocaleString('en')} history rows`,
  );
  const started = performance.now();
  const first = WF_FIRST_ID;
  const last = WF_FIRST_ID + TASKS;
  await db.query('begin');
  try {
    await db.query('delete from wf_task_candidate where task_id between $1::bigint + 1 and $2', [first, last]);
    for (const table of ['wf_task', 'wf_history', 'wf_token', 'wf_instance', 'wf_category']) {
      await db.query(`delete from ${table} where id between $1::bigint + 1 and $2`, [first, last]);
    }
    // The other users: never signed in (no password hash matches '!'), named in the lists.
    await db.query(
      `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, dept_id, status)
       select $1::bigint + n, $2, 'wf' || n, 1, 'bench_wf_' || lpad(n::text, 2, '0'), '!', 'wf' || n, '流程用户' || n,
              admin.dept_id, 1
         from generate_series(1, $3::int - 1) as n,
              (select dept_id from blade_user where tenant_id = $2 and account = 'admin' and is_deleted = 0) as admin
       on conflict (id) do nothing`,
      [first, TENANT, PEOPLE],
    );
    await db.query(
      `insert into wf_category (id, tenant_id, name, code, sort)
       select $1::bigint + k, $2, p.name, 'bench_wf_' || k, k
         from unnest($3::text[]) with ordinality as p(name, k)`,
      [first, TENANT, PROCESSES.map(([, name]) => name)],
    );
    // Instance g runs process (g / 3) % 4, started by user (7 g + g / PEOPLE) % PEOPLE (integer division).
    await db.query(
      `with ${PEOPLE_CTE}
       insert into wf_instance (id, tenant_id, deployment_id, process_key, process_name, process_version, category_id,
                                serial_number, start_user, start_user_name, status, start_time, update_time)
       select $1::bigint + g, $2, $1::bigint + k, ($4::text[])[k], ($5::text[])[k], 1, $1::bigint + k,
              to_char(t, 'YYYYMMDD') || lpad(g::text, 6, '0'), s.id, s.name, 'running', t, t
         from generate_series(1, $3::int) as g,
              lateral (select ${INSTANCE_TIME} as t, g / 3 % 4 + 1 as k) as at,
              people s
        where s.num = (7 * g + g / ${PEOPLE}) % ${PEOPLE}`,
      [first, TENANT, INSTANCES, PROCESSES.map(([key]) => key), PROCESSES.map(([, name]) => name)],
    );
    // Its tasks s = 1 .. STEPS, an hour apart: each decided (approved) 20 minutes after it came, but the last.
    // Task s of instance g has id (g - 1) * STEPS + s; the history row of the act that made it, one less.
    // Decided tasks go round the users; the open one is user g % PEOPLE's.
    await db.query(
      `with ${PEOPLE_CTE}
       insert into wf_task (id, tenant_id, instance_id, token_id, round, node_id, node_name, assignee, status, pass,
                            comment, created_by, create_time, end_time)
       select $1::bigint + n, $2, $1::bigint + g, $1::bigint + g, $1::bigint + n, 'approve' || s, '第' || s || '级审批',
              a.id, case when is_open then 'todo' else 'done' end, case when is_open then null else 1 end,
              case when is_open then null else '同意' end, $1::bigint + n, c, case when is_open then null else c + interval '20 minutes' end
         from generate_series(1, $3::int) as g,
              generate_series(1, ${STEPS}) as s,
              lateral (select (g - 1) * ${STEPS} + s as n, s = ${STEPS} as is_open,
                              ${INSTANCE_TIME} + make_interval(hours => s - 1, secs => 1) as c) as task,
              people a
        where a.num = case when is_open then g % ${PEOPLE} else (g + 13 * s) % ${PEOPLE} end`,
      [first, TENANT, INSTANCES],
    );
    await db.query(
      `insert into wf_task_candidate (task_id, tenant_id, kind, ref)
       select id, tenant_id, 'user', assignee from wf_task where id between $1::bigint + 1 and $2`,
      [first, last],
    );
    await db.query(
      `insert into wf_token (id, tenant_id, instance_id, node_id, state, round, create_time)
       select instance_id, tenant_id, instance_id, node_id, 'wait', round, create_time::timestamp(0)
         from wf_task where id between $1::bigint + 1 and $2 and status = 'todo'`,
      [first, last],
    );
    // History: each instance's start (by its starter), then each decided task's approval (by its assignee).
    await db.query(
      `insert into wf_history (id, tenant_id, instance_id, task_id, node_id, node_name, action, user_id, user_name,
                               comment, create_time)
       select $1::bigint + (i.id - $1::bigint - 1) * ${STEPS} + 1, i.tenant_id, i.id, null, 'start', '发起', 'start',
              i.start_user, i.start_user_name, null, i.start_time
         from wf_instance i where i.id between $1::bigint + 1 and $1::bigint + $2
       union all
       select t.id + 1, t.tenant_id, t.instance_id, t.id, t.node_id, t.node_name, 'pass', t.assignee,
              coalesce(nullif(u.real_name, ''), u.name), t.comment, t.end_time
         from wf_task t join blade_user u on u.id = t.assignee
        where t.id between $1::bigint + 1 and $3 and t.status = 'done'`,
      [first, INSTANCES, last],
    );
    await db.query('commit');
  } catch (err) {
    await db.query('rollback');
    throw err;
  }
  for (const table of ['wf_instance', 'wf_task', 'wf_task_candidate', 'wf_token', 'wf_history', 'wf_category']) {
    await db.query(`vacuum analyze ${table}`);
  }
  const made = await counts(db);
  if (made.instances !== INSTANCES || made.tasks !== TASKS || made.open !== INSTANCES || made.history !== HISTORY) {
    throw new Error(`The workflow rows came out as ${JSON.stringify(made)}`);
  }
  log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The statements the server runs for a task list's page (lists.ts, taskList): its own code, run on a Queryable
 * that records them and answers one row carrying a total.
 */
export async function taskListStatements(actor: Actor, query: Record<string, unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const recorder: Queryable = {
    query: async <T extends Row>(sql: string, params: readonly unknown[] = []) => {
      statements.push({ sql, params: [...params] });
      return [{ __total: '1', total: '1' }] as unknown as T[];
    },
  };
  await taskList(recorder, actor, 'todo', query);
  return statements;
}
