import { type EntityDef, FEEDBACK_STATUS, feedback, feedbackReply, guide, news, PUBLISH_STATUS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { badRequest, forbidden, notFound, ok } from '../../platform/errors.ts';
import { isId, nextId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { mountAttachments } from '../../resources/attachments.ts';
import {
  createResource,
  type EntityHooks,
  mountResource,
  objectBody,
  type Resource,
  requireButton,
} from '../../resources/engine.ts';
import { modelOf } from '../../resources/model.ts';
import { writeValues } from '../../resources/validate.ts';
import { announce, send } from '../message/inbox.ts';
import { notifyingHooks } from '../message/notify-rules.ts';
import { ORDINARY } from '../message/outbox.ts';
import { ownEnterprise } from '../user/company.ts';
import { normalTags } from './policy.ts';

/**
 * The interaction portal (blade-basic/news, blade-basic/guide) and the park's feedback
 * (blade-basic/feedback with its replies). News and guides are the park's to write and every
 * account's to read once published (a company account reads nothing in the making); their rich-text
 * bodies are sanitised by the engine on every save. A feedback is its author's: a company account
 * submits it and reads its own with the thread. Its state moves 待处理 -> 已回复 (a park reply, which
 * tells the author through the message centre) -> 已关闭 (no reply after that), each move one
 * conditional update, so a reply and a close racing each other cannot both win.
 */

const MSG = {
  companyWrite: { zh: '企业账号不能修改园区资讯', en: 'A company account cannot change the park’s articles' },
  feedback: { zh: '反馈不存在', en: 'The feedback does not exist' },
  feedbackId: { zh: '反馈编号无效', en: 'The feedback id is not valid' },
  closed: { zh: '该反馈已关闭，不能再回复', en: 'This feedback is closed and takes no more replies' },
  alreadyClosed: { zh: '该反馈已关闭', en: 'This feedback is already closed' },
  answered: {
    zh: '园区已处理该反馈，不能再修改，可在回复中补充',
    en: 'The park has handled this feedback; it can no longer be changed, add a reply instead',
  },
  replied: { zh: '回复成功', en: 'Reply sent' },
  closedOk: { zh: '已关闭', en: 'Closed' },
} as const;

/** News and guides: the park writes them; a company account reads the published ones only. */
function articleResource(platform: Platform, entity: EntityDef): Resource {
  return createResource(platform, entity, {
    async scope(where) {
      if ((await ownEnterprise(platform)) !== null) where.and(`"publish_status" = ${PUBLISH_STATUS.published}`);
    },
    async beforeSave({ values }) {
      if ((await ownEnterprise(platform)) !== null) throw forbidden(MSG.companyWrite);
      if (Object.hasOwn(values, 'tags')) values.tags = normalTags(values.tags);
    },
    async afterSave({ q, row }) {
      // The publishing time follows the state: set when published (kept while it stays so), cleared when withdrawn.
      await q.query(
        `update ${entity.table} set publish_time = case when publish_status = ${PUBLISH_STATUS.published}
           then coalesce(publish_time, localtimestamp(0)) else null end where id = $1`,
        [row.id],
      );
    },
    async afterRemove() {
      if ((await ownEnterprise(platform)) !== null) throw forbidden(MSG.companyWrite);
    },
  });
}

/** `select`: the visible items whose title contains the given text, id and title, newest first. */
function mountSelect(app: FastifyInstance, resource: Resource) {
  const { entity } = resource.model;
  app.get<{ Querystring: Record<string, string | undefined> }>(
    `/api/${entity.api}/select`,
    { config: { title: `${entity.label.zh}下拉` } },
    async (req) => {
      const rows = await resource.list({ title_like: req.query.title ?? '', descs: 'publishTime' });
      return ok(rows.map((r) => ({ id: r.id, title: r.title, publishTime: r.publishTime })));
    },
  );
}

/** The feedback's state after a reply: the park's answers it, the author's own follow-up asks again. */
const afterReply = (fromPark: boolean) => (fromPark ? FEEDBACK_STATUS.replied : FEEDBACK_STATUS.pending);

export async function registerInteraction(app: FastifyInstance, platform: Platform) {
  const newsItems = articleResource(platform, news);
  mountResource(app, newsItems);
  mountSelect(app, newsItems);

  const guides = articleResource(platform, guide);
  mountResource(app, guides);
  mountSelect(app, guides);
  await mountAttachments(app, platform, { resource: guides, ownerParam: 'guideId', typed: true });

  const feedbackHooks: EntityHooks = {
    // A company account reads its own feedback; park staff the tenant's.
    async scope(where, caller) {
      if ((await ownEnterprise(platform)) !== null) where.and(`"create_user" = ${where.param(caller.userId)}`);
    },
    async beforeSave({ q, isNew, body }) {
      if (isNew || (await ownEnterprise(platform)) === null) return;
      // The author changes its words only while nobody has answered; the engine holds the row locked.
      const [row] = await q.query<{ feedback_status: number }>(
        'select feedback_status from basic_feedback where id = $1',
        [body.id],
      );
      if (row && row.feedback_status !== FEEDBACK_STATUS.pending) throw badRequest(MSG.answered);
    },
    async afterSave({ q, isNew, row }) {
      if (!isNew) return;
      // A company account's feedback names its enterprise, whatever the body said.
      const own = await ownEnterprise(platform);
      await q.query('update basic_feedback set enterprise_id = $2 where id = $1', [row.id, own]);
    },
    async afterRemove({ q, ids }) {
      await q.query(
        `update basic_feedback_reply set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where feedback_id = any($1::bigint[]) and tenant_id = $3 and is_deleted = 0`,
        [ids, ctx().userId, ctx().tenantId],
      );
    },
  };
  // The staff the tenant's rule names hear of new feedback (issue 34.1).
  const feedbacks = createResource(platform, feedback, notifyingHooks(platform, 'feedback', feedbackHooks));
  mountResource(app, feedbacks);
  await mountAttachments(app, platform, { resource: feedbacks, ownerParam: 'feedbackId', typed: true });

  const base = `/api/${feedback.api}`;
  const replyModel = modelOf(feedbackReply);
  type Q = { Querystring: Record<string, string | undefined> };

  /**
   * Who may act on a feedback's thread: its author (a company account reads only its own), or park
   * staff holding the screen's edit button. Answers whether the caller speaks for the park.
   */
  const threadCaller = async (id: string, q?: Queryable): Promise<boolean> => {
    if (!(await feedbacks.visibleIds([id], q)).length) throw notFound(MSG.feedback);
    const fromPark = (await ownEnterprise(platform)) === null;
    if (fromPark) await requireButton(platform, ctx(), `${feedback.key}_edit`);
    return fromPark;
  };

  const feedbackIdOf = (raw: unknown) => {
    const id = String(raw ?? '').trim();
    if (!isId(id)) throw badRequest(MSG.feedbackId);
    return id;
  };

  app.get<Q>(`${base}/reply-list`, { config: { title: '意见反馈回复列表' } }, async (req) => {
    const id = feedbackIdOf(req.query.feedbackId);
    if (!(await feedbacks.visibleIds([id])).length) throw notFound(MSG.feedback);
    const { tenantId } = ctx();
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select r.id::text as id, r.feedback_id::text as "feedbackId", r.content, r.from_park as "fromPark",
                r.create_user::text as "createUser", u.real_name as "createUserName", r.create_time as "createTime"
           from basic_feedback_reply r left join blade_user u on u.id = r.create_user
          where r.tenant_id = $1 and r.feedback_id = $2 and r.is_deleted = 0 order by r.id`,
        [tenantId, id],
      ),
    );
    return ok(rows);
  });

  app.post<{ Body: unknown }>(`${base}/reply`, { config: { title: '意见反馈回复' } }, async (req) => {
    const body = objectBody(req.body);
    const id = feedbackIdOf(body.feedbackId);
    const values = writeValues(replyModel, { feedbackId: id, content: body.content }, true);
    const content = String(values.get(replyModel.columns.get('content')!));
    const caller = ctx();
    const { reply, sent } = await platform.db.tx(caller.tenantId, async (q) => {
      const fromPark = await threadCaller(id, q);
      // The move and its condition in one statement: a closed feedback matches nothing, whatever runs beside it.
      const [moved] = await q.query<{ author: string | null; title: string }>(
        `update basic_feedback set feedback_status = $3, reply_count = reply_count + 1,
                last_reply_time = localtimestamp(0), update_user = $4, update_time = localtimestamp(0)
          where id = $1 and tenant_id = $2 and is_deleted = 0 and feedback_status <> ${FEEDBACK_STATUS.closed}
          returning create_user::text as author, title`,
        [id, caller.tenantId, afterReply(fromPark), caller.userId],
      );
      if (!moved) throw badRequest(MSG.closed);
      const [row] = await q.query(
        `insert into basic_feedback_reply (id, tenant_id, feedback_id, content, from_park, create_user, create_dept, update_user)
         values ($1, $2, $3, $4, $5, $6, $7, $6)
         returning id::text as id, feedback_id::text as "feedbackId", content, from_park as "fromPark",
                   create_user::text as "createUser", create_time as "createTime"`,
        [nextId(), caller.tenantId, id, content, fromPark ? 1 : 0, caller.userId, caller.deptId || null],
      );
      // The park's answer reaches its author in the message centre (not a reply to oneself).
      const tell = fromPark && moved.author && moved.author !== caller.userId;
      return {
        reply: { ...row, createUserName: caller.userName },
        sent: tell
          ? await send(q, caller, {
              title: `您的意见反馈有新回复：${moved.title}`.slice(0, 255),
              content: `《${moved.title}》\n${content}\n请在「意见反馈」中查看完整回复。`,
              type: ORDINARY,
              userIds: [moved.author as string],
            })
          : undefined,
      };
    });
    // Committed: the author's open tabs hear of it now.
    if (sent) await announce(platform.push, caller.tenantId, sent);
    return ok(reply, MSG.replied);
  });

  app.post<Q>(`${base}/close`, { config: { title: '意见反馈关闭' } }, async (req) => {
    const id = feedbackIdOf(req.query.id);
    const caller = ctx();
    await platform.db.tx(caller.tenantId, async (q) => {
      await threadCaller(id, q);
      const [closed] = await q.query(
        `update basic_feedback set feedback_status = ${FEEDBACK_STATUS.closed}, close_time = localtimestamp(0),
                update_user = $3, update_time = localtimestamp(0)
          where id = $1 and tenant_id = $2 and is_deleted = 0 and feedback_status <> ${FEEDBACK_STATUS.closed}
          returning id`,
        [id, caller.tenantId, caller.userId],
      );
      if (!closed) throw badRequest(MSG.alreadyClosed);
    });
    return ok(true, MSG.closedOk);
  });
}
