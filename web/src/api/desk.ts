import { ENTERPRISE_UPDATES, type EnterpriseUpdateAction } from '@park/catalog/desk';
import type { Page } from './crud.ts';
import { request } from './http.ts';

/** The desk's calls (spec part 7 desk): the caller's team-project matters and the latest enterprise updates. */
const MATTERS = 'blade-desk/team-project-matters';

/** The caller's matters counted (todoStatistics). */
export interface TodoStatistics {
  todo: number;
  doing: number;
  overdue: number;
  doneThisMonth: number;
  total: number;
}

/** One of the caller's matters, with its project's name. */
export interface DeskMatter {
  id: string;
  teamProjectId: string;
  projectName: string;
  matterTitle: string;
  content: string | null;
  priority: number;
  dueDate: string;
  matterStatus: number;
  finishTime: string | null;
  createTime: string;
  overdue: boolean;
}

export const fetchTodoStatistics = () => request<TodoStatistics>(`${MATTERS}/todoStatistics`);

export const fetchTodoList = (current: number, size: number) =>
  request<Page<DeskMatter>>(`${MATTERS}/todoList`, { query: { current, size } });

export const fetchMyMatter = (id: string) => request<DeskMatter>(`${MATTERS}/detail`, { query: { id } });

export const completeMatter = (id: string) =>
  request<boolean>(`${MATTERS}/complete`, { method: 'POST', query: { id } });

/** What happened to an enterprise, by whom and when. */
export interface EnterpriseUpdate {
  id: string;
  enterpriseName: string;
  officeNumber: string | null;
  action: EnterpriseUpdateAction;
  operatorName: string | null;
  time: string;
}

export const fetchEnterpriseUpdates = (size: number) =>
  request<EnterpriseUpdate[]>(ENTERPRISE_UPDATES.api, { query: { current: 1, size } });
