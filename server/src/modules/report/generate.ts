import { randomBytes } from 'node:crypto';
import type { CacheRegistry } from '../../platform/cache.ts';
import type { Database } from '../../platform/db.ts';
import { dictionaryLabels } from '../../platform/dictionaries.ts';
import { ApiError, type Bilingual, badRequest } from '../../platform/errors.ts';
import { nextId } from '../../platform/ids.ts';
import type { FileStore } from '../../platform/storage.ts';
import { REPORT_TITLE, reportContent } from './content.ts';
import { reportWorkbook } from './excel.ts';
import { monthlyFigures } from './figures.ts';
import { reportPdf } from './pdf.ts';

/**
 * Making a month's report, the one function behind 生成报表 and the monthly job: claim the month's row (made, or
 * taken back from done or failed, as generating), read the figures, write both files to the file store, then finish
 * the row in one update (done with the new files, whose predecessors are then deleted), or mark it failed with the
 * reason. Only the claim's token finishes a row, so a generation whose row was removed, or taken over after it was
 * left generating for longer than STALE_MINUTES (its instance died), deletes its own files instead.
 */
export const KIND = 'monthly';
/** A generation left this long (an instance that died mid-way) no longer holds its month. */
export const STALE_MINUTES = 10;

export const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_YEAR = 1970;

export const REPORT_MESSAGES = {
  badPeriod: {
    zh: '报表月份格式应为 YYYY-MM，例如 2026-10',
    en: 'The report month must be given as YYYY-MM, for example 2026-10',
  },
  tooEarly: { zh: `报表月份不能早于 ${FIRST_YEAR} 年`, en: `The report month may not be before ${FIRST_YEAR}` },
  future: (month: string) => ({
    zh: `不能生成未来月份的报表（当前月份为 ${month}）`,
    en: `A report cannot be made for a month still to come (this month is ${month})`,
  }),
  busy: (period: string) => ({
    zh: `${period} 的报表正在生成中，请稍后刷新查看`,
    en: `The report of ${period} is being made; refresh in a moment to see it`,
  }),
  removed: (period: string) => ({
    zh: `${period} 的报表在生成过程中已被删除`,
    en: `The report of ${period} was deleted while it was being made`,
  }),
  failed: (why: string) => `生成失败：${why}`,
} as const;

/** What is wrong with a requested month, or undefined when it is one; `thisMonth` is the database's (yyyy-MM). */
export function periodProblem(period: unknown, thisMonth: string): Bilingual | undefined {
  if (typeof period !== 'string') return REPORT_MESSAGES.badPeriod;
  const m = PERIOD.exec(period.trim());
  if (!m) return REPORT_MESSAGES.badPeriod;
  if (Number(m[1]) < FIRST_YEAR) return REPORT_MESSAGES.tooEarly;
  if (period.trim() > thisMonth) return REPORT_MESSAGES.future(thisMonth);
  return undefined;
}

/** This month and the one before it, by the database's clock (the park's time). */
export async function months(db: Database, tenantId: string): Promise<{ thisMonth: string; lastMonth: string }> {
  const [row] = await db.scoped(tenantId, (q) =>
    q.query<{ thisMonth: string; lastMonth: string }>(
      `select to_char(current_date, 'YYYY-MM') as "thisMonth",
              to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM') as "lastMonth"`,
    ),
  );
  return row;
}

/** The report's name for a month. */
export const reportName = (period: string) => `${REPORT_TITLE} ${period}`;

/** Who a generation is made by: the caller of 生成报表, or the job's owner. */
export interface Actor {
  userId: string;
  deptId: string;
}

export interface ReportDeps {
  db: Database;
  files: FileStore;
  cache: CacheRegistry;
}

type Claim = { id: string; pdf_file: string | null; xlsx_file: string | null };

/**
 * Makes (or makes again) the report of `period` for a tenant and answers its row's id. Throws a 400 when the month
 * is not one (bad, before 1970, still to come) or its report is being made right now; any other failure marks the
 * row failed with its reason and is thrown on.
 */
export async function generateMonthly(deps: ReportDeps, tenantId: string, period: string, actor: Actor) {
  const { db, files } = deps;
  const { thisMonth } = await months(db, tenantId);
  const problem = periodProblem(period, thisMonth);
  if (problem) throw badRequest(problem);

  const token = randomBytes(12).toString('hex');
  const [claim] = await db.tx(tenantId, (q) =>
    q.query<Claim>(
      `insert into report_file (id, tenant_id, name, kind, period, report_status, run_token, create_user, create_dept,
                                update_user)
       values ($1, $2, $3, $4, $5, 'generating', $6, $7, $8, $7)
       on conflict (tenant_id, kind, period) where is_deleted = 0 do update
          set report_status = 'generating', run_token = excluded.run_token, update_user = excluded.update_user,
              update_time = localtimestamp(0)
        where report_file.report_status <> 'generating'
           or report_file.update_time < localtimestamp(0) - make_interval(mins => ${STALE_MINUTES})
       returning id::text as id, pdf_file, xlsx_file`,
      [nextId(), tenantId, reportName(period), KIND, period, token, actor.userId, actor.deptId || null],
    ),
  );
  if (!claim) throw badRequest(REPORT_MESSAGES.busy(period));

  const stored: string[] = [];
  try {
    const figures = await monthlyFigures(db, tenantId, period);
    const faultTypes = await dictionaryLabels(deps, 'system', 'property_fault_type', tenantId, 'zh');
    const content = reportContent(figures, faultTypes);
    const [pdf, xlsx] = await Promise.all([reportPdf(content), reportWorkbook(content)]);
    const pdfFile = await files.put(tenantId, 'pdf', pdf);
    stored.push(pdfFile);
    const xlsxFile = await files.put(tenantId, 'xlsx', xlsx);
    stored.push(xlsxFile);
    const finished = await db.tx(tenantId, (q) =>
      q.query(
        `update report_file set report_status = 'done', fail_message = null, run_token = null,
                pdf_file = $3, pdf_size = $4, xlsx_file = $5, xlsx_size = $6,
                generated_time = localtimestamp(0), update_time = localtimestamp(0)
          where id = $1 and run_token = $2 and is_deleted = 0 returning id`,
        [claim.id, token, pdfFile, pdf.length, xlsxFile, xlsx.length],
      ),
    );
    if (!finished.length) {
      await removeFiles(files, stored);
      throw badRequest(REPORT_MESSAGES.removed(period));
    }
    // The month's earlier files, replaced by these.
    await removeFiles(files, [claim.pdf_file, claim.xlsx_file]);
    return claim.id;
  } catch (e) {
    // Removed meanwhile: said, and the row is gone anyway.
    if (e instanceof ApiError && e.code === 400) throw e;
    await removeFiles(files, stored);
    const why = e instanceof Error ? e.message : String(e);
    await db
      .tx(tenantId, (q) =>
        q.query(
          `update report_file set report_status = 'failed', fail_message = $3, run_token = null,
                  update_time = localtimestamp(0)
            where id = $1 and run_token = $2`,
          [claim.id, token, REPORT_MESSAGES.failed(why).slice(0, 1000)],
        ),
      )
      .catch((recordError: unknown) => console.error('A report could not be marked failed: %s', recordError));
    throw e;
  }
}

/** Deletes stored files, never failing the caller: a file left behind wastes space, a lost answer loses the work. */
export async function removeFiles(files: FileStore, names: (string | null | undefined)[]) {
  for (const name of names) {
    if (!name) continue;
    await files.remove(name).catch((e: unknown) => console.error('A report file could not be deleted: %s', e));
  }
}
