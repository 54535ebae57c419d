import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/heavy.ts';
import { type ReportContent, UNIT_LABELS, type Unit } from './content.ts';

/**
 * The report as an Excel workbook: 概览 with every section's headline figures (section, figure, value, unit, how it
 * is counted), then one sheet per section with its figures and its tables. Values are numbers (amounts in yuan), so
 * the workbook sums and charts as it is.
 */
export const SUMMARY_SHEET = '概览';

const NUMBER_FORMATS: Record<Unit, string> = {
  count: '#,##0.####',
  yuan: '#,##0.00',
  percent: '0.0',
  m2: '#,##0.00',
  hours: '0.0',
};

const BOLD = { bold: true } as const;
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };

function headerRow(sheet: ExcelJS.Worksheet, values: string[]) {
  const row = sheet.addRow(values);
  row.font = BOLD;
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
}

export async function reportWorkbook(content: ReportContent): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  book.creator = 'Park Console';
  book.title = content.title;

  const summary = book.addWorksheet(SUMMARY_SHEET);
  summary.addRow([content.title]).font = { bold: true, size: 14 };
  for (const line of content.subtitle) summary.addRow([line]);
  summary.addRow([]);
  headerRow(summary, ['板块', '指标', '数值', '单位', '口径']);
  for (const section of content.sections) {
    for (const m of section.metrics) {
      const row = summary.addRow([section.title, m.label, m.value, UNIT_LABELS[m.unit], m.note ?? '']);
      row.getCell(3).numFmt = NUMBER_FORMATS[m.unit];
    }
  }
  summary.columns = [{ width: 16 }, { width: 22 }, { width: 16 }, { width: 10 }, { width: 44 }];

  for (const section of content.sections) {
    const sheet = book.addWorksheet(section.sheet);
    sheet.addRow([section.title]).font = { bold: true, size: 13 };
    headerRow(sheet, ['指标', '数值', '单位']);
    for (const m of section.metrics) {
      sheet.addRow([m.label, m.value, UNIT_LABELS[m.unit]]).getCell(2).numFmt = NUMBER_FORMATS[m.unit];
    }
    let widest = 3;
    for (const table of section.tables) {
      sheet.addRow([]);
      sheet.addRow([table.title]).font = BOLD;
      headerRow(
        sheet,
        table.columns.map((c) => (c.unit && UNIT_LABELS[c.unit] ? `${c.header}（${UNIT_LABELS[c.unit]}）` : c.header)),
      );
      if (!table.rows.length) sheet.addRow([table.empty]);
      for (const values of table.rows) {
        const row = sheet.addRow(values);
        table.columns.forEach((c, i) => {
          if (c.unit) row.getCell(i + 1).numFmt = NUMBER_FORMATS[c.unit];
        });
      }
      widest = Math.max(widest, table.columns.length);
    }
    sheet.columns = Array.from({ length: widest }, (_, i) => ({ width: i === 0 ? 26 : 16 }));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
