import type { Queryable, Row } from '../../platform/db.ts';
import { READ } from './inbox.ts';

/**
 * The sender's side of messages: who a message goes to, the messages a user sent with how many
 * recipients have read them, and withdrawing them. Read counts include receipts a recipient has
 * since removed from their inbox: the message still reached them.
 */
export const ORDINARY = 1;
export const DEPT_BROADCAST = 2;
export const APPROVAL = 3;
export const ROLE_BROADCAST = 4;

const LIVE_USER = 'u.tenant_id = $1 and u.is_deleted = 0';

/**
 * The users a message of `type` reaches from the ids the sender chose: the users themselves
 * (ordinary), every user of the departments and the departments below them (department
 * broadcast), or every user holding one of the roles (role broadcast). Answers undefined when a
 * chosen id is not a live user, department or role of the tenant.
 */
export async function recipientsOf(
  q: Queryable,
  tenantId: string,
  type: number,
  ids: string[],
): Promise<string[] | undefined> {
  const table = type === ORDINARY ? 'blade_user' : type === DEPT_BROADCAST ? 'blade_dept' : 'blade_role';
  const [{ known }] = await q.query<{ known: string }>(
    `select count(*) as known from ${table} where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0`,
    [tenantId, ids],
  );
  if (Number(known) !== ids.length) return undefined;
  if (type === ORDINARY) return ids;
  const users =
    type === DEPT_BROADCAST
      ? await q.query<{ id: string }>(
          `select u.id from blade_user u where ${LIVE_USER} and string_to_array(u.dept_id, ',') && array(
             select d.id::text from blade_dept d where d.tenant_id = $1 and d.is_deleted = 0
               and (d.id = any($2::bigint[]) or exists (
                 select 1 from unnest($2::text[]) chosen where ',' || d.ancestors || ',' like '%,' || chosen || ',%')))
           order by u.id`,
          [tenantId, ids],
        )
      : await q.query<{ id: string }>(
          `select u.id from blade_user u where ${LIVE_USER} and string_to_array(u.role_id, ',') && $2::text[] order by u.id`,
          [tenantId, ids],
        );
  return users.map((u) => u.id);
}

const SENT_COUNTS = `(select count(*) from blade_message_receiver r where r.message_id = m.id) as "receiverCount",
  (select count(*) from blade_message_receiver r where r.message_id = m.id and r.is_read = ${READ}) as "readCount"`;

export interface SentFilter {
  current: number;
  size: number;
  title?: string;
  type?: number;
}

/** One page of the messages `senderId` sent, newest first, each with its recipient and read counts. */
export async function sentPage(q: Queryable, tenantId: string, senderId: string, filter: SentFilter) {
  const params: unknown[] = [tenantId, senderId];
  let where = 'm.tenant_id = $1 and m.create_user = $2 and m.is_deleted = 0';
  if (filter.title) {
    params.push(filter.title);
    where += ` and strpos(m.title, $${params.length}) > 0`;
  }
  if (filter.type !== undefined) {
    params.push(filter.type);
    where += ` and m.type = $${params.length}`;
  }
  const [{ total }] = await q.query<{ total: string }>(
    `select count(*) as total from blade_message m where ${where}`,
    params,
  );
  const rows = await q.query(
    `select m.id, m.title, m.type, m.create_time as "createTime", ${SENT_COUNTS}
       from blade_message m where ${where}
      order by m.create_time desc, m.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, filter.size, (filter.current - 1) * filter.size],
  );
  const count = Number(total);
  return {
    records: rows.map(withCounts),
    total: count,
    size: filter.size,
    current: filter.current,
    pages: Math.ceil(count / filter.size),
  };
}

/** Counts come back as text from PostgreSQL's bigint. */
function withCounts(row: Row): Row {
  return { ...row, receiverCount: Number(row.receiverCount), readCount: Number(row.readCount) };
}

/**
 * One sent message with its recipients (unread first), when `senderId` sent it; an undefined
 * `senderId` (an administrator) reads anyone's.
 */
export async function sentDetail(
  q: Queryable,
  tenantId: string,
  id: string,
  senderId: string | undefined,
): Promise<Row | undefined> {
  const [message] = await q.query(
    `select m.id, m.title, m.content, m.type, m.create_time as "createTime", m.create_user as "createUser",
            s.real_name as "senderName", ${SENT_COUNTS}
       from blade_message m left join blade_user s on s.id = m.create_user
      where m.tenant_id = $1 and m.id = $2 and m.is_deleted = 0 and ($3::bigint is null or m.create_user = $3::bigint)`,
    [tenantId, id, senderId ?? null],
  );
  if (!message) return undefined;
  const receivers = await q.query(
    `select r.user_id as "userId", u.real_name as "realName", u.account, r.is_read as "isRead", r.read_time as "readTime"
       from blade_message_receiver r left join blade_user u on u.id = r.user_id
      where r.message_id = $1 order by r.is_read desc, r.read_time, u.real_name, r.user_id`,
    [id],
  );
  return { ...withCounts(message), receivers };
}

/**
 * Withdraws sent messages with every delivery, all or nothing: answers false (and changes
 * nothing) when one of them is not a live message `senderId` sent (undefined: an administrator).
 */
export async function withdraw(
  q: Queryable,
  tenantId: string,
  ids: string[],
  senderId: string | undefined,
): Promise<boolean> {
  const rows = await q.query(
    `update blade_message set is_deleted = 1, update_time = localtimestamp(0)
      where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 and ($3::bigint is null or create_user = $3::bigint)
      returning id`,
    [tenantId, ids, senderId ?? null],
  );
  if (rows.length !== ids.length) return false;
  await q.query(
    'update blade_message_receiver set is_deleted = 1 where tenant_id = $1 and message_id = any($2::bigint[])',
    [tenantId, ids],
  );
  return true;
}
