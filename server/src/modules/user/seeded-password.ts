import { createHash } from 'node:crypto';
import { ALL_TENANTS, type Database } from '../../platform/db.ts';
import { DEMO_PASSWORD } from '../../seed/crm-demo.ts';
import { ADMIN_PASSWORD, SEED } from '../../seed/platform.ts';
import { digestMatches } from './passwords.ts';

/**
 * Passwords an account was given rather than chose (blade_user.initial_password): the seeded ones, the
 * tenant's initial password after a reset or an import. The console asks their owners to change them, and a
 * start that listens beyond loopback warns while the platform administrator still has one.
 */

/** The seeds' passwords, as the client sends them (the MD5 hex the stored hash is of). */
const SEEDED_DIGESTS = [ADMIN_PASSWORD, DEMO_PASSWORD].map((plain) => createHash('md5').update(plain).digest('hex'));

/**
 * Settles the seeded accounts of a database seeded before the column (left null by migration 0156): marked
 * when their stored hash still verifies a seeded password. A few hash checks, once; none on a database
 * seeded since, whose seeds mark the accounts themselves.
 */
export async function settleSeededPasswords(db: Database): Promise<void> {
  const unknown = await db.scoped(ALL_TENANTS, (q) =>
    q.query<{ id: string; password: string }>(
      'select id::text as id, password from blade_user where initial_password is null',
    ),
  );
  for (const { id, password } of unknown) {
    let seeded = false;
    for (const digest of SEEDED_DIGESTS) seeded ||= await digestMatches(digest, password);
    await db.tx(ALL_TENANTS, (q) =>
      q.query('update blade_user set initial_password = $2 where id = $1 and initial_password is null', [
        id,
        seeded ? 1 : 0,
      ]),
    );
  }
}

/** Whether a listening address is this machine alone. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\./.test(h);
}

/**
 * What a start logs when the server listens beyond this machine while the platform administrator's password
 * is still its seeded (or reset) one: anyone who reaches the address can sign in as administrator.
 */
export async function exposedAdminWarning(db: Database, host: string): Promise<string | undefined> {
  if (isLoopback(host)) return undefined;
  const [admin] = await db.scoped(ALL_TENANTS, (q) =>
    q.query<{ initial_password: number | null }>(
      'select initial_password from blade_user where id = $1 and is_deleted = 0',
      [SEED.adminUser],
    ),
  );
  if (admin?.initial_password !== 1) return undefined;
  return (
    'The platform administrator (tenant 000000, account admin) still has a known initial password (the seeded ' +
    `"${ADMIN_PASSWORD}", or the initial password after a reset) and this server listens on ${host}, beyond this ` +
    'machine: anyone who can reach it can sign in as ' +
    'administrator. Sign in and change it now (user menu > 个人信息 > 修改密码), or set HOST=127.0.0.1 to listen ' +
    'on this machine only until you have.'
  );
}
