import type { Page, Row } from './crud.ts';
import { request } from './http.ts';
import type { TreeNode } from './system.ts';

/**
 * The form design calls beyond the generic five (/work/briefs/workflow-contract.md): a form's detail and a new
 * version of it, its category, its history and main version, and the named default values the designer offers.
 */

const FORM = 'blade-workflow/design/form';

/** A form as design/form answers it: `content` is the FormSchema as a JSON string, `version` the main version. */
export interface FormRow extends Row {
  formKey: string;
  name: string;
  categoryId?: string | null;
  content?: string | null;
  version?: number | null;
  remark?: string | null;
  status?: number | null;
}

/** One saved version of a form (design/form/history); `main` marks the form's main version. */
export interface FormVersion extends Row {
  formId: string;
  formKey: string;
  name: string;
  content: string;
  version: number;
  remark?: string | null;
  createTime: string;
  createUser?: string;
  createUserName?: string | null;
  main: boolean;
}

/** A named default value (design/form/default-values): an expression such as `starter.realName`, for a field type. */
export interface DefaultValueRow extends Row {
  name: string;
  content: string;
  fieldType?: string | null;
  remark?: string | null;
}

export const fetchForm = (id: string) => request<FormRow>(`${FORM}/detail`, { query: { id } });

/** Saves the form with its content: the server checks the schema, stores the next version and makes it the main one. */
export const submitForm = (form: FormRow) => request<FormRow>(`${FORM}/submit`, { method: 'POST', body: form });

export const changeFormCategory = (ids: string[], categoryId: string) =>
  request<unknown>(`${FORM}/changeCategory`, { method: 'POST', query: { ids: ids.join(','), categoryId } });

/** Every saved version of a form, newest first. */
export async function fetchFormVersions(formId: string): Promise<FormVersion[]> {
  const page = await request<Page<FormVersion>>(`${FORM}/history/list`, {
    query: { formId, current: 1, size: 1000, descs: 'version' },
  });
  return page.records;
}

export const setFormMainVersion = (id: string) =>
  request<unknown>(`${FORM}/history/setMainVersion`, { method: 'POST', query: { id } });

/** The tenant's named default values, all of them (a short list). */
export async function fetchDefaultValues(): Promise<DefaultValueRow[]> {
  const page = await request<Page<DefaultValueRow>>(`${FORM}/default-values/list`, {
    query: { current: 1, size: 1000 },
  });
  return page.records;
}

/** The process categories as a picker tree. */
export const formCategoryTreeQuery = {
  queryKey: ['workflow', 'category', 'tree'],
  queryFn: () => request<TreeNode[]>('blade-workflow/design/category/tree'),
};
