import type { EntityDef } from '@park/catalog';
import ExcelJS from 'exceljs';
import type { Lang } from '../platform/context.ts';
import type { Row } from '../platform/db.ts';

/** The rows as an .xlsx sheet whose columns are the entity's listed fields, headed in the caller's language. */
export async function toWorkbook(entity: EntityDef, rows: Row[], lang: Lang): Promise<Buffer> {
  const fields = entity.fields.filter((f) => f.list !== false);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(entity.label[lang].slice(0, 31));
  sheet.columns = fields.map((f) => ({ header: f.label[lang], key: f.name, width: f.type === 'text' ? 40 : 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(fields.map((f) => [f.name, row[f.name] ?? ''])));
  return Buffer.from(await book.xlsx.writeBuffer());
}
