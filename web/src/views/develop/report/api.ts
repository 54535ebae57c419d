import type { Page, Row } from '../../../api/crud.ts';
import { type Query, request, requestFile } from '../../../api/http.ts';

/**
 * 报表管理's calls (server modules/report): the reports' page, removal (both BladeX's), and our extensions: a month's
 * report made (or made again) and one of its files downloaded.
 */
const BASE = 'blade-report/report/rest';

export type ReportStatus = 'generating' | 'done' | 'failed';
export type ReportFormat = 'pdf' | 'xlsx';

/** A report as the list answers it. */
export interface ReportRow extends Row {
  name: string;
  kind: string;
  /** The month it counts, yyyy-MM. */
  period: string;
  reportStatus: ReportStatus;
  /** Why the last generation failed (the server's words, in Chinese as stored). */
  failMessage: string | null;
  pdfSize: number | null;
  xlsxSize: number | null;
  generatedTime: string | null;
  createUserName: string | null;
  createTime: string;
}

/** The reports' cache key: a generation or removal refreshes it. */
export const REPORTS_KEY = ['report', 'list'] as const;

export const fetchReports = (query: Query) => request<Page<ReportRow>>(`${BASE}/list`, { query });

/** Makes the month's report and answers its row (done); a refusal (a bad month, one being made) is shown by the client. */
export const generateReport = (period: string) =>
  request<ReportRow>(`${BASE}/generate`, { method: 'POST', body: { period } });

export const removeReports = (ids: string[]) =>
  request<unknown>(`${BASE}/remove`, { method: 'POST', query: { ids: ids.join(',') } });

/** A report's file, with the name the server gives it (园区运营月报-2026-10.pdf). */
export const downloadReport = (id: string, format: ReportFormat) =>
  requestFile(`${BASE}/download`, { query: { id, format } });
