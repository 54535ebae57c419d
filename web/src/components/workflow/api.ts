import type { FormSchema } from '@park/catalog/forms';
import type { Page, Row } from '../../api/crud.ts';
import { MAX_PAGE_SIZE, request, requestList } from '../../api/http.ts';
import type { TreeNode } from '../../api/system.ts';

/**
 * The workflow runtime's calls (/work/briefs/workflow-runtime.md, issue 31): the processes a user may start and
 * the start form, the task lists, a process's detail and the task operations, the operator's monitor (ops) and
 * OA's 我的工作. Every call answers the BladeX envelope; a refusal (400, 该任务已被处理) is shown by the HTTP client.
 */

const PROCESS = 'blade-workflow/process';
const OPS = 'blade-workflow/ops';
const OA = 'blade-oa';

/** A file attached to an act or a field: its name and where it is served. */
export interface Attachment {
  name: string;
  link: string;
}

/** A deployment the user may start (process/processList). */
export interface StartableProcess {
  id: string;
  processDefinitionId?: string;
  processDefinitionKey: string;
  name: string;
  category?: string | null;
  categoryName?: string | null;
  version: number;
  icon?: string | null;
  description?: string | null;
}

/** What the start screen draws (process/getFormByProcessId). */
export interface StartForm {
  process: {
    id: string;
    key: string;
    name: string;
    version: number;
    category?: string | null;
    categoryName?: string | null;
    icon?: string | null;
  };
  formKey?: string | null;
  formVersion?: number | null;
  form: FormSchema | null;
  defaults: Record<string, unknown>;
  /** formData as the draft keeps it: JSON text (the stored column) or the object. */
  draft: { id: string; formData: string | Record<string, unknown> | null } | null;
}

/** A row of the task lists (todo, claim, send, done, myDone, copy) and of 我的工作. */
export interface TaskRow {
  taskId?: string | null;
  taskName?: string | null;
  taskDefinitionKey?: string | null;
  assignee?: string | null;
  assigneeName?: string | null;
  category?: string | null;
  categoryName?: string | null;
  createTime?: string | null;
  endTime?: string | null;
  claimTime?: string | null;
  /** The instance's start. */
  startTime?: string | null;
  processInstanceId: string;
  processDefinitionId?: string | null;
  processDefinitionKey?: string | null;
  processDefinitionName?: string | null;
  processDefinitionVersion?: number | null;
  status?: string | null;
  comment?: string | null;
  serialNumber?: string | null;
  startUsername?: string | null;
  copyUser?: string | null;
  /** The instance's status: running, suspended, finished, terminated. */
  processStatus?: string | null;
  /** A row of one instance: its open tasks' names and assignees, joined (withOpenTasks moves them to the task's). */
  currentTaskName?: string | null;
  currentAssigneeName?: string | null;
  dueTime?: string | null;
  overdue?: boolean | null;
}

/** The lists of process/*List: 待办, 待签, 已发, 办结, 已办 (tasks I completed), 抄送. */
export const TASK_LISTS = ['todo', 'claim', 'send', 'done', 'myDone', 'copy'] as const;
export type TaskListKind = (typeof TASK_LISTS)[number];

/** The filters every task list takes (dates yyyy-MM-dd). */
export interface TaskFilters {
  category?: string;
  processDefinitionKey?: string;
  processDefinitionName?: string;
  startUsername?: string;
  beginTime?: string;
  endTime?: string;
}

export interface Paged {
  current: number;
  size: number;
}

export const fetchTaskList = async (kind: TaskListKind, query: TaskFilters & Paged) =>
  withOpenTasks(await request<Page<TaskRow>>(`${PROCESS}/${kind}List`, { query: { ...query } }));

/** Every process the user may start, all at once (a short list, filtered on screen). */
export async function fetchStartable(): Promise<StartableProcess[]> {
  const page = await request<Page<StartableProcess>>(`${PROCESS}/processList`, {
    query: { current: 1, size: MAX_PAGE_SIZE },
  });
  return page.records;
}

export const fetchStartForm = (processDefinitionId: string, draftId?: string) =>
  request<StartForm>(`${PROCESS}/getFormByProcessId`, { query: { processDefinitionId, draftId } });

export interface StartRequest {
  processDefinitionId: string;
  formData: Record<string, unknown>;
  draftId?: string;
  /** User ids, comma-joined. */
  copyUser?: string;
}

export const startProcess = (body: StartRequest) =>
  request<{ processInstanceId: string; serialNumber: string }>(`${PROCESS}/startProcess`, { method: 'POST', body });

/** A saved draft (process/draft); formData is JSON text. */
export interface DraftRow extends Row {
  processDefinitionId: string;
  processDefinitionKey?: string;
  processName?: string;
  formData?: string;
  createTime?: string;
  updateTime?: string;
}

/** Saves the half-filled start form as a draft (a new one without `id`); answers the saved row. */
export const saveDraft = (draft: { id?: string; processDefinitionId: string; formData: Record<string, unknown> }) =>
  request<DraftRow>(`${PROCESS}/draft/submit`, {
    method: 'POST',
    body: { ...draft, formData: JSON.stringify(draft.formData) },
  });

// --- a process's detail --------------------------------------------------------------------------------------

export type FieldMode = 'editable' | 'readonly' | 'hidden';

export interface Signer {
  taskId: string;
  assignee?: string | null;
  assigneeName?: string | null;
  status: string;
  pass?: boolean | number | null;
}

export interface TaskButtonRef {
  buttonKey: string;
  name: string;
}

export interface DetailTask {
  taskId: string;
  taskName?: string | null;
  taskDefinitionKey?: string | null;
  status: string;
  assignee?: string | null;
  assigneeName?: string | null;
  claimTime?: string | null;
  dueTime?: string | null;
  /** The viewer may act on it now. */
  mine: boolean;
  /** Offered to the viewer and not claimed yet. */
  claimable: boolean;
  multiInstance: { signMode: string; ratio?: number | null; signers: Signer[] } | null;
  buttons: TaskButtonRef[];
}

export interface HistoryEntry {
  id: string;
  nodeId?: string | null;
  nodeName?: string | null;
  action: string;
  userId?: string | null;
  userName?: string | null;
  comment?: string | null;
  attachments?: Attachment[] | null;
  targetName?: string | null;
  createTime: string;
}

export interface ProcessDetail {
  process: {
    processInstanceId: string;
    processDefinitionId?: string | null;
    processDefinitionKey?: string | null;
    processDefinitionName?: string | null;
    processDefinitionVersion?: number | null;
    category?: string | null;
    categoryName?: string | null;
    serialNumber?: string | null;
    status: string;
    startUser?: string | null;
    startUsername?: string | null;
    startTime?: string | null;
    endTime?: string | null;
    businessTable?: string | null;
    businessId?: string | null;
  };
  task: DetailTask | null;
  form: FormSchema | null;
  formData: Record<string, unknown>;
  fieldModes: Record<string, FieldMode>;
  history: HistoryEntry[];
  xml: string;
  nodes: { finished: string[]; current: string[] };
  canWithdraw: boolean;
  canUrge: boolean;
}

export const fetchProcessDetail = (processInstanceId: string, taskId?: string) =>
  request<ProcessDetail>(`${PROCESS}/detail`, { query: { processInstanceId, taskId } });

// --- task operations (each answers {} or a 400 with the reason) ----------------------------------------------

const post = (path: string, body: object) => request<unknown>(`${PROCESS}/${path}`, { method: 'POST', body });

export interface CompleteRequest {
  taskId: string;
  pass: boolean;
  comment?: string;
  attachments?: Attachment[];
  formData?: Record<string, unknown>;
  copyUser?: string;
}

export const completeTask = (body: CompleteRequest) => post('completeTask', body);
export const claimTask = (taskId: string) => post('claimTask', { taskId });
export const transferTask = (body: { taskId: string; assignee: string; comment?: string }) =>
  post('transferTask', body);
export const delegateTask = (body: { taskId: string; assignee: string; comment?: string }) =>
  post('delegateTask', body);
export const copyTask = (body: { taskId: string; copyUser: string; comment?: string }) => post('copyTask', body);
export const urgeTask = (body: { processInstanceId: string; comment?: string }) => post('urgeTask', body);
export const fetchBackNodes = (taskId: string) =>
  request<{ nodeId: string; nodeName: string }[]>(`${PROCESS}/getBackNodes`, { query: { taskId } });
export const rollbackTask = (body: { taskId: string; nodeId: string; comment: string }) => post('rollbackTask', body);
export const terminateTask = (body: { taskId: string; comment: string }) => post('terminateProcess', body);
export const addSigners = (body: { taskId: string; assignee: string }) => post('addMultiInstance', body);
export const removeSigner = (taskId: string) => post('deleteMultiInstance', { taskId });
export const withdrawProcess = (body: { processInstanceId: string; comment?: string }) => post('withdrawTask', body);

// --- ops (流程监控) --------------------------------------------------------------------------------------------

/** A process instance as the monitor lists it. */
export interface InstanceRow {
  processInstanceId: string;
  processDefinitionName?: string | null;
  processDefinitionKey?: string | null;
  processDefinitionVersion?: number | null;
  category?: string | null;
  categoryName?: string | null;
  serialNumber?: string | null;
  status: string;
  startUsername?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  /** The open tasks' names, joined. */
  taskName?: string | null;
  assigneeName?: string | null;
}

/** A row of one instance (已发, 办结, 抄送, the monitor): its open tasks' names and assignees, joined, as the server names them. */
interface OpenTasksJoined {
  taskName?: string | null;
  assigneeName?: string | null;
  currentTaskName?: string | null;
  currentAssigneeName?: string | null;
}

/**
 * The rows with their open tasks as the task columns show them: a row of one instance carries them as
 * `currentTaskName` and `currentAssigneeName` (its `taskName`, on a copy, is the step it was copied at).
 */
export function withOpenTasks<R extends OpenTasksJoined>(page: Page<R>): Page<R> {
  return {
    ...page,
    records: page.records.map((row) => ({
      ...row,
      taskName: 'currentTaskName' in row ? row.currentTaskName : row.taskName,
      assigneeName: 'currentAssigneeName' in row ? row.currentAssigneeName : row.assigneeName,
    })),
  };
}

export interface ProcessNode {
  nodeId: string;
  nodeName?: string | null;
  state: 'finished' | 'current' | 'untouched';
  /** A current node's open tasks. */
  tasks?: { taskId: string; assignee?: string | null; assigneeName?: string | null }[] | null;
}

/** The open tasks of an instance (指派 picks one), from its nodes: each with its node's name and its assignee. */
export function openTasksOf(nodes: ProcessNode[]): { taskId: string; taskName: string; assigneeName: string }[] {
  return nodes.flatMap((node) =>
    (node.tasks ?? []).map((task) => ({
      taskId: task.taskId,
      taskName: node.nodeName || node.nodeId,
      assigneeName: task.assigneeName ?? '',
    })),
  );
}

export const fetchOpsList = async (finished: boolean, query: TaskFilters & Paged) =>
  withOpenTasks(await request<Page<InstanceRow>>(`${OPS}/${finished ? 'doneList' : 'list'}`, { query: { ...query } }));
export const fetchProcessNodes = (processInstanceId: string) =>
  request<ProcessNode[]>(`${OPS}/processNodes`, { query: { processInstanceId } });

const opsPost = (path: string, body: object) => request<unknown>(`${OPS}/${path}`, { method: 'POST', body });

export const dispatchTask = (body: { taskId: string; assignee: string; comment?: string }) =>
  opsPost('dispatchTask', body);
export const opsTerminate = (body: { processInstanceId: string; comment: string }) => opsPost('terminateProcess', body);
export const opsDelete = (ids: string[]) => opsPost('deleteProcess', { ids: ids.join(',') });
export const opsChangeStatus = (processInstanceId: string, status: 'suspended' | 'running') =>
  opsPost('changeStatus', { processInstanceId, status });

// --- OA ------------------------------------------------------------------------------------------------------

export const OA_WORK_TYPES = ['todo', 'send', 'done'] as const;
export type OaWorkType = (typeof OA_WORK_TYPES)[number];

export interface OaCategory {
  id: string;
  name: string;
  workflowCategoryId?: string | null;
  sort?: number | null;
}

export const fetchMyWork = async (type: OaWorkType, query: Paged & { categoryId?: string }) =>
  withOpenTasks(await request<Page<TaskRow>>(`${OA}/work/myWork`, { query: { ...query, type } }));
export const fetchMyWorkDetail = (workId: string) =>
  request<ProcessDetail>(`${OA}/work/myWorkDetail`, { query: { workId } });
export const fetchOaCategories = () => requestList<OaCategory>(`${OA}/category`);

/** The process categories as a tree (design/category/tree). */
export const processCategoryTreeQuery = {
  queryKey: ['workflow', 'category', 'tree'],
  queryFn: () => request<TreeNode[]>('blade-workflow/design/category/tree'),
};
