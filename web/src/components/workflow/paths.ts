import { decodeProcessParams, encodeProcessParams } from '@park/catalog/workflow';

/** The runtime's screens (server/src/seed/menus.ts: workflow_process's children, wf_ops, oa_work). */
export const PROCESS_PATHS = {
  start: '/workflow/process/start',
  todo: '/workflow/process/todo',
  claim: '/workflow/process/claim',
  send: '/workflow/process/send',
  done: '/workflow/process/done',
  copy: '/workflow/process/copy',
  draft: '/workflow/process/draft',
  detail: '/workflow/process/detail',
  ops: '/workflow/ops',
  opsDetail: '/workflow/ops/detail',
  oaWork: '/oa/work',
  oaDetail: '/oa/work/detail',
} as const;

/** /workflow/process/start/:params: the start form of a deployment, or a draft of it to go on with. */
export function startPath(processDefinitionId: string, draftId?: string): string {
  return `${PROCESS_PATHS.start}/${encodeProcessParams(draftId ? { processDefinitionId, draftId } : { processDefinitionId })}`;
}

/** A process's detail at `base` (the process detail, the monitor's, my work's), for the task `taskId` when given. */
export function detailPath(processInstanceId: string, taskId?: string | null, base: string = PROCESS_PATHS.detail) {
  return `${base}/${encodeProcessParams(taskId ? { processInstanceId, taskId } : { processInstanceId })}`;
}

/** The start screen's `:params`, or undefined when it names no deployment. */
export function readStartParams(
  text: string | undefined,
): { processDefinitionId: string; draftId?: string } | undefined {
  const params = text ? decodeProcessParams(text) : undefined;
  if (!params?.processDefinitionId) return undefined;
  return { processDefinitionId: params.processDefinitionId, ...(params.draftId ? { draftId: params.draftId } : {}) };
}

/** A detail screen's `:params`, or undefined when it names no process instance. */
export function readDetailParams(text: string | undefined): { processInstanceId: string; taskId?: string } | undefined {
  const params = text ? decodeProcessParams(text) : undefined;
  if (!params?.processInstanceId) return undefined;
  return { processInstanceId: params.processInstanceId, ...(params.taskId ? { taskId: params.taskId } : {}) };
}
