import type { EntityDef } from '@park/catalog';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ctx, type Lang } from '../platform/context.ts';
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

/** Answers the rows as an .xlsx download named after the entity, in the caller's language. */
export async function replyWorkbook(reply: FastifyReply, entity: EntityDef, rows: Row[]) {
  const { lang } = ctx();
  const buffer = await toWorkbook(entity, rows, lang);
  const name = encodeURIComponent(`${entity.label[lang]}.xlsx`);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
    .send(buffer);
}
