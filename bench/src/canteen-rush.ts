import { createHash } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { hashPlainSync } from '../../server/src/modules/user/passwords.ts';

/**
 * The canteen rush (issue 16): a meal with a daily limit of `portions`, and `users` distinct people, each
 * signed in with a session of their own, who all book that meal for the same day at the same moment over
 * HTTP. Measured: how fast the answers come (requests answered per second over the rush's wall time) and
 * each request's latency (p50, p99); checked: exactly `portions` bookings succeed, every other answer is
 * the clear sold-out refusal (a 400, never a 500), and the database holds exactly `portions` live orders
 * of the meal and day afterwards. Any difference throws, so `npm run bench` exits non-zero.
 */

const TENANT = '000000';
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** The rush's people and role: fixed ids far below the snowflake ids the server makes, reused run after run. */
const ROLE_ID = 2_000_000_000_000;
const FIRST_USER_ID = 2_000_000_001_000;
const PASSWORD = 'rush-bench';
/** Logins at once while the sessions are made (each is a password hash comparison on the server). */
const LOGIN_CONCURRENCY = 8;

export interface RushOptions {
  /** The running server, e.g. http://127.0.0.1:PORT. */
  base: string;
  /** A connection to the server's database with the rights to write users and read every tenant's orders. */
  db: pg.Client;
  /** Headers of an administrator's session, to make the meal through the API as the canteen would. */
  adminHeaders: Record<string, string>;
  users: number;
  portions: number;
}

export interface RushResult {
  users: number;
  portions: number;
  mealDate: string;
  wallMs: number;
  requestsPerSecond: number;
  bookingsPerSecond: number;
  p50: number;
  p99: number;
  booked: number;
  soldOut: number;
  /** Live orders of the meal and day read back from the database. */
  counted: number;
}

function log(message: string) {
  console.log(`[bench:canteen] ${message}`);
}

/** A percentile of sorted samples. */
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: { id?: string }; access_token?: string; error_description?: string };
}

/** One request on `agent`, its answer parsed as JSON (an unparsable body counts as a failure by its status). */
export function call(
  agent: http.Agent,
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: unknown },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = http.request(
      url,
      {
        agent,
        method: init.method,
        headers: { ...init.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body: Answer['body'] = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the status says what happened
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A call that must answer code 200; returns its data. */
export async function ok<T>(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const res = await call(agent, url, { method: body === undefined ? 'GET' : 'POST', headers, body });
  if (res.status !== 200 || res.body.code !== 200) {
    throw new Error(`${url} answered ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  return res.body.data as T;
}

/**
 * The rush's people (tenant 000000, park staff) and their role holding 订餐记录 and 订餐, made once and
 * reused: one password hash for all, at a low scrypt cost, so that signing `users` people in measures
 * nothing of the rush and takes seconds instead of minutes.
 */
async function ensureUsers(db: pg.Client, users: number) {
  await db.query(
    `insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort)
     values ($1, $2, 0, '食堂压测', 'bench_rush', 99) on conflict (id) do nothing`,
    [ROLE_ID, TENANT],
  );
  await db.query(
    `insert into blade_role_menu (id, menu_id, role_id)
     select $1::bigint + row_number() over (order by m.id), m.id, $1::bigint
       from blade_menu m
      where m.code in ('dhm', 'order_meal', 'order_meal_add') and m.is_deleted = 0
        and not exists (select 1 from blade_role_menu g where g.role_id = $1::bigint and g.menu_id = m.id)`,
    [ROLE_ID],
  );
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from blade_user where id between $1 and $2 and is_deleted = 0',
    [FIRST_USER_ID + 1, FIRST_USER_ID + users],
  );
  if (rows[0].n === users) return;
  log(`creating ${users} people to book`);
  const hash = benchPasswordHash(PASSWORD);
  await db.query(
    `insert into blade_user (id, tenant_id, code, user_type, account, password, name, real_name, role_id, status)
     select $1::bigint + g, $2, 'rush' || g, 1, 'bench_rush_' || lpad(g::text, 5, '0'), $3,
            'rush' || g, '压测用户' || g, $4::text, 1
       from generate_series(1, $5::int) as g
     on conflict (id) do nothing`,
    [FIRST_USER_ID, TENANT, hash, String(ROLE_ID), users],
  );
}

/**
 * The stored hash of a bench password: one for all of a bench's people, in the server's format at a low scrypt cost
 * (seconds, not minutes), which its logins keep.
 */
export function benchPasswordHash(password: string): string {
  return hashPlainSync(password, 4);
}

/**
 * Signs each account in over HTTP (a few at a time): their own sessions' tokens. `headers` go with each login
 * (a company account's `account-type`).
 */
export async function signIn(
  base: string,
  accounts: string[],
  password: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const users = accounts.length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOGIN_CONCURRENCY });
  const md5 = createHash('md5').update(password).digest('hex');
  const tokens: string[] = new Array(users);
  let next = 0;
  const worker = async () => {
    while (next < users) {
      const i = next++;
      const query = new URLSearchParams({
        tenantId: TENANT,
        username: accounts[i],
        password: md5,
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      });
      const res = await call(agent, `${base}/api/blade-auth/oauth/token?${query}`, {
        method: 'POST',
        headers: { authorization: BASIC, 'tenant-id': TENANT, ...headers },
      });
      if (!res.body.access_token) {
        throw new Error(`Login of ${accounts[i]} failed (${res.status}): ${res.body.error_description ?? ''}`);
      }
      tokens[i] = res.body.access_token;
    }
  };
  try {
    await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return tokens;
}

/** A category open for booking until 23:59 of the meal day, for park and company staff, and its meal of `portions`. */
async function makeMeal(base: string, headers: Record<string, string>, portions: number): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const stamp = `${Date.now()}`;
  const api = `${base}/api/blade-dhm`;
  try {
    const category = await ok<{ id: string }>(agent, `${api}/category-meal/submit`, headers, {
      categoryName: `压测餐别${stamp}`,
      startTime: '11:00',
      endTime: '13:00',
      sort: 99,
    });
    await ok(agent, `${api}/meal-config/submit`, headers, {
      categoryMealId: category.id,
      mealConfigDate: -1,
      deadlineTime: '23:59',
      bookerTypes: '1,2',
    });
    const dish = await ok<{ id: string }>(agent, `${api}/dishes/submit`, headers, {
      dishesName: `压测菜品${stamp}`,
      price: '12',
      taste: 1,
      status: 1,
    });
    const meal = await ok<{ id: string }>(agent, `${api}/meal/submit`, headers, {
      mealName: `压测套餐${stamp}`,
      categoryMealId: category.id,
      dishesIds: dish.id,
      price: '15.00',
      serveDays: '1,2,3,4,5,6,7',
      dailyLimit: portions,
      status: 1,
    });
    return meal.id;
  } finally {
    agent.destroy();
  }
}

export async function canteenRush(opts: RushOptions): Promise<RushResult> {
  const { base, db, users, portions } = opts;
  await ensureUsers(db, users);
  log(`signing ${users} people in`);
  const accounts = Array.from({ length: users }, (_, i) => `bench_rush_${String(i + 1).padStart(5, '0')}`);
  const tokens = await signIn(base, accounts, PASSWORD);
  const mealId = await makeMeal(base, opts.adminHeaders, portions);
  // Two days ahead: inside the window whatever the hour, in any time zone the server keeps.
  const { rows } = await db.query<{ d: string }>(`select to_char(current_date + 2, 'YYYY-MM-DD') as d`);
  const mealDate = rows[0].d;

  log(`${users} bookings of one meal (${portions} portions) for ${mealDate}, all at once`);
  // A connection per person, opened as the requests go out, as that many browsers would.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const url = `${base}/api/blade-dhm/order-meal/submit`;
  const started = performance.now();
  const answers = await Promise.all(
    tokens.map(async (token) => {
      const t0 = performance.now();
      try {
        const res = await call(agent, url, {
          method: 'POST',
          headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, 'tenant-id': TENANT },
          body: { mealId, mealDate },
        });
        return { ...res, ms: performance.now() - t0 };
      } catch (err) {
        return { status: 0, body: { msg: String(err) }, ms: performance.now() - t0 } as Answer & { ms: number };
      }
    }),
  );
  const wallMs = performance.now() - started;
  agent.destroy();

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const booked = answers.filter((a) => a.status === 200 && a.body.code === 200);
  const soldOut = answers.filter(
    // The BladeX envelope's code 400 (and its HTTP status) with the sold-out message.
    (a) => a.body.code === 400 && /份数已订完/.test(String(a.body.msg ?? '')),
  );
  const failed = answers.filter((a) => a.status >= 500 || a.status === 0 || (a.body.code ?? 0) >= 500);
  const other = answers.length - booked.length - soldOut.length - failed.length;
  const counted = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from dhm_order_meal
        where meal_id = $1 and meal_date = $2::date and order_meal_status <> 2 and is_deleted = 0`,
      [mealId, mealDate],
    )
  ).rows[0].n;

  const result: RushResult = {
    users,
    portions,
    mealDate,
    wallMs,
    requestsPerSecond: (answers.length / wallMs) * 1000,
    bookingsPerSecond: (booked.length / wallMs) * 1000,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    booked: booked.length,
    soldOut: soldOut.length,
    counted,
  };
  printRush(result, failed.length, other);

  const problems: string[] = [];
  if (failed.length) {
    const first = failed[0];
    problems.push(
      `${failed.length} requests failed (first: ${first.status} ${JSON.stringify(first.body).slice(0, 200)})`,
    );
  }
  if (other) {
    const first = answers.find((a) => !booked.includes(a) && !soldOut.includes(a) && !failed.includes(a));
    problems.push(
      `${other} answers were neither a booking nor the sold-out refusal (first: ${JSON.stringify(first?.body)})`,
    );
  }
  if (booked.length !== portions) problems.push(`${booked.length} bookings succeeded, not ${portions}`);
  if (counted !== portions) problems.push(`the database holds ${counted} live orders, not ${portions}`);
  if (problems.length) throw new Error(`Canteen rush failed: ${problems.join('; ')}`);
  return result;
}

function printRush(r: RushResult, failed: number, other: number) {
  console.log('');
  console.log(
    `Canteen rush: ${r.users} people with sessions book one meal of ${r.portions} portions for ${r.mealDate} at once`,
  );
  console.log(
    '| requests | wall time | answered/s | bookings/s | p50 | p99 | booked (200) | sold out (400) | 5xx/errors | other | live orders in the database |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${r.users} | ${r.wallMs.toFixed(0)} ms | ${Math.round(r.requestsPerSecond)} | ${Math.round(r.bookingsPerSecond)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.booked} | ${r.soldOut} | ${failed} | ${other} | ${r.counted} |`,
  );
  const exact = r.booked === r.portions && r.counted === r.portions && failed === 0 && other === 0;
  console.log(`exactly ${r.portions} booked, no 5xx: ${exact ? 'PASS' : 'FAIL'}`);
}
