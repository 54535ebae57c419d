import { qnForm, qnSurvey, qnSurveyScope, qnTemplate } from '@park/catalog';
import { fetchPage, type Page, type PageQuery, type Row, removeRows } from '../../../api/crud.ts';
import { type Query, request, requestFile, requestList } from '../../../api/http.ts';
import type { ScopeRow } from '../../../components/scope/scopeLines.ts';

/**
 * 问卷调查's calls (server modules/questionnaire/surveys.ts): the surveys' page with what `decorate` adds, a survey
 * with its questionnaire and scope, its save with the scope, enable and deactivate, and 问卷范围's scope.
 */

/** Where a survey stands by the clock (the server's). */
export type SurveyPhase = 'notStarted' | 'ongoing' | 'ended';

/** A survey as survey/page answers it, with its answers' count, its phase and the caller's own sheets of it. */
export interface SurveyRow extends Row {
  title: string;
  formId: string;
  formVersion: number | null;
  templateId: string | null;
  startTime: string;
  endTime: string;
  anonymous: number;
  allowMultiple: number;
  description: string | null;
  /** 1 enabled (sent to its scope), 0 not (new, or deactivated). */
  status: number;
  /** When it was first enabled; null while it never was. */
  publishTime: string | null;
  createTime: string;
  answerCount: number;
  phase: SurveyPhase;
  mySubmitted: number;
  myDraftId: string | null;
}

/** A survey with its form version's questionnaire (FormSchema JSON text) and its scope rows. */
export interface SurveyDetail extends SurveyRow {
  content: string;
  scopes: (Row & ScopeRow)[];
}

/** What a survey's save sends: its fields, where it is made from, and its whole scope. */
export interface SurveyBody {
  id?: string;
  title: string;
  formId?: string | null;
  templateId?: string | null;
  startTime: string;
  endTime: string;
  anonymous: number;
  allowMultiple: number;
  description: string;
  scopes: ScopeRow[];
}

/** A ready questionnaire to start from, as find-template-form answers it. */
export interface TemplateForm {
  templateId: string;
  name: string;
  description: string | null;
  content: string;
}

/** An answer with the server's message (enable says how many were told). */
export interface Told<T> {
  data: T;
  msg: string;
}

const SURVEY = qnSurvey.api;

/**
 * The surveys' cache key, as the other survey screens (answer, 问卷数据) key theirs below it: a survey saved,
 * enabled or answered refreshes every one of them.
 */
export const SURVEYS_KEY = ['crud', qnSurvey.key] as const;

/** A page of surveys: all of them for those who run surveys, or (`mine`, and always for a respondent) those asking the caller. */
export const fetchSurveyPage = (query: PageQuery & { mine?: number }) =>
  request<Page<SurveyRow>>(`${SURVEY}/page`, { query });

export const fetchSurvey = (id: string) => request<SurveyDetail>(`${SURVEY}/detail`, { query: { id } });

/** Adds a survey, or updates one (`id`); its scope is replaced by `scopes` in the same save. */
export const saveSurvey = (body: SurveyBody) =>
  request<SurveyRow>(`${SURVEY}/${body.id ? 'update' : 'add'}`, { method: 'POST', body });

/** PUT enable (the server tells the scope's members and says how many) or deactivate. */
export const setSurveyEnabled = (id: string, enabled: boolean) =>
  request<Told<SurveyRow>>(`${SURVEY}/${enabled ? 'enable' : 'deactivate'}`, {
    method: 'PUT',
    query: { id },
    raw: true,
  });

/** Removes surveys; the server refuses an enabled one, naming it. */
export const removeSurveys = (ids: string[]) => removeRows(qnSurvey, ids);

/** The surveys the filters find, as an Excel file (the generic export). */
export const exportSurveys = (filters: Query) => requestFile(`${SURVEY}/export`, { query: filters });

/** A survey's scope rows, in the order they were given. */
export const fetchSurveyScope = (surveyId: string) => requestList<ScopeRow>(qnSurveyScope.api, { surveyId });

/** Replaces a survey's whole scope; an enabled survey's new members are told. */
export const submitSurveyScope = (surveyId: string, scopes: ScopeRow[]) =>
  request<unknown>(`${qnSurveyScope.api}/submit`, { method: 'POST', body: { surveyId, scopes } });

/** How many forms or templates a picker offers at a time; typing narrows them by name. */
const OPTIONS = 20;

/** Enabled forms with a saved version (what a survey may take), by name. */
export const fetchEnabledForms = (name: string) =>
  fetchPage(qnForm, { current: 1, size: OPTIONS, status: 1, version_gt: 0, name });

/** Enabled templates, by name. */
export const fetchEnabledTemplates = (name: string) =>
  fetchPage(qnTemplate, { current: 1, size: OPTIONS, status: 1, name, ascs: 'sort' });

export const fetchTemplateForm = (templateId: string) =>
  request<TemplateForm>(`${qnTemplate.api}/find-template-form`, { query: { templateId } });
