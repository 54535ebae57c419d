import type { FastifyInstance } from 'fastify';
import { ctx, isAdministrator } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import { idList, NONE_SELECTED, oneId } from '../system/id-list.ts';
import {
  announce,
  inboxPage,
  latestUnread,
  openMessage,
  READ,
  readAll,
  removeFromInbox,
  send,
  UNREAD,
} from './inbox.ts';
import { registerNotifyRules } from './notify-rules.ts';
import {
  APPROVAL,
  DEPT_BROADCAST,
  ORDINARY,
  ROLE_BROADCAST,
  recipientsOf,
  sentDetail,
  sentPage,
  withdraw,
} from './outbox.ts';
import { sendMessageJob } from './send-job.ts';
import { registerSocket } from './socket.ts';

/**
 * blade-message (spec part 7): the calls the notification bell and 我的消息 make on the caller's
 * inbox, and 消息管理's: send (`save`), the sent list with read counts, and withdraw (`remove`).
 */
const BASE = '/api/blade-message/message';
const TOP_LIST_SIZE = 5;
const MAX_TOP_LIST = 50;
const MSG = {
  title: { zh: '请输入消息标题', en: 'Please enter the message title' },
  type: { zh: '消息类型只能是1到4', en: 'The message type must be 1 to 4' },
  approval: {
    zh: '审批消息由流程发送，不能手动发送',
    en: 'Approval messages are sent by the workflow and cannot be sent by hand',
  },
  receivers: { zh: '请选择接收人', en: 'Please choose the recipients' },
  unknownReceiver: { zh: '接收人不存在', en: 'A recipient does not exist' },
  depts: { zh: '请选择部门', en: 'Please choose the departments' },
  unknownDept: { zh: '部门不存在', en: 'A department does not exist' },
  roles: { zh: '请选择角色', en: 'Please choose the roles' },
  unknownRole: { zh: '角色不存在', en: 'A role does not exist' },
  nobody: { zh: '所选范围内没有用户', en: 'No user belongs to what you chose' },
  notInInbox: { zh: '消息不存在', en: 'A message does not exist' },
  notSent: { zh: '只能删除自己发送的消息', en: 'You can only remove messages you sent' },
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

/** Where each type's chosen ids travel, and what an empty or unknown choice says. */
const CHOICE = {
  [ORDINARY]: { field: 'userIds', missing: MSG.receivers, unknown: MSG.unknownReceiver },
  [DEPT_BROADCAST]: { field: 'deptIds', missing: MSG.depts, unknown: MSG.unknownDept },
  [ROLE_BROADCAST]: { field: 'roleIds', missing: MSG.roles, unknown: MSG.unknownRole },
} as const;

function typeOf(raw: unknown): keyof typeof CHOICE {
  const type = raw === undefined || raw === '' ? ORDINARY : Number(raw);
  if (type === APPROVAL) throw badRequest(MSG.approval);
  if (type !== ORDINARY && type !== DEPT_BROADCAST && type !== ROLE_BROADCAST) throw badRequest(MSG.type);
  return type;
}

/** An optional type filter of the sent list. */
function typeFilter(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const type = Number(raw);
  if (!Number.isInteger(type) || type < 1 || type > 4) throw badRequest(MSG.type);
  return type;
}

export function registerMessage(app: FastifyInstance, platform: Platform) {
  platform.jobs.register(sendMessageJob(platform.push));
  registerSocket(app, platform);
  registerNotifyRules(app, platform);
  const { db } = platform;

  app.get<Q>(`${BASE}/my/topList`, { config: { title: '最新消息' } }, async (req) => {
    // The paging parser's rules (a positive whole number, `1.5` is a 400), with this list's own default and cap.
    const { size } = paging({ size: req.query.size }, { size: TOP_LIST_SIZE, maxSize: MAX_TOP_LIST });
    const who = caller();
    return ok(await db.scoped(who.tenantId, (q) => latestUnread(q, who, size)));
  });

  app.get<Q>(`${BASE}/my/list`, { config: { title: '我的消息' } }, async (req) => {
    const page = { ...paging(req.query), isRead: readFlag(req.query.isRead), title: req.query.title?.trim() };
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

  app.post<Q>(`${BASE}/my/remove`, { config: { title: '删除我的消息' } }, async (req) => {
    const ids = idList(req.query.ids, NONE_SELECTED);
    const who = caller();
    await db.tx(who.tenantId, async (q) => {
      if (!(await removeFromInbox(q, who, ids))) throw badRequest(MSG.notInInbox);
    });
    return ok(true);
  });

  app.post<{ Body: Record<string, unknown> | undefined }>(
    `${BASE}/save`,
    { config: { title: '发送消息', button: 'message_add' } },
    async (req) => {
      const body = req.body ?? {};
      const title = String(body.title ?? '').trim();
      if (!title || title.length > 255) throw badRequest(MSG.title);
      const type = typeOf(body.type);
      const choice = CHOICE[type];
      const chosen = idList(body[choice.field], choice.missing);
      const sender = caller();
      const sent = await db.tx(sender.tenantId, async (q) => {
        const userIds = await recipientsOf(q, sender.tenantId, type, chosen);
        if (!userIds) throw badRequest(choice.unknown);
        if (!userIds.length) throw badRequest(MSG.nobody);
        return send(q, sender, { title, content: String(body.content ?? ''), type, userIds });
      });
      // Committed: every recipient's open tabs hear of it now (a broadcast reaches each member resolved above).
      await announce(platform.push, sender.tenantId, sent);
      return ok(sent.id, MSG.sent);
    },
  );

  /** An administrator reads and withdraws anyone's sent messages; everyone else only their own. */
  const senderScope = () => (isAdministrator() ? undefined : ctx().userId);

  app.get<Q>(`${BASE}/my/sendList`, { config: { title: '已发送消息' } }, async (req) => {
    const filter = { ...paging(req.query), title: req.query.title?.trim(), type: typeFilter(req.query.type) };
    const who = caller();
    return ok(await db.scoped(who.tenantId, (q) => sentPage(q, who.tenantId, who.userId, filter)));
  });

  app.get<Q>(`${BASE}/sendDetail`, { config: { title: '已发送消息详情' } }, async (req) => {
    const id = oneId(req.query.id, 'id');
    const { tenantId } = caller();
    const row = await db.scoped(tenantId, (q) => sentDetail(q, tenantId, id, senderScope()));
    if (!row) throw notFound();
    return ok(row);
  });

  app.post<Q>(`${BASE}/remove`, { config: { title: '删除消息', button: 'message_delete' } }, async (req) => {
    const ids = idList(req.query.ids, NONE_SELECTED);
    const { tenantId } = caller();
    await db.tx(tenantId, async (q) => {
      if (!(await withdraw(q, tenantId, ids, senderScope()))) throw badRequest(MSG.notSent);
    });
    return ok(true);
  });
}
