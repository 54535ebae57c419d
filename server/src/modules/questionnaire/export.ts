import { PassThrough } from 'node:stream';
import { type FieldDef, qnSurvey, qnSurveyData, SHEET_STATUS } from '@park/catalog';
import { type FormField, type FormOption, isPlainObject, otherKey, otherOption } from '@park/catalog/forms';
import type { FastifyInstance } from 'fastify';
import { ctx, type Lang } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { loadExcel } from '../../platform/heavy.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Resource } from '../../resources/engine.ts';
import { excelDate, sheetDrained } from '../../resources/export.ts';
import { namesOf } from '../../resources/names.ts';
import { idParam } from '../workflow/common.ts';
import type { Question } from './counters.ts';
import { filterSql, filtersOf, type SheetFilter } from './filters.ts';
import { lockSurvey, versionOf } from './sheets.ts';

/**
 * GET survey/export-data?id= (our extension; `filter` as the statistics take it): every submitted sheet of a survey
 * as an Excel workbook, one row per sheet and one column per question headed by its label, streamed: the sheets
 * are read in keyset batches of BATCH and written by exceljs' streaming writer straight to the answer, so neither
 * the sheets nor the workbook are ever held whole. Choices are written as their labels, numbers as numbers; a
 * matrix takes a column per row (the chosen column's label), a ranking a column per option (its place), a
 * choice's "other" text a column of its own; people, departments and enterprises picked are written by name (one
 * lookup per batch). The sheet's id, its submit time and, unless the survey is anonymous, who answered and their
 * enterprise come first; its score too when the form scores. For those who run surveys (members.ts).
 */
const MSG = { noSurvey: { zh: '请选择问卷', en: 'Please select the survey' } } as const;

const BATCH = 1000;
const TEXT = {
  id: { zh: '答卷编号', en: 'Sheet' },
  submitTime: { zh: '提交时间', en: 'Submitted' },
  respondent: { zh: '填写人', en: 'Respondent' },
  enterprise: { zh: '所属企业', en: 'Enterprise' },
  score: { zh: '得分', en: 'Score' },
  yes: { zh: '是', en: 'Yes' },
  no: { zh: '否', en: 'No' },
  answers: { zh: '答卷', en: 'answers' },
} as const;

type Cell = string | number | Date | null;
type Picked = 'user' | 'dept' | 'enterprise';
/** A batch's names of the people, departments and enterprises its sheets picked, by kind and id. */
type Names = Map<Picked, Map<string, string>>;

/** One batch row: the sheet's facts and its answers. */
type SheetRow = {
  id: string;
  submitTime: string;
  respondentName: string | null;
  enterpriseName: string | null;
  score: string | null;
  data: Record<string, unknown>;
};

interface Column {
  header: string;
  width: number;
  numFmt?: string;
  cell: (row: SheetRow, names: Names) => Cell;
}

const PICKED: Record<Picked, FieldDef> = {
  user: { name: 'ids', type: 'id', label: { zh: '', en: '' }, ref: { entity: 'user', nameField: 'realName' } },
  dept: { name: 'ids', type: 'id', label: { zh: '', en: '' }, ref: { entity: 'dept', nameField: 'deptName' } },
  enterprise: { name: 'ids', type: 'id', label: { zh: '', en: '' }, picker: 'enterprise' },
};
const isPicked = (type: string): type is Picked => type in PICKED;

const optionsOf = (list: unknown): FormOption[] =>
  (Array.isArray(list) ? list : []).filter(
    (o): o is FormOption => isPlainObject(o) && typeof o.value === 'string' && typeof o.label === 'string',
  );
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const blank = (value: unknown) => value === undefined || value === null || value === '';
/** Roughly how many narrow characters a text takes: CJK and other wide characters count twice. */
const textWidth = (s: string) => [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0);

/** An answer of any one-column kind as a cell: choices by label, numbers as numbers, picked rows by name. */
function cellOf(field: FormField, value: unknown, names: Names, lang: Lang): Cell {
  if (blank(value)) return null;
  const sep = lang === 'zh' ? '、' : ', ';
  const type: string = field.type;
  switch (type) {
    case 'radio':
    case 'select':
    case 'checkbox': {
      const labels = new Map(optionsOf(field.options).map((o) => [o.value, o.label]));
      return listOf(value)
        .map((v) => labels.get(String(v)) ?? String(v))
        .join(sep);
    }
    case 'number':
    case 'money':
    case 'rating':
    case 'nps':
      return typeof value === 'number' ? value : String(value);
    case 'switch':
      return value === true ? TEXT.yes[lang] : value === false ? TEXT.no[lang] : String(value);
    case 'dateRange':
      return listOf(value).map(String).join(' ~ ');
    case 'region':
      return listOf(value).map(String).join('/');
    case 'upload':
      return listOf(value)
        .map((f) => (isPlainObject(f) ? String(f.name ?? '') : String(f)))
        .join(sep);
    case 'richText':
      return String(value)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    case 'table': {
      // A row per line, each column as "label: value".
      const children = (Array.isArray(field.children) ? field.children : []).filter((c) => typeof c.name === 'string');
      return listOf(value)
        .filter(isPlainObject)
        .map((row) =>
          children
            .filter((c) => !blank(row[c.name!]))
            .map((c) => `${c.label}: ${cellOf(c, row[c.name!], names, lang)}`)
            .join('; '),
        )
        .join('\n');
    }
    default:
      if (isPicked(type)) {
        return listOf(value)
          .map((id) => names.get(type)?.get(String(id)) ?? String(id))
          .join(sep);
      }
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const widthOf = (header: string, least: number) => Math.min(40, Math.max(least, textWidth(header) + 2));

/** The columns of one question: one, or a matrix's per row, a ranking's per option, and an "other" text's. */
function questionColumns(question: Question, lang: Lang): Column[] {
  const { field, name } = question;
  const of = (row: SheetRow) => row.data[name];
  const type: string = field.type;
  if (type === 'matrix') {
    const columns = new Map(optionsOf(field.options).map((o) => [o.value, o.label]));
    return optionsOf(field.rows).map((r) => {
      const header = `${field.label} - ${r.label}`;
      return {
        header,
        width: widthOf(header, 12),
        cell: (row) => {
          const answer = of(row);
          const chosen = isPlainObject(answer) ? answer[r.value] : undefined;
          if (blank(chosen)) return null;
          return listOf(chosen)
            .map((c) => columns.get(String(c)) ?? String(c))
            .join(lang === 'zh' ? '、' : ', ');
        },
      };
    });
  }
  if (type === 'ranking') {
    return optionsOf(field.options).map((o) => {
      const header = `${field.label} - ${o.label}`;
      return {
        header,
        width: widthOf(header, 10),
        cell: (row) => {
          const place = listOf(of(row)).indexOf(o.value);
          return place >= 0 ? place + 1 : null;
        },
      };
    });
  }
  const texts = ['input', 'textarea', 'richText', 'table'].includes(type);
  const columns: Column[] = [
    {
      header: field.label,
      width: texts ? 40 : widthOf(field.label, 12),
      numFmt: type === 'money' ? '#,##0.00' : undefined,
      cell: (row, names) => cellOf(field, of(row), names, lang),
    },
  ];
  const other = otherOption(field);
  if (other) {
    const header = lang === 'zh' ? `${field.label}（${other.label}）` : `${field.label} (${other.label})`;
    columns.push({
      header,
      width: 30,
      cell: (row) => {
        const text = row.data[otherKey(name)];
        return blank(text) ? null : String(text);
      },
    });
  }
  return columns;
}

/** Every column of the workbook, the sheet's facts first. */
function columnsOf(questions: Question[], lang: Lang, anonymous: boolean, scoring: boolean): Column[] {
  const columns: Column[] = [
    { header: TEXT.id[lang], width: 20, cell: (row) => row.id },
    {
      header: TEXT.submitTime[lang],
      width: 20,
      numFmt: 'yyyy-mm-dd hh:mm:ss',
      cell: (row) => excelDate(row.submitTime),
    },
  ];
  if (!anonymous) {
    columns.push(
      { header: TEXT.respondent[lang], width: 14, cell: (row) => row.respondentName },
      { header: TEXT.enterprise[lang], width: 28, cell: (row) => row.enterpriseName },
    );
  }
  if (scoring) {
    columns.push({
      header: TEXT.score[lang],
      width: 10,
      cell: (row) => (row.score === null ? null : Number(row.score)),
    });
  }
  return [...columns, ...questions.flatMap((q) => questionColumns(q, lang))];
}

/** The names a batch's picked ids stand for: one query per kind of picker the form has. */
async function namesOfBatch(
  platform: Platform,
  tenantId: string,
  questions: Question[],
  rows: SheetRow[],
): Promise<Names> {
  const names: Names = new Map();
  const fields = questions.map((q) => q.field);
  // A table's picker columns are read too.
  const all = fields.flatMap((f) => (f.type === 'table' && Array.isArray(f.children) ? [f, ...f.children] : [f]));
  for (const kind of ['user', 'dept', 'enterprise'] as const) {
    const picking = all.filter((f) => f.type === kind && typeof f.name === 'string');
    if (!picking.length) continue;
    const ids = new Set<string>();
    const collect = (data: Record<string, unknown>) => {
      for (const f of picking) for (const id of listOf(data[f.name!])) if (typeof id === 'string') ids.add(id);
    };
    for (const row of rows) {
      collect(row.data);
      for (const table of fields.filter((f) => f.type === 'table')) {
        for (const line of listOf(row.data[table.name ?? ''])) if (isPlainObject(line)) collect(line);
      }
    }
    const found = await namesOf(platform, PICKED[kind], [{ ids: [...ids].join(',') }], tenantId);
    names.set(kind, found ?? new Map());
  }
  return names;
}

/** A worksheet name Excel takes: none of []:*?/\, at most 31 characters. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

interface Plan {
  platform: Platform;
  tenantId: string;
  surveyId: string;
  title: string;
  lang: Lang;
  anonymous: boolean;
  scoring: boolean;
  questions: Question[];
  filters: SheetFilter[];
}

/** Writes the workbook to `out`, a batch of sheets at a time, waiting for the answer to drain between batches. */
async function writeWorkbook(out: PassThrough, plan: Plan) {
  const { platform, tenantId, surveyId } = plan;
  const columns = columnsOf(plan.questions, plan.lang, plan.anonymous, plan.scoring);
  const book = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName(plan.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const only = filterSql(plan.filters, 5, 'd');
  const people = plan.anonymous
    ? 'null as "respondentName", null as "enterpriseName"'
    : `coalesce(nullif(u.real_name, ''), u.name, u.account) as "respondentName", e.enterprise_name as "enterpriseName"`;
  let after: { time: string; id: string } = { time: '-infinity', id: '0' };
  for (;;) {
    const rows = await platform.db.scoped(tenantId, (q) =>
      q.query<SheetRow>(
        `select d.id::text as id, to_char(d.submit_time, 'YYYY-MM-DD HH24:MI:SS') as "submitTime", ${people},
                d.score::text as score, d.data
           from ${qnSurveyData.table} d
           ${plan.anonymous ? '' : 'left join blade_user u on u.id = d.respondent_id left join crm_enterprise e on e.id = d.enterprise_id'}
          where d.tenant_id = $1 and d.survey_id = $2 and d.status = ${SHEET_STATUS.submitted} and d.is_deleted = 0
            and (d.submit_time, d.id) > ($3::timestamp, $4::bigint) and ${only.sql}
          order by d.submit_time, d.id limit ${BATCH}`,
        [tenantId, surveyId, after.time, after.id, ...only.params],
      ),
    );
    const names = await namesOfBatch(platform, tenantId, plan.questions, rows);
    for (const row of rows) sheet.addRow(columns.map((c) => c.cell(row, names))).commit();
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = { time: last.submitTime, id: last.id };
    // A slow download holds the next batch back rather than piling the workbook up in memory.
    await sheetDrained(sheet, out);
  }
  sheet.commit();
  await book.commit();
}

export function registerExportData(
  app: FastifyInstance,
  platform: Platform,
  surveys: Resource,
  requireManager: () => Promise<void>,
) {
  type Q = { Querystring: Record<string, unknown> };
  app.get<Q>(`/api/${qnSurvey.api}/export-data`, { config: { title: '问卷调查导出答卷' } }, async (req, reply) => {
    await requireManager();
    const id = idParam(req.query.id, MSG.noSurvey);
    if (!(await surveys.detail(id))) throw notFound();
    const { tenantId, lang } = ctx();
    // Everything that may refuse is asked before the first byte: once the workbook streams, the answer is sent.
    const plan = await platform.db.scoped(tenantId, async (q): Promise<Plan> => {
      const survey = await lockSurvey(q, tenantId, id, 'none');
      const version = await versionOf(q, tenantId, survey.formHistoryId);
      return {
        platform,
        tenantId,
        surveyId: id,
        title: survey.title,
        lang,
        anonymous: survey.anonymous === 1,
        scoring: version.schema.scoring === true,
        questions: version.questions,
        filters: filtersOf(req.query.filter, version.questions),
      };
    });
    const out = new PassThrough();
    writeWorkbook(out, plan).catch((error) => out.destroy(error));
    const name = encodeURIComponent(`${plan.title}_${TEXT.answers[lang]}.xlsx`);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
      .send(out);
  });
}
