import { PassThrough, type Writable } from 'node:stream';
import { type EntityDef, entityName, type FieldDef, isUnlimited, referenceOf } from '@park/catalog';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ctx, type Lang } from '../platform/context.ts';
import type { Row } from '../platform/db.ts';
import { dictionaryLabels } from '../platform/dictionaries.ts';
import { loadExcel } from '../platform/heavy.ts';
import type { Platform } from '../platform/platform.ts';
import type { Resource } from './engine.ts';
import { isBlank, namesOf, partsOf } from './names.ts';
import type { Where } from './sql.ts';

/**
 * Exports as a person reads the list: one column per listed field headed by its label in the
 * caller's language, dictionary keys as their labels, picked and referenced ids as the named rows'
 * names, entity keys as the entities' names, a lifted limit as 不限制, money as numbers formatted #,##0.00, dates and times as Excel
 * dates, a frozen header row and widths that fit the content of the first rows. Every dictionary label is looked up before the
 * first row is written, once per field; the names of referenced rows once per field and batch, never once per row.
 *
 * Streamed from the database to the socket: rows come a batch at a time (batches.ts: a cursor on PostgreSQL),
 * each batch is written to exceljs' streaming writer (no shared-strings table, which would hold every text
 * until the end) and flushed, and the next is read only once the download has taken it, so memory stays flat
 * whatever the size. An export that fails before its first row answers the usual envelope; one that fails
 * after the download began is cut off (the connection is dropped before the zip's end), so the client gets
 * an error, never a file that looks complete.
 */

/** Rows a module's own export reads into memory (`resource.list`) before writing them. */
export const EXPORT_LIMIT = 100_000;

/**
 * Rows a streamed export writes at most: a worksheet holds 1,048,576 rows, header included, and the
 * stream's memory does not grow with the count.
 */
export const STREAM_EXPORT_LIMIT = 1_000_000;

const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

type Cell = string | number | Date | null;

/** How one listed field becomes cells: from its value, or from the row (a name read with it). */
interface Plan {
  field: FieldDef;
  cell: (value: unknown, row: Row) => Cell;
  numFmt?: string;
}

interface Caller {
  tenantId: string;
  lang: Lang;
}

/** Each part looked up in `names`; a part with no name stays as stored, so nothing is lost. */
function named(names: Map<string, string>) {
  return (value: unknown): Cell =>
    isBlank(value)
      ? null
      : partsOf(value)
          .map((p) => names.get(p) ?? p)
          .join(', ');
}

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?/;

/**
 * A stored yyyy-MM-dd[ HH:mm:ss] as an Excel date. Excel dates have no time zone, and exceljs
 * writes a Date's UTC reading, so the wall-clock parts go in as UTC.
 */
export function excelDate(value: unknown): Cell {
  if (isBlank(value)) return null;
  const m = DATE_PARTS.exec(String(value));
  if (!m) return String(value);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

function excelNumber(value: unknown): Cell {
  if (isBlank(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : String(value);
}

const text = (value: unknown): Cell => (isBlank(value) ? null : String(value));

/** What the list shows for a limit that -1 or nothing lifts. */
const UNLIMITED = { zh: '不限制', en: 'Unlimited' } as const;

/** How the field becomes cells; `rows` are those whose referenced names it looks up (a batch). */
async function planOf(platform: Platform, field: FieldDef, rows: Row[], caller: Caller): Promise<Plan> {
  const plan = await valuePlanOf(platform, field, rows, caller.tenantId, caller.lang);
  if (!field.unlimited) return plan;
  return { ...plan, cell: (value, row) => (isUnlimited(value) ? UNLIMITED[caller.lang] : plan.cell(value, row)) };
}

async function valuePlanOf(
  platform: Platform,
  field: FieldDef,
  rows: Row[],
  tenantId: string,
  lang: Lang,
): Promise<Plan> {
  if (field.dict) {
    const labels = await dictionaryLabels(platform, field.dictBiz ? 'biz' : 'system', field.dict, tenantId, lang);
    return { field, cell: named(labels) };
  }
  if (field.entityKey) return { field, cell: (value) => (isBlank(value) ? null : entityName(value, lang)) };
  // The name the engine read with each row, as the list shows it.
  const as = field.ref?.as;
  if (as) return { field, cell: (_, row) => text(row[as]) };
  const names = await namesOf(platform, field, rows, tenantId);
  if (names) return { field, cell: named(names) };
  switch (field.type) {
    case 'money':
      return { field, cell: excelNumber, numFmt: MONEY_FORMAT };
    case 'int':
    case 'decimal':
      return { field, cell: excelNumber };
    case 'date':
      return { field, cell: excelDate, numFmt: DATE_FORMAT };
    case 'datetime':
      return { field, cell: excelDate, numFmt: DATETIME_FORMAT };
    default:
      // Ids stay text: a 64-bit id does not fit an Excel number.
      return { field, cell: text };
  }
}

/** Roughly how many narrow characters a text takes: CJK and other wide characters count twice. */
function textWidth(s: string): number {
  let width = 0;
  for (const ch of s) width += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return width;
}

function cellWidth(cell: Cell, plan: Plan): number {
  if (cell === null) return 0;
  if (cell instanceof Date) return plan.numFmt === DATETIME_FORMAT ? 19 : 10;
  if (typeof cell === 'number') {
    if (plan.numFmt !== MONEY_FORMAT) return String(cell).length;
    const whole = Math.trunc(Math.abs(cell)).toString().length;
    return whole + Math.floor((whole - 1) / 3) + 3 + (cell < 0 ? 1 : 0);
  }
  return textWidth(cell);
}

/** How long a download may take nothing before it is dropped. */
const STALLED_MS = 60_000;

/** Rows all at once (a module's own list), or a reader handing them over a batch at a time. */
export type ExportRows = Row[] | ((each: (rows: Row[]) => Promise<void>) => Promise<void>);

/** The exceljs stream a worksheet's rows go through until the zip takes them (see `sheetDrained`). */
type Piped = { pipes?: Writable[] };

/**
 * Whether a stream holds as much as it takes before it drains. The zip's own pipe is readable-stream 2 (archiver's),
 * which predates `writableNeedDrain`: its state says it instead. Read as `undefined`, the export never waited and
 * a million rows piled up in that pipe (600 MB).
 */
const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ??
  (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
  false;

/**
 * Waits until what was written to an exceljs streaming worksheet has gone through the zip towards `out` and
 * `out` towards the socket. exceljs' worksheet stream ignores backpressure, so a slow deflate or download would
 * pile rows up in memory: the pipe it feeds (before the deflate) and `out` say when they have drained. Throws
 * once the download has ended (the client left, or it stalled).
 */
export async function sheetDrained(sheet: ExcelJS.Worksheet, out: Writable) {
  // A turn of the event loop first: PGlite answers without one, and until the loop turns the zip takes
  // nothing (its queue, the deflate's results and the socket all wait for it), so nothing would drain.
  await new Promise((resolve) => setImmediate(resolve));
  const pipes = (sheet as unknown as { stream?: Piped }).stream?.pipes ?? [];
  for (const stream of [...pipes, out]) {
    while (needsDrain(stream) && !out.destroyed) await drained(stream, out);
  }
  if (out.destroyed) throw new ExportAborted();
}

/**
 * The stream's next drain, or the download's end (a stream past a closed socket never drains). A client
 * that keeps its connection but takes nothing for STALLED_MS is dropped: the export holds a database
 * connection (and on PostgreSQL a transaction) while it waits.
 */
function drained(stream: Writable, out: Writable) {
  return new Promise<void>((resolve) => {
    const stalled = setTimeout(() => {
      out.destroy(new Error(`The export's download took nothing for ${STALLED_MS / 1000} s`));
    }, STALLED_MS);
    const done = () => {
      clearTimeout(stalled);
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });
}

/** One workbook being written to `out`: its header and widths from the first batch, then batch after batch. */
class SheetWriter {
  readonly out = new PassThrough();
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  /** The first batch's plans: labels and formats hold for every batch; the fields naming rows are planned per batch. */
  private readonly plans: Plan[];

  private constructor(
    private readonly platform: Platform,
    entity: EntityDef,
    private readonly caller: Caller,
    first: Row[],
    plans: Plan[],
    Excel: typeof ExcelJS,
  ) {
    this.plans = plans;
    const widths = plans.map((p) => textWidth(p.field.label[caller.lang]));
    for (const row of first) {
      plans.forEach((plan, i) => {
        widths[i] = Math.max(widths[i], cellWidth(plan.cell(row[plan.field.name], row), plan));
      });
    }
    this.book = new Excel.stream.xlsx.WorkbookWriter({ stream: this.out, useStyles: true, useSharedStrings: false });
    this.sheet = this.book.addWorksheet(entity.label[caller.lang].slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    this.sheet.columns = plans.map((plan, i) => ({
      header: plan.field.label[caller.lang],
      key: plan.field.name,
      width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widths[i] + 2)),
      style: plan.numFmt ? { numFmt: plan.numFmt } : {},
    }));
    const header = this.sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
  }

  /**
   * Plans the fields on the first batch (dictionary labels, names in it) and writes the header and that batch
   * without waiting for it to drain: nothing takes the download until the reply has begun.
   */
  static async start(platform: Platform, entity: EntityDef, caller: Caller, first: Row[]) {
    const fields = entity.fields.filter((f) => f.list !== false);
    const [plans, Excel] = await Promise.all([
      Promise.all(fields.map((f) => planOf(platform, f, first, caller))),
      loadExcel(),
    ]);
    const writer = new SheetWriter(platform, entity, caller, first, plans, Excel);
    writer.addRows(first, plans);
    return writer;
  }

  /** Writes a batch (its referenced names read in one query per field) and waits until the download took it. */
  async write(rows: Row[], known?: Plan[]) {
    if (this.out.destroyed) throw new ExportAborted();
    const plans =
      known ??
      (await Promise.all(
        this.plans.map((p) => (namesRows(p.field) ? planOf(this.platform, p.field, rows, this.caller) : p)),
      ));
    this.addRows(rows, plans);
    await sheetDrained(this.sheet, this.out);
  }

  private addRows(rows: Row[], plans: Plan[]) {
    for (const row of rows) {
      this.sheet.addRow(plans.map((plan) => plan.cell(row[plan.field.name], row))).commit();
    }
  }

  async finish() {
    this.sheet.commit();
    await this.book.commit();
  }
}

/** Whether the field's cells are names looked up from the rows' ids (`namesOf`), which each batch reads for its own rows. */
const namesRows = (field: FieldDef) => !field.dict && !field.entityKey && !field.ref?.as && Boolean(referenceOf(field));

/** The download ended (the client went away, or the export failed) before the last row. */
class ExportAborted extends Error {}

/**
 * Answers the rows as an .xlsx download named after the entity, in the caller's language, written as they
 * are read. The first batch is read before anything is sent, so that a refusal (a bad filter, a timeout)
 * still answers the envelope.
 */
export async function sendWorkbook(reply: FastifyReply, platform: Platform, entity: EntityDef, rows: ExportRows) {
  const caller = ctx();
  const read = Array.isArray(rows) ? (each: (batch: Row[]) => Promise<void>) => each(rows) : rows;
  let writer: SheetWriter | undefined;
  let begun: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    begun = resolve;
  });
  const reading = read(async (batch) => {
    if (writer) return writer.write(batch);
    writer = await SheetWriter.start(platform, entity, caller, batch);
    begun();
  });
  await Promise.race([started, reading]);
  // No rows at all: the header alone.
  writer ??= await SheetWriter.start(platform, entity, caller, []);
  const { out } = writer;
  const book = writer;
  reading
    .then(
      () => book.finish(),
      (err: unknown) => {
        // Destroying the stream makes Fastify drop the connection before the zip's end: the client sees a failed download.
        if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
      },
    )
    .catch((err: unknown) => out.destroy(err as Error));
  const name = encodeURIComponent(`${entity.label[caller.lang]}.xlsx`);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
    .send(out);
}

/** The resource's export: what its list finds (narrowed by `narrow`), streamed batch by batch. */
export function sendExport(
  reply: FastifyReply,
  resource: Resource,
  query: Record<string, unknown>,
  narrow?: (where: Where) => void,
) {
  return sendWorkbook(reply, resource.platform, resource.model.entity, (each) =>
    resource.eachBatch(query, each, { limit: STREAM_EXPORT_LIMIT, narrow }),
  );
}
