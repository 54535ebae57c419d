import { qnSurvey, qnSurveyData } from '@park/catalog';
import type { Page, PageQuery, Row } from '../../../api/crud.ts';
import { request } from '../../../api/http.ts';

/**
 * An answer sheet as survey-data's page answers it. Who answered (`respondentName`, `enterpriseName`) is the server's
 * to say: null for an anonymous survey.
 */
export interface SheetRow extends Row {
  surveyId: string;
  surveyTitle: string;
  anonymous: number;
  formVersion: number;
  /** SHEET_STATUS: 0 a draft, 1 submitted. */
  status: number;
  score: number | string | null;
  submitTime: string | null;
  createTime: string;
  respondentName: string | null;
  enterpriseName: string | null;
}

/** A sheet with its answers (`data`) and its form version's schema as JSON text (`content`). */
export interface SheetDetail extends SheetRow {
  data: Record<string, unknown>;
  content: string;
}

/** A survey as its report tells those who run it: its row and the facts of its answers. */
export interface SurveyFacts {
  survey: Row & {
    title: string;
    startTime: string;
    endTime: string;
    anonymous: number;
    status: number;
    phase: 'notStarted' | 'ongoing' | 'ended';
  };
  facts: {
    responses: number;
    drafts: number;
    members: number;
    answeredMembers: number;
    responseRate: number;
  };
}

/** A survey as the pickers list it. */
export interface SurveyOption extends Row {
  title: string;
  status: number;
}

/** A survey's id as an address may carry it: digits only (spec: survey-data/:surveyId is numeric). */
export const isSurveyId = (id: string) => /^[1-9]\d{0,18}$/.test(id);

/** The sheets' cache key; under the survey's, so that a survey answered or changed refreshes them too. */
export const SHEETS_KEY = ['crud', qnSurvey.key, qnSurveyData.key] as const;

export const fetchSheets = (query: PageQuery & { surveyId: string }) =>
  request<Page<SheetRow>>(`${qnSurveyData.api}/page`, { query });

export const fetchSheet = (id: string) => request<SheetDetail>(`${qnSurveyData.api}/detail`, { query: { id } });

export const fetchSurveyFacts = (id: string) => request<SurveyFacts>(`${qnSurvey.api}/report`, { query: { id } });

/** Surveys whose title holds `title`, the newest first. */
export const fetchSurveys = (title: string, size: number) =>
  request<Page<SurveyOption>>(`${qnSurvey.api}/page`, { query: { current: 1, size, title, descs: 'createTime' } });

/** The enabled survey published last, if any: what 问卷数据 opens with. */
export async function fetchLatestEnabled(): Promise<SurveyOption | null> {
  const page = await request<Page<SurveyOption>>(`${qnSurvey.api}/page`, {
    query: { current: 1, size: 1, status: 1, descs: 'publishTime' },
  });
  return page.records[0] ?? null;
}
