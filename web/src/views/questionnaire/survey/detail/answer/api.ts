import { qnSurvey, qnSurveyData } from '@park/catalog';
import type { Row } from '../../../../../api/crud.ts';
import { request } from '../../../../../api/http.ts';

/** A survey as `survey/browse` answers it: the survey, its form version, the caller's open draft, and whether they may answer. */
export interface BrowsedSurvey extends Row {
  title: string;
  description?: string | null;
  startTime: string;
  endTime: string;
  anonymous: number;
  allowMultiple: number;
  formVersion: number;
  /** The form version's FormSchema as JSON text. */
  content: string;
  /** The caller's submitted sheets of it. */
  mySubmitted: number;
  draft: { id: string; data: Record<string, unknown>; updateTime: string } | null;
  answerable: boolean;
  /** Why the caller may not answer now, in their language (ended, not started, outside the scope, answered). */
  reason: string | null;
}

/** Under the survey's cache key: a survey's lists and screens refresh together once it is answered. */
export const browseKey = (id: string, lang: string) => ['crud', qnSurvey.key, 'browse', id, lang];

export const browseSurvey = (id: string) => request<BrowsedSurvey>(`${qnSurvey.api}/browse`, { query: { id } });

/** Saves the caller's sheet: a draft to come back to, or submitted (checked by the server against the form version). */
export const saveAnswers = (surveyId: string, data: Record<string, unknown>, draft: boolean) =>
  request<Row>(`${qnSurveyData.api}/add`, { method: 'POST', body: { surveyId, data, draft } });
