import multipart from '@fastify/multipart';
import { teamProjectDocument, teamProjectMattersComments } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Row } from '../../platform/db.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  deleteRemovedFiles,
  MAX_ATTACHMENT_BYTES,
  mountAttachments,
  receiveAttachment,
} from '../../resources/attachments.ts';
import { paging } from '../../resources/conditions.ts';
import {
  createResource,
  idsParam,
  mountResource,
  NOTHING_REMOVED,
  type Resource,
  removedMessage,
  requireButton,
} from '../../resources/engine.ts';
import { requireLive } from './team-project.ts';

/**
 * A matter's comments (blade-basic/team-project-matters-comments), each by the user who writes it,
 * with its files, and a project's documents (blade-basic/team-project-document) with theirs. Every
 * file is an attachment in the attachment store (resources/attachments.ts): `attach-list`,
 * `save-attach` and `remove-attach` under the owner's path, and for a comment also the generic five of
 * `team-project-matters-comments-attach`, whose rows are the comment's attachments.
 */
const MSG = {
  matter: { zh: '所属事项不存在', en: 'The matter does not exist' },
  project: { zh: '所属项目不存在', en: 'The project does not exist' },
  comment: { zh: '所属评论不存在', en: 'The comment does not exist' },
  commentsId: { zh: '请选择所属评论', en: 'Please choose the comment' },
  id: { zh: '编号无效', en: 'The id is not valid' },
} as const;

const COMMENTS_ATTACH = '/api/blade-basic/team-project-matters-comments-attach';
const COLUMNS = `id::text as id, business_id::text as "commentsId", name, link, extension,
  attach_size::int as "attachSize", create_time as "createTime"`;

export async function registerTeamProjectFiles(app: FastifyInstance, platform: Platform) {
  const comments = createResource(platform, teamProjectMattersComments, {
    async beforeSave({ q, values }) {
      await requireLive(q, 'basic_team_project_matters', values.teamProjectMattersId, MSG.matter);
    },
    // The author is whoever writes the comment first; an edit keeps it.
    async afterSave({ q, isNew, row }) {
      if (isNew)
        await q.query('update basic_team_project_matters_comments set comment_user = $2 where id = $1', [
          row.id,
          ctx().userId,
        ]);
    },
  });
  mountResource(app, comments);
  await mountAttachments(app, platform, { resource: comments, ownerParam: 'commentsId' });
  await mountCommentAttachments(app, platform, comments);

  const documents = createResource(platform, teamProjectDocument, {
    async beforeSave({ q, values }) {
      await requireLive(q, 'basic_team_project', values.teamProjectId, MSG.project);
    },
  });
  mountResource(app, documents);
  await mountAttachments(app, platform, { resource: documents, ownerParam: 'documentId' });
}

/**
 * team-project-matters-comments-attach: list and page a comment's files (commentsId), detail one,
 * submit one (a multipart upload, as save-attach), remove some (ids). Whoever may read the comment
 * reads its files; writing them takes the comment screen's edit button.
 */
async function mountCommentAttachments(app: FastifyInstance, platform: Platform, comments: Resource) {
  const businessType = comments.model.entity.key;
  const button = `${businessType}_edit`;
  type Q = { Querystring: Record<string, unknown> };

  const visibleComment = async (raw: unknown) => {
    const id = String(raw ?? '').trim();
    if (!id) throw badRequest(MSG.commentsId);
    if (!isId(id)) throw badRequest(MSG.id);
    if (!(await comments.detail(id))) throw notFound(MSG.comment);
    return id;
  };
  const read = (sql: string, params: unknown[]) =>
    platform.db.scoped(ctx().tenantId, (q) => q.query<Row & { commentsId: string }>(sql, params));

  const page = async (query: Record<string, unknown>) => {
    const commentsId = await visibleComment(query.commentsId);
    const { current, size } = paging(query);
    const where = 'where tenant_id = $1 and business_type = $2 and business_id = $3 and is_deleted = 0';
    const params = [ctx().tenantId, businessType, commentsId];
    const [{ n }] = await read(`select count(*)::int as n from park_attachment ${where}`, params);
    const records = await read(
      `select ${COLUMNS} from park_attachment ${where} order by id limit ${size} offset ${(current - 1) * size}`,
      params,
    );
    const total = Number(n);
    return { records, total, size, current, pages: Math.ceil(total / size) };
  };
  app.get<Q>(`${COMMENTS_ATTACH}/list`, { config: { title: '事项评论附件列表' } }, async (req) =>
    ok(await page(req.query)),
  );
  app.get<Q>(`${COMMENTS_ATTACH}/page`, { config: { title: '事项评论附件分页' } }, async (req) =>
    ok(await page(req.query)),
  );

  /** The live attachment of a comment the caller may read, or 404. */
  const attachment = async (id: string) => {
    const [row] = await read(
      `select ${COLUMNS} from park_attachment where id = $1 and tenant_id = $2 and business_type = $3 and is_deleted = 0`,
      [id, ctx().tenantId, businessType],
    );
    if (!row) throw notFound();
    await visibleComment(row.commentsId);
    return row;
  };
  app.get<Q>(`${COMMENTS_ATTACH}/detail`, { config: { title: '事项评论附件详情' } }, async (req) => {
    const id = String(req.query.id ?? '').trim();
    if (!isId(id)) throw badRequest(MSG.id);
    return ok(await attachment(id));
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } });
    scope.post<Q>(`${COMMENTS_ATTACH}/submit`, { config: { title: '事项评论上传附件' } }, async (req) => {
      await requireButton(platform, ctx(), button);
      const commentsId = await visibleComment(req.query.commentsId);
      const row = await receiveAttachment(platform, req, businessType, commentsId);
      return ok({ ...row, commentsId }, { zh: '上传成功', en: 'Uploaded' });
    });
  });

  app.post<Q>(`${COMMENTS_ATTACH}/remove`, { config: { title: '事项评论删除附件' } }, async (req) => {
    const caller = ctx();
    await requireButton(platform, caller, button);
    const ids = idsParam(req.query);
    // Only the files of comments the caller may read: the others are none it knows.
    const reachable: string[] = [];
    for (const id of ids) {
      const found = await attachment(id).catch(() => undefined);
      if (found) reachable.push(id);
    }
    if (!reachable.length) throw badRequest(NOTHING_REMOVED);
    await platform.db.tx(caller.tenantId, (q) =>
      q.query(
        `update park_attachment set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where id = any($1::bigint[])`,
        [reachable, caller.userId],
      ),
    );
    await deleteRemovedFiles(platform, caller.tenantId, reachable, req.log);
    return ok(true, removedMessage(reachable.length, new Set(ids).size));
  });
}
