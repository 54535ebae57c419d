import { qnSurvey, type SheetStatistics } from '@park/catalog';
import type { Page } from '../../../../../api/crud.ts';
import { request, requestFile } from '../../../../../api/http.ts';
import type { SurveyRow } from '../../api.ts';

/**
 * A survey's statistics and report (server modules/questionnaire: surveys.ts `report` and `statistics`, filters.ts
 * the cross-filter, answers.ts the free-text answers, export.ts the answers' workbook).
 */

export type { OptionCount, QuestionStatistics } from '@park/catalog';

export interface SurveyStatistics extends SheetStatistics {
  surveyId: string;
  title: string;
  formVersion: number;
}

/** A cross-filter's answer as the server read it. */
export interface AppliedFilter {
  field: string;
  value: string;
  label: string;
  valueLabel: string;
}

/** The statistics of the sheets that meet the filters: `sheets` (= `filtered`) of `total`. */
export interface FilteredStatistics extends SurveyStatistics {
  filtered: number;
  total: number;
  filters: AppliedFilter[];
}

export interface ReportFacts {
  responses: number;
  respondents: number;
  drafts: number;
  /** The scope's members, how many of them answered, and that as a share (0..1). */
  members: number;
  answeredMembers: number;
  responseRate: number;
  firstSubmit: string | null;
  lastSubmit: string | null;
  daily: { date: string; count: number }[];
}

export interface SurveyReport {
  survey: SurveyRow;
  facts: ReportFacts;
  statistics: SurveyStatistics;
}

/** A free-text answer: the sheet, the text, when, and who (nobody for an anonymous survey). */
export interface TextAnswer {
  id: string;
  value: string;
  submitTime: string;
  respondentName: string | null;
  enterpriseName: string | null;
}

const SURVEY = qnSurvey.api;

/** Under the surveys' cache key: a survey saved or answered refreshes its statistics too. */
export const statsKey = (id: string, ...more: unknown[]) => ['crud', qnSurvey.key, 'statistics', id, ...more];

export const fetchReport = (id: string) => request<SurveyReport>(`${SURVEY}/report`, { query: { id } });

/** `filter`: question:answer parts, comma-separated (the server's cross-filter). */
export const fetchFiltered = (id: string, filter: string) =>
  request<FilteredStatistics>(`${SURVEY}/statistics`, { query: { id, filter } });

/** A page of one question's free-text answers (`field`: a text question, or `<name>:other`), newest first. */
export const fetchTextAnswers = (query: {
  id: string;
  field: string;
  current: number;
  size: number;
  filter?: string;
}) => request<Page<TextAnswer>>(`${SURVEY}/answers`, { query });

/** Every submitted sheet (those meeting `filter` when given) as an Excel workbook, streamed by the server. */
export const exportAnswers = (id: string, filter?: string) =>
  requestFile(`${SURVEY}/export-data`, { query: { id, filter } });
