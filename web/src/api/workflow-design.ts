import type { ScopeRow } from '../components/scope/scopeLines.ts';
import type { Page, Row } from './crud.ts';
import { request, requestList } from './http.ts';
import type { TreeNode } from './system.ts';

/**
 * The workflow design calls beyond the generic five (/work/briefs/workflow-contract.md): a model's deploy, icon,
 * category, history and start scope, and the deployments' status and category.
 */

const DESIGN = 'blade-workflow/design';

/** A model as design/model answers it, with the version of its latest deployment (null: never deployed). */
export interface ModelRow extends Row {
  modelKey: string;
  name: string;
  categoryId?: string | null;
  icon?: string | null;
  xml?: string;
  version?: number | null;
  deployedVersion?: number | null;
}

/** One saved version of a model (design/model/history); `main` marks the model's main version. */
export interface ModelVersion extends Row {
  modelId: string;
  modelKey: string;
  name: string;
  xml: string;
  version: number;
  createTime: string;
  createUser?: string;
  createUserName?: string | null;
  main: boolean;
}

/** A deployment (design/deployment): 1 active, 2 suspended. */
export interface DeploymentRow extends Row {
  modelId: string;
  processKey: string;
  name: string;
  categoryId?: string | null;
  version: number;
  xml?: string;
  forms?: unknown;
  status: number;
  deployTime?: string;
}

const joined = (ids: string[]) => ids.join(',');

/** Models whose name or key holds `search`, a page at a time (the model-scope screen's picker). */
export function searchModels(search: string, field: 'name' | 'modelKey' = 'name'): Promise<Page<ModelRow>> {
  return request<Page<ModelRow>>(`${DESIGN}/model/page`, { query: { current: 1, size: 20, [field]: search } });
}

export const fetchModel = (id: string) => request<ModelRow>(`${DESIGN}/model/detail`, { query: { id } });

/** Deploys the model's main version: the new deployment, or a 400 whose message joins every reason it was refused for. */
export const deployModel = (id: string) =>
  request<DeploymentRow>(`${DESIGN}/model/deploy`, { method: 'POST', query: { id } });

export const changeModelCategory = (ids: string[], categoryId: string) =>
  request<unknown>(`${DESIGN}/model/changeCategory`, { method: 'POST', query: { ids: joined(ids), categoryId } });

export const changeModelIcon = (id: string, icon: string) =>
  request<unknown>(`${DESIGN}/model/changeIcon`, { method: 'POST', query: { id, icon } });

/** Every saved version of a model, newest first. */
export const fetchModelVersions = (modelId: string) =>
  requestList<ModelVersion>(`${DESIGN}/model/history`, { modelId, descs: 'version' });

export const setModelMainVersion = (id: string) =>
  request<unknown>(`${DESIGN}/model/history/setMainVersion`, { method: 'POST', query: { id } });

/** A model's scope lines (the generic list, a page, filtered by the model). */
export const fetchModelScope = (modelId: string) => requestList<ScopeRow>(`${DESIGN}/model/scope`, { modelId });

/** Replaces a model's start scope; none means everyone may start it. */
export const submitModelScope = (modelId: string, scopes: ScopeRow[]) =>
  request<unknown>(`${DESIGN}/model/scope/submit`, { method: 'POST', body: { modelId, scopes } });

export const fetchDeployment = (id: string) => request<DeploymentRow>(`${DESIGN}/deployment/detail`, { query: { id } });

export const changeDeploymentStatus = (ids: string[], status: number) =>
  request<unknown>(`${DESIGN}/deployment/changeStatus`, { method: 'POST', query: { ids: joined(ids), status } });

export const changeDeploymentCategory = (ids: string[], categoryId: string) =>
  request<unknown>(`${DESIGN}/deployment/changeCategory`, { method: 'POST', query: { ids: joined(ids), categoryId } });

/** The process categories as a picker tree. */
export const categoryTreeQuery = {
  queryKey: ['workflow', 'category', 'tree'],
  queryFn: () => request<TreeNode[]>(`${DESIGN}/category/tree`),
};
