import type { Queryable, Row } from '../../platform/db.ts';
import { nextId } from '../../platform/ids.ts';
import type { Push } from '../../platform/push.ts';

/**
 * A user's messages: every read goes through the caller's receipts, so a user sees only what was
 * sent to them. Receipts keep the spec's read flag: 1 = unread, 0 = read.
 */
export const UNREAD = 1;
export const READ = 0;

export interface Recipient {
  tenantId: string;
  userId: string;
}

export interface NewMessage {
  title: string;
  content: string;
  type: number;
  userIds: string[];
  /** The record it tells of: an in-app route, opened from the bell (issue 34.1). */
  link?: string;
}

const INBOX_COLUMNS = `m.id, m.title, m.content, m.type, m.link, r.is_read as "isRead", r.read_time as "readTime",
  m.create_time as "createTime", m.create_user as "createUser", u.real_name as "senderName"`;
const INBOX_FROM = `blade_message_receiver r
  join blade_message m on m.id = r.message_id and m.is_deleted = 0
  left join blade_user u on u.id = m.create_user`;
const MINE = 'r.tenant_id = $1 and r.user_id = $2 and r.is_deleted = 0';

/** The newest unread messages: what the bell's popover lists. */
export function latestUnread(q: Queryable, who: Recipient, limit: number): Promise<Row[]> {
  return q.query(
    `select ${INBOX_COLUMNS} from ${INBOX_FROM}
      where ${MINE} and r.is_read = ${UNREAD} order by m.create_time desc, m.id desc limit $3`,
    [who.tenantId, who.userId, limit],
  );
}

/** One page of the inbox, unread first, then newest; `isRead` narrows it to one state, `title` to titles containing it. */
export async function inboxPage(
  q: Queryable,
  who: Recipient,
  page: { current: number; size: number; isRead?: number; title?: string },
): Promise<{ records: Row[]; total: number; size: number; current: number; pages: number }> {
  const params: unknown[] = [who.tenantId, who.userId];
  let where = MINE;
  if (page.isRead !== undefined) {
    params.push(page.isRead);
    where += ` and r.is_read = $${params.length}`;
  }
  if (page.title) {
    params.push(page.title);
    where += ` and strpos(m.title, $${params.length}) > 0`;
  }
  const [{ total }] = await q.query<{ total: string }>(
    `select count(*) as total from ${INBOX_FROM} where ${where}`,
    params,
  );
  const records = await q.query(
    `select ${INBOX_COLUMNS} from ${INBOX_FROM} where ${where}
      order by r.is_read desc, m.create_time desc, m.id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, page.size, (page.current - 1) * page.size],
  );
  const count = Number(total);
  return { records, total: count, size: page.size, current: page.current, pages: Math.ceil(count / page.size) };
}

/** One message sent to the caller, marked read on the way (opening it is reading it). */
export async function openMessage(q: Queryable, who: Recipient, id: string): Promise<Row | undefined> {
  await q.query(
    `update blade_message_receiver set is_read = ${READ}, read_time = localtimestamp(0)
      where tenant_id = $1 and user_id = $2 and message_id = $3 and is_read = ${UNREAD} and is_deleted = 0`,
    [who.tenantId, who.userId, id],
  );
  const [row] = await q.query(`select ${INBOX_COLUMNS} from ${INBOX_FROM} where ${MINE} and m.id = $3`, [
    who.tenantId,
    who.userId,
    id,
  ]);
  return row;
}

/** Marks every unread message of the caller read; answers how many changed. */
export async function readAll(q: Queryable, who: Recipient): Promise<number> {
  const rows = await q.query(
    `update blade_message_receiver set is_read = ${READ}, read_time = localtimestamp(0)
      where tenant_id = $1 and user_id = $2 and is_read = ${UNREAD} and is_deleted = 0 returning id`,
    [who.tenantId, who.userId],
  );
  return rows.length;
}

/**
 * Removes messages from the caller's inbox (their receipts only; the sender still sees the delivery).
 * All or nothing: answers false when one of them is not in the inbox.
 */
export async function removeFromInbox(q: Queryable, who: Recipient, ids: string[]): Promise<boolean> {
  const rows = await q.query(
    `update blade_message_receiver set is_deleted = 1
      where tenant_id = $1 and user_id = $2 and message_id = any($3::bigint[]) and is_deleted = 0 returning id`,
    [who.tenantId, who.userId, ids],
  );
  return rows.length === ids.length;
}

/** A stored message as live push tells of it, and whom it went to. */
export interface SentMessage {
  id: string;
  title: string;
  type: number;
  createTime: string;
  userIds: string[];
  link?: string | null;
}

/**
 * Stores a message and one unread receipt per recipient. Every message is written here (消息管理's
 * send, the `sendMessage` job), so whoever calls it passes the answer to `announce` once the
 * transaction has committed.
 */
export async function send(
  q: Queryable,
  sender: Recipient & { deptId: string },
  message: NewMessage,
): Promise<SentMessage> {
  const id = nextId();
  const [{ createTime }] = await q.query<{ createTime: string }>(
    `insert into blade_message (id, tenant_id, title, content, type, create_user, create_dept, update_user, link)
      values ($1, $2, $3, $4, $5, $6, $7, $6, $8) returning create_time as "createTime"`,
    [
      id,
      sender.tenantId,
      message.title,
      message.content,
      message.type,
      sender.userId,
      sender.deptId || null,
      message.link ?? null,
    ],
  );
  // One statement for every receipt: a message to the whole tenant is one round trip, not one per user.
  await q.query(
    `insert into blade_message_receiver (id, tenant_id, message_id, user_id)
     select r.id, $1, $2, r.user_id from unnest($3::bigint[], $4::bigint[]) as r(id, user_id)`,
    [sender.tenantId, id, message.userIds.map(() => nextId()), message.userIds],
  );
  return {
    id,
    title: message.title,
    type: message.type,
    createTime,
    userIds: message.userIds,
    link: message.link ?? null,
  };
}

/**
 * What a tab is told of a new message: enough for a toast; the content is read by opening it. The link (the record
 * it tells of) lets the tab open it and refresh that screen's lists.
 */
type Pushed = { id: string; title: string; type: number; createTime: string; link?: string | null };
export type MessageEvent = { type: 'message'; message: Pushed };

const eventOf = (m: Pushed): MessageEvent => ({
  type: 'message',
  message: { id: m.id, title: m.title, type: m.type, createTime: m.createTime, link: m.link ?? null },
});

/**
 * Pushes a committed message to every open tab of its recipients, on every instance. Not from inside
 * the transaction (`afterTransaction` would also run after a rollback and announce a message that is not there).
 */
export function announce(push: Push, tenantId: string, sent: SentMessage): Promise<void> {
  return push.toUsers(tenantId, sent.userIds, eventOf(sent));
}

/**
 * What a tab that was away missed: the recipient's unread messages newer than the last one it saw
 * (ids are snowflakes, so they grow with time), at most `limit` of the newest, oldest first, as push events.
 */
export async function missedSince(
  q: Queryable,
  who: Recipient,
  sinceId: string,
  limit: number,
): Promise<MessageEvent[]> {
  const rows = await q.query<Pushed>(
    `select m.id, m.title, m.type, m.create_time as "createTime", m.link from ${INBOX_FROM}
      where ${MINE} and r.is_read = ${UNREAD} and m.id > $3::bigint order by m.id desc limit $4`,
    [who.tenantId, who.userId, sinceId, limit],
  );
  return rows.reverse().map(eventOf);
}
