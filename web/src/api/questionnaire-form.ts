import type { Page, Row } from './crud.ts';
import { request } from './http.ts';
import type { TreeNode } from './system.ts';

/**
 * 问卷表单's calls beyond the generic five (server modules/questionnaire/forms.ts): a form's detail, a new version
 * of its questionnaire, its history and main version, its category, enabling and deactivating it.
 */

const FORM = 'blade-questionnaire/form';

/** A questionnaire form: `content` is the main version's FormSchema as JSON text, `version` its number (0: none). */
export interface QnFormRow extends Row {
  name: string;
  categoryId?: string | null;
  content?: string | null;
  version?: number | null;
  /** 1 enabled (new surveys may take it), 0 deactivated. */
  status?: number | null;
  description?: string | null;
}

/** One saved version of a questionnaire form; `main` marks the form's main version. */
export interface QnFormVersion extends Row {
  formId: string;
  name: string;
  content: string;
  version: number;
  createTime: string;
  createUser?: string;
  createUserName?: string | null;
  main: boolean;
}

export const fetchQnForm = (id: string) => request<QnFormRow>(`${FORM}/detail`, { query: { id } });

/** Stores the questionnaire as the form's next version, which becomes the main one. */
export const addQnFormVersion = (formId: string, content: string) =>
  request<QnFormVersion>(`${FORM}/history/submit`, { method: 'POST', body: { formId, content } });

/** Every saved version of a form, newest first. */
export async function fetchQnFormVersions(formId: string): Promise<QnFormVersion[]> {
  const page = await request<Page<QnFormVersion>>(`${FORM}/history/list`, {
    query: { formId, current: 1, size: 1000, descs: 'version' },
  });
  return page.records;
}

export const setQnFormMainVersion = (id: string) =>
  request<unknown>(`${FORM}/history/setMainVersion`, { method: 'POST', query: { id } });

export const changeQnFormCategory = (ids: string[], categoryId: string) =>
  request<unknown>(`${FORM}/changeCategory`, { method: 'POST', query: { ids: ids.join(','), categoryId } });

/** PUT enable (a form without a saved version is refused) or deactivate. */
export const setQnFormsEnabled = (ids: string[], enabled: boolean) =>
  request<unknown>(`${FORM}/${enabled ? 'enable' : 'deactivate'}`, { method: 'PUT', query: { ids: ids.join(',') } });

/** The enabled questionnaire categories as a picker tree. */
export const qnCategoryTreeQuery = {
  queryKey: ['questionnaire', 'category', 'tree'],
  queryFn: () => request<TreeNode[]>('blade-questionnaire/category/tree'),
};
