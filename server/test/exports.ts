import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { BASIC, type TestServer } from './harness.ts';

/**
 * Downloads `/api/{api}/export` (or a screen's own `endpoint`, the users' export-user) as the token's caller and
 * reads the workbook: its first sheet, the header texts, the data rows (cells, and their values, keyed by header),
 * the content type and the file name the answer gives.
 */
export async function exportSheet(
  server: TestServer,
  token: string,
  api: string,
  query = '',
  lang?: string,
  endpoint = 'export',
) {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/${api}/${endpoint}${query ? `?${query}` : ''}`,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1)])));
  });
  const values = rows.map((row) => Object.fromEntries(Object.entries(row).map(([h, cell]) => [h, cell.value])));
  return {
    sheet,
    headers,
    rows,
    values,
    type: String(res.headers['content-type']),
    name: decodeURIComponent(String(res.headers['content-disposition'])),
  };
}
