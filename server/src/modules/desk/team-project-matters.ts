import { MATTER_STATUS } from '@park/catalog';
import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';

/**
 * The desk's 项目待办 (spec part 7 desk "team-project-matters (todoStatistics, todoList)"): the
 * caller's own matters, whoever created them: their counts, the open ones oldest due first, one
 * of them in detail, and completing it. Each is one statement on the (tenant, assignee) index.
 */
const BASE = '/api/blade-desk/team-project-matters';
type Q = { Querystring: Record<string, unknown> };
const { todo, doing, done } = MATTER_STATUS;

const MSG = {
  done: { zh: '该事项已完成', en: 'This matter is already done' },
  completed: { zh: '事项已完成', en: 'Matter completed' },
} as const;

/** A matter as the desk shows it, with its project's name joined. */
const MATTER_COLUMNS = `m.id::text as "id", m.team_project_id::text as "teamProjectId", p.project_name as "projectName",
  m.matter_title as "matterTitle", m.content as "content", m.priority as "priority", m.due_date as "dueDate",
  m.matter_status as "matterStatus", m.finish_time as "finishTime", m.create_time as "createTime",
  (m.matter_status <> ${done} and m.due_date < current_date) as "overdue"`;
const MATTER_FROM = `from basic_team_project_matters m
  join basic_team_project p on p.id = m.team_project_id and p.tenant_id = m.tenant_id`;

function matterId(query: Record<string, unknown>): string {
  const id = String(query.id ?? '').trim();
  if (!isId(id)) throw badRequest({ zh: '编号无效', en: 'The id is not valid' });
  return id;
}

export function registerTeamProjectMatters(app: FastifyInstance, platform: Platform) {
  app.get(`${BASE}/todoStatistics`, { config: { title: '我的事项统计' } }, async () => {
    const { tenantId, userId } = ctx();
    const [counts] = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select count(*) filter (where matter_status = ${todo})::int as "todo",
                count(*) filter (where matter_status = ${doing})::int as "doing",
                count(*) filter (where matter_status <> ${done} and due_date < current_date)::int as "overdue",
                count(*) filter (where matter_status = ${done}
                                   and finish_time >= date_trunc('month', localtimestamp))::int as "doneThisMonth",
                count(*)::int as "total"
           from basic_team_project_matters
          where tenant_id = $1 and assignee = $2 and is_deleted = 0`,
        [tenantId, userId],
      ),
    );
    return ok(counts);
  });

  app.get<Q>(`${BASE}/todoList`, { config: { title: '我的待办事项' } }, async (req) => {
    const { current, size } = paging(req.query);
    const { tenantId, userId } = ctx();
    const where = `where m.tenant_id = $1 and m.assignee = $2 and m.is_deleted = 0 and m.matter_status <> ${done}`;
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query<Record<string, unknown> & { __total: string }>(
        `select ${MATTER_COLUMNS}, count(*) over () as "__total" ${MATTER_FROM} ${where}
          order by m.due_date, m.id limit $3 offset $4`,
        [tenantId, userId, size, (current - 1) * size],
      ),
    );
    // A page past the end has no row to carry the total: count once more.
    const total = rows.length
      ? Number(rows[0].__total)
      : current === 1
        ? 0
        : await platform.db.scoped(tenantId, async (q) => {
            const [row] = await q.query<{ n: number }>(`select count(*)::int as n ${MATTER_FROM} ${where}`, [
              tenantId,
              userId,
            ]);
            return row.n;
          });
    const records = rows.map(({ __total, ...record }) => record);
    return ok({ records, total, size, current, pages: Math.ceil(total / size) });
  });

  app.get<Q>(`${BASE}/detail`, { config: { title: '我的事项详情' } }, async (req) => {
    const id = matterId(req.query);
    const { tenantId, userId } = ctx();
    const [row] = await platform.db.scoped(tenantId, (q) =>
      q.query(
        `select ${MATTER_COLUMNS} ${MATTER_FROM}
          where m.id = $1 and m.tenant_id = $2 and m.assignee = $3 and m.is_deleted = 0`,
        [id, tenantId, userId],
      ),
    );
    if (!row) throw notFound();
    return ok(row);
  });

  app.post<Q>(
    `${BASE}/complete`,
    { config: { title: '完成事项', button: 'desk_team_project_complete' } },
    async (req) => {
      const id = matterId(req.query);
      const { tenantId, userId } = ctx();
      await platform.db.tx(tenantId, async (q) => {
        const [row] = await q.query<{ matter_status: number }>(
          `select matter_status from basic_team_project_matters
            where id = $1 and tenant_id = $2 and assignee = $3 and is_deleted = 0 for update`,
          [id, tenantId, userId],
        );
        if (!row) throw notFound();
        if (row.matter_status === done) throw badRequest(MSG.done);
        await q.query(
          `update basic_team_project_matters
              set matter_status = ${done}, finish_time = localtimestamp(0), update_user = $2, update_time = localtimestamp(0)
            where id = $1`,
          [id, userId],
        );
      });
      return ok(true, MSG.completed);
    },
  );
}
