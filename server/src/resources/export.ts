import { PassThrough } from 'node:stream';
import { type EntityDef, entityName, type FieldDef, isUnlimited } from '@park/catalog';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ctx, type Lang } from '../platform/context.ts';
import type { Row } from '../platform/db.ts';
import { dictionaryLabels } from '../platform/dictionaries.ts';
import type { Platform } from '../platform/platform.ts';
import { isBlank, namesOf, partsOf } from './names.ts';

/**
 * Exports as a person reads the list: one column per listed field headed by its label in the
 * caller's language, dictionary keys as their labels, picked and referenced ids as the named rows'
 * names, entity keys as the entities' names, a lifted limit as 不限制, money as numbers formatted #,##0.00, dates and times as Excel
 * dates, a frozen header row and widths that fit the content. Every label and name is looked up before the first row is written, one
 * cached dictionary read or one query per field, never one per row.
 */
export const EXPORT_LIMIT = 100_000;

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

/** The rows as an .xlsx workbook of the entity's listed fields, read as the list shows them. */
export async function toWorkbook(platform: Platform, entity: EntityDef, rows: Row[], caller: Caller): Promise<Buffer> {
  const fields = entity.fields.filter((f) => f.list !== false);
  const plans = await Promise.all(fields.map((f) => planOf(platform, f, rows, caller)));

  const widths = fields.map((f) => textWidth(f.label[caller.lang]));
  const cells = rows.map((row) =>
    plans.map((plan, i) => {
      const cell = plan.cell(row[plan.field.name], row);
      widths[i] = Math.max(widths[i], cellWidth(cell, plan));
      return cell;
    }),
  );

  // The streaming writer keeps memory flat on a 100,000-row export.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const sheet = book.addWorksheet(entity.label[caller.lang].slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = plans.map((plan, i) => ({
    header: plan.field.label[caller.lang],
    key: plan.field.name,
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widths[i] + 2)),
    style: plan.numFmt ? { numFmt: plan.numFmt } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of cells) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** Answers the rows as an .xlsx download named after the entity, in the caller's language. */
export async function sendWorkbook(reply: FastifyReply, platform: Platform, entity: EntityDef, rows: Row[]) {
  const caller = ctx();
  const buffer = await toWorkbook(platform, entity, rows, caller);
  const name = encodeURIComponent(`${entity.label[caller.lang]}.xlsx`);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
    .send(buffer);
}
