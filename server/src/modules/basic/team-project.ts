import { MATTER_STATUS, teamProject, teamProjectMatters } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db.ts';
import { type Bilingual, badRequest } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createResource, mountResource, type Resource } from '../../resources/engine.ts';

/**
 * Team projects and their matters (blade-basic/team-project, blade-basic/team-project-matters):
 * the generic endpoints, with the people, enterprise and project a row names checked to be live
 * rows of the caller's tenant, a removed project taking its matters with it, and a matter's
 * finish time kept by the server from its status.
 */

const MSG = {
  leader: { zh: '所选项目负责人不是本园区的账号', en: 'The chosen leader is not an account of the park' },
  assignee: { zh: '所选处理人不是本园区的账号', en: 'The chosen assignee is not an account of the park' },
  enterprise: { zh: '所属企业不存在', en: 'The enterprise does not exist' },
  project: { zh: '所属项目不存在', en: 'The project does not exist' },
} as const;

/**
 * The row `id` of `table` is live in the caller's tenant (and meets `also`), or a 400 with `missing`;
 * nothing to check for no id.
 */
export async function requireLive(
  q: Queryable,
  table: string,
  id: unknown,
  missing: Bilingual,
  also = '',
): Promise<void> {
  if (id === undefined || id === null) return;
  const found = await q.query(`select 1 from ${table} where id = $1 and tenant_id = $2 and is_deleted = 0 ${also}`, [
    id,
    ctx().tenantId,
  ]);
  if (!found.length) throw badRequest(missing);
}

/** Leaders and assignees are the park's own people: a company account (user_type 2) is not one. */
const requireParkUser = (q: Queryable, id: unknown, missing: Bilingual) =>
  requireLive(q, 'blade_user', id, missing, 'and user_type <> 2');

/**
 * A matter's finish time follows its status: set when it becomes done (kept while it stays done),
 * cleared when it is opened again. One expression for every write that changes the status.
 */
const FINISH_TIME_FROM_STATUS = `finish_time = case when matter_status = ${MATTER_STATUS.done}
  then coalesce(finish_time, localtimestamp(0)) else null end`;

export function registerTeamProjects(app: FastifyInstance, platform: Platform): Resource {
  const projects = createResource(platform, teamProject, {
    async beforeSave({ q, values }) {
      await requireParkUser(q, values.leader, MSG.leader);
      await requireLive(q, 'crm_enterprise', values.enterpriseId, MSG.enterprise);
    },
    // A matter without its project means nothing: they go together, in the removing transaction.
    async afterRemove({ q, ids }) {
      await q.query(
        `update basic_team_project_matters set is_deleted = 1, update_user = $2, update_time = localtimestamp(0)
          where team_project_id = any($1::bigint[]) and tenant_id = $3 and is_deleted = 0`,
        [ids, ctx().userId, ctx().tenantId],
      );
    },
  });
  mountResource(app, projects);

  const matters = createResource(platform, teamProjectMatters, {
    async beforeSave({ q, values }) {
      await requireLive(q, 'basic_team_project', values.teamProjectId, MSG.project);
      await requireParkUser(q, values.assignee, MSG.assignee);
    },
    async afterSave({ q, row }) {
      await q.query(`update basic_team_project_matters set ${FINISH_TIME_FROM_STATUS} where id = $1`, [row.id]);
    },
  });
  mountResource(app, matters);
  return matters;
}
