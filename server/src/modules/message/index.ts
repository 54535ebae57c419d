import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import { oneId } from '../system/id-list.ts';
import { existingUsers, inboxPage, latestUnread, openMessage, READ, readAll, send, UNREAD } from './inbox.ts';

/** blade-message: the calls the notification bell makes (spec part 7), and `save` to send one. */
const BASE = '/api/blade-message/message';
const TOP_LIST_SIZE = 5;
const MAX_TOP_LIST = 50;
const MSG = {
  title: { zh: '请输入消息标题', en: 'Please enter the message title' },
  type: { zh: '消息类型只能是1到4', en: 'The message type must be 1 to 4' },
  receivers: { zh: '请选择接收人', en: 'Please choose the recipients' },
  unknownReceiver: { zh: '接收人不存在', en: 'A recipient does not exist' },
  isRead: { zh: 'isRead只能是0或1', en: 'isRead must be 0 or 1' },
  sent: { zh: '发送成功', en: 'Sent' },
} as const;

type Q = { Querystring: Record<string, string | undefined> };

function caller() {
  const c = ctx();
  return { tenantId: c.tenantId, userId: c.userId, deptId: c.deptId };
}

function readFlag(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw !== String(UNREAD) && raw !== String(READ)) throw badRequest(MSG.isRead);
  return Number(raw);
}

/** `userIds` as a comma-joined string or an array, checked to be ids. */
function userIdsOf(raw: unknown): string[] {
  const list = (Array.isArray(raw) ? raw : String(raw ?? '').split(',')).map((v) => String(v).trim()).filter(Boolean);
  if (!list.length) throw badRequest(MSG.receivers);
  if (!list.every(isId)) throw badRequest(MSG.unknownReceiver);
  return [...new Set(list)];
}

export function registerMessage(app: FastifyInstance, platform: Platform) {
  const { db } = platform;

  app.get<Q>(`${BASE}/my/topList`, { config: { title: '最新消息' } }, async (req) => {
    const size = Math.min(Math.max(Number(req.query.size) || TOP_LIST_SIZE, 1), MAX_TOP_LIST);
    const who = caller();
    return ok(await db.scoped(who.tenantId, (q) => latestUnread(q, who, size)));
  });

  app.get<Q>(`${BASE}/my/list`, { config: { title: '我的消息' } }, async (req) => {
    const page = { ...paging(req.query), isRead: readFlag(req.query.isRead) };
    const who = caller();
    return ok(await db.scoped(who.tenantId, (q) => inboxPage(q, who, page)));
  });

  app.get<Q>(`${BASE}/detail`, { config: { title: '消息详情' } }, async (req) => {
    const id = oneId(req.query.id, 'id');
    const who = caller();
    const row = await db.tx(who.tenantId, (q) => openMessage(q, who, id));
    if (!row) throw notFound();
    return ok(row);
  });

  app.post(`${BASE}/readAll`, { config: { title: '全部已读' } }, async () => {
    const who = caller();
    return ok(await db.tx(who.tenantId, (q) => readAll(q, who)));
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${BASE}/save`,
    { config: { title: '发送消息', button: 'message_add' } },
    async (req) => {
      const body = req.body ?? {};
      const title = String(body.title ?? '').trim();
      if (!title || title.length > 255) throw badRequest(MSG.title);
      const type = body.type === undefined || body.type === '' ? 1 : Number(body.type);
      if (!Number.isInteger(type) || type < 1 || type > 4) throw badRequest(MSG.type);
      const userIds = userIdsOf(body.userIds);
      const sender = caller();
      const id = await db.tx(sender.tenantId, async (q) => {
        const known = await existingUsers(q, sender.tenantId, userIds);
        if (known.length !== userIds.length) throw badRequest(MSG.unknownReceiver);
        return send(q, sender, { title, content: String(body.content ?? ''), type, userIds });
      });
      return ok(id, MSG.sent);
    },
  );
}
