import type { FastifyInstance } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { badRequest, notFound, ok } from '../../platform/errors.ts';
import { isId } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { paging } from '../../resources/conditions.ts';
import { idsParam, NOTHING_REMOVED, removedMessage } from '../../resources/engine.ts';
import { likeEscape } from '../../resources/sql.ts';
import { REPORT_TITLE } from './content.ts';
import { generateMonthly, removeFiles } from './generate.ts';
import { reportJob } from './job.ts';

/**
 * 报表管理 (blade-report/report/rest, issue 33): the tenant's generated reports. `list` pages them as every list does
 * (newest first; search by name or month, order by month), `remove` removes them with their files; our extensions:
 * `generate` makes (or makes again) a month's report and `download` streams its PDF or Excel file. The monthly job
 * (`monthlyReport`, ./job.ts) makes last month's through the same function. Company accounts never reach these
 * (company-fence): the figures are the park's.
 */
const BASE = '/api/blade-report/report/rest';
type Q = { Querystring: Record<string, unknown>; Body: unknown };

const FORMATS = {
  pdf: { column: 'pdf_file', type: 'application/pdf' },
  xlsx: { column: 'xlsx_file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;
type Format = keyof typeof FORMATS;

const MSG = {
  badFormat: { zh: '文件格式应为 pdf 或 xlsx', en: 'The file format must be pdf or xlsx' },
  notDone: { zh: '报表尚未生成完成，暂不能下载', en: 'The report is not ready yet, so it cannot be downloaded' },
  badId: { zh: '编号无效', en: 'The id is not valid' },
  generated: (period: string) => ({ zh: `${period} 的报表已生成`, en: `The report of ${period} is ready` }),
} as const;

/** The fields a list may be ordered by (BladeX's ascs/descs), and their columns; anything else is ignored. */
const SORTS: Record<string, string> = {
  period: 'r.period',
  name: 'r.name',
  createTime: 'r.create_time',
  generatedTime: 'r.generated_time',
};

const ROW = `r.id::text as "id", r.name, r.kind, r.period, r.report_status as "reportStatus",
  r.fail_message as "failMessage", r.pdf_size::float8 as "pdfSize", r.xlsx_size::float8 as "xlsxSize",
  to_char(r.generated_time, 'YYYY-MM-DD HH24:MI:SS') as "generatedTime",
  r.create_user::text as "createUser", u.real_name as "createUserName",
  to_char(r.create_time, 'YYYY-MM-DD HH24:MI:SS') as "createTime",
  to_char(r.update_time, 'YYYY-MM-DD HH24:MI:SS') as "updateTime"`;
const FROM = `from report_file r left join blade_user u on u.id = r.create_user and u.tenant_id = r.tenant_id`;

/** A single text parameter (a repeated one is its first), trimmed; '' when absent. */
function text(query: Record<string, unknown>, name: string): string {
  const raw = Array.isArray(query[name]) ? (query[name] as unknown[])[0] : query[name];
  return raw === undefined || raw === null || typeof raw === 'object' ? '' : String(raw).trim();
}

/** The order of a list: the first ascs/descs field it knows, newest first otherwise. */
function orderOf(query: Record<string, unknown>): string {
  for (const [param, dir] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const field = text(query, param)
      .split(',')
      .map((f) => f.trim())
      .find((f) => Object.hasOwn(SORTS, f));
    if (field) return `${SORTS[field]} ${dir}, r.id desc`;
  }
  return 'r.create_time desc, r.id desc';
}

/** The month a generate names, in the body or the query. */
function periodOf(query: Record<string, unknown>, body: unknown): unknown {
  const fromBody =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as { period?: unknown }).period : undefined;
  return fromBody ?? (Array.isArray(query.period) ? query.period[0] : query.period);
}

export function registerReport(app: FastifyInstance, platform: Platform) {
  platform.jobs.register(reportJob(platform));

  const listRoute = async (query: Record<string, unknown>) => {
    const { current, size } = paging(query);
    const { tenantId } = ctx();
    const params: unknown[] = [tenantId];
    const where = ['r.tenant_id = $1', 'r.is_deleted = 0'];
    for (const [name, column] of [
      ['name', 'r.name'],
      ['period', 'r.period'],
    ] as const) {
      const value = text(query, name);
      if (value) {
        params.push(`%${likeEscape(value)}%`);
        where.push(`${column} like $${params.length}`);
      }
    }
    const status = text(query, 'reportStatus');
    if (status) {
      params.push(status);
      where.push(`r.report_status = $${params.length}`);
    }
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query<Record<string, unknown> & { __total: string }>(
        `select ${ROW}, count(*) over () as "__total" ${FROM} where ${where.join(' and ')}
          order by ${orderOf(query)} limit ${size} offset ${(current - 1) * size}`,
        params,
      ),
    );
    // A page past the end has no row to carry the total: count once more.
    const total = rows.length
      ? Number(rows[0].__total)
      : current === 1
        ? 0
        : await platform.db.scoped(tenantId, async (q) => {
            const [row] = await q.query<{ n: number }>(
              `select count(*)::int as n ${FROM} where ${where.join(' and ')}`,
              params,
            );
            return row.n;
          });
    const records = rows.map(({ __total, ...record }) => record);
    return { records, total, size, current, pages: Math.ceil(total / size) };
  };

  app.get<Q>(`${BASE}/list`, { config: { title: '报表列表' } }, async (req) => ok(await listRoute(req.query)));

  app.post<Q>(`${BASE}/remove`, { config: { title: '删除报表', button: 'report_delete' } }, async (req) => {
    const ids = idsParam(req.query);
    const { tenantId, userId } = ctx();
    const removed = await platform.db.tx(tenantId, (q) =>
      q.query<{ pdf_file: string | null; xlsx_file: string | null }>(
        `update report_file set is_deleted = 1, update_user = $3, update_time = localtimestamp(0)
          where tenant_id = $1 and id = any($2::bigint[]) and is_deleted = 0 returning pdf_file, xlsx_file`,
        [tenantId, ids, userId],
      ),
    );
    if (!removed.length) throw badRequest(NOTHING_REMOVED);
    // Once the rows are gone: a generation under way finds its row removed and deletes its own files.
    await removeFiles(
      platform.files,
      removed.flatMap((r) => [r.pdf_file, r.xlsx_file]),
    );
    return ok(true, removedMessage(removed.length, ids.length));
  });

  app.post<Q>(`${BASE}/generate`, { config: { title: '生成报表', button: 'report_generate' } }, async (req) => {
    const raw = periodOf(req.query, req.body);
    const period = typeof raw === 'string' ? raw.trim() : raw;
    const { tenantId, userId, deptId } = ctx();
    const id = await generateMonthly(platform, tenantId, period as string, {
      userId,
      deptId: deptId.split(',')[0] ?? '',
    });
    const [row] = await platform.db.scoped(tenantId, (q) => q.query(`select ${ROW} ${FROM} where r.id = $1`, [id]));
    return ok(row, MSG.generated(String(period)));
  });

  app.get<Q>(`${BASE}/download`, { config: { title: '下载报表', button: 'report_view' } }, async (req, reply) => {
    const id = text(req.query, 'id');
    if (!isId(id)) throw badRequest(MSG.badId);
    const format = (text(req.query, 'format') || 'pdf').toLowerCase();
    if (!Object.hasOwn(FORMATS, format)) throw badRequest(MSG.badFormat);
    const { column, type } = FORMATS[format as Format];
    const { tenantId } = ctx();
    const [row] = await platform.db.scoped(tenantId, (q) =>
      q.query<{ period: string; report_status: string; file: string | null }>(
        `select period, report_status, ${column} as file from report_file
          where tenant_id = $1 and id = $2 and is_deleted = 0`,
        [tenantId, id],
      ),
    );
    if (!row) throw notFound();
    if (row.report_status !== 'done' || !row.file) throw badRequest(MSG.notDone);
    const file = await platform.files.open(row.file);
    if (!file) throw notFound();
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', attachment(`${REPORT_TITLE}-${row.period}.${format}`))
      .type(type);
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  });
}

/** A download's Content-Disposition: an ASCII fallback name and the real one in RFC 5987's UTF-8 form. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
