import type { FastifyReply } from 'fastify';
import { ctx } from '../../platform/context.ts';
import { loadExcel } from '../../platform/heavy.ts';
import type { StatisticsRow } from './orders.ts';

/** The headers of the statistics workbook, in the caller's language. */
const HEADERS = {
  zh: ['用餐日期', '餐别', '套餐', '已预订', '已核销', '已取消', '金额(元)'],
  en: ['Meal date', 'Category', 'Meal', 'Booked', 'Written off', 'Cancelled', 'Amount (yuan)'],
} as const;
const TITLE = { zh: '订餐统计', en: 'Meal order statistics' } as const;
const TOTAL = { zh: '合计', en: 'Total' } as const;

/** The statistics by day and meal as an Excel workbook, with a total row: what the statistics screen's table shows. */
export async function sendStatisticsWorkbook(
  reply: FastifyReply,
  data: { startDate: string; endDate: string; rows: StatisticsRow[]; totals: Record<string, unknown> },
) {
  const { lang } = ctx();
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(TITLE[lang]);
  sheet.addRow([...HEADERS[lang]]).font = { bold: true };
  for (const r of data.rows) {
    sheet.addRow([
      r.mealDate,
      r.categoryName ?? '',
      r.mealName ?? '',
      r.booked,
      r.writtenOff,
      r.cancelled,
      Number(r.revenue),
    ]);
  }
  const t = data.totals;
  sheet.addRow([TOTAL[lang], '', '', t.booked, t.writtenOff, t.cancelled, Number(t.revenue)]).font = { bold: true };
  sheet.columns.forEach((column, i) => {
    column.width = i < 3 ? 16 : 12;
  });
  sheet.getColumn(7).numFmt = '#,##0.00';
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const name = encodeURIComponent(`${TITLE[lang]}_${data.startDate}_${data.endDate}.xlsx`);
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
    .send(buffer);
}
