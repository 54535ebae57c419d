import type { WorkflowButton } from '@park/catalog/workflow';
import type { ProcessDetail, Signer } from './api.ts';

/** What the detail's action bar may show: a task button, or 签收. */
export type ActionKey = WorkflowButton | 'claim';

/** The buttons that act on the task, shown while the viewer may act on it (in the design's order). */
const TASK_OPERATIONS: readonly WorkflowButton[] = [
  'wf_pass',
  'wf_reject',
  'wf_transfer',
  'wf_delegate',
  'wf_rollback',
  'wf_terminate',
  'wf_copy',
];

type Viewed = Pick<ProcessDetail, 'task' | 'canWithdraw' | 'canUrge'>;

/** The viewer may act on the task now: it is open and theirs (assigned to them, or claimed). */
export function mayAct(detail: Pick<ProcessDetail, 'task'>): boolean {
  return Boolean(detail.task?.mine && detail.task.status === 'todo');
}

/**
 * The action bar of a process's detail, in order: 签收 when the task is offered to the viewer; the task's own
 * buttons (process/detail `task.buttons`, the design's order) while the viewer may act, 加签 only on a 会签 task
 * and 打印 whoever looks; then 撤回 and 催办 when the server says the viewer may (`canWithdraw`, `canUrge`),
 * whatever the task lists. 减签 is no button: it is the remove mark of each open signer (`mayRemoveSigners`).
 */
export function actionKeys(detail: Viewed): ActionKey[] {
  const keys: ActionKey[] = [];
  const task = detail.task;
  if (task?.claimable && task.status === 'todo') keys.push('claim');
  const acting = mayAct(detail);
  for (const { buttonKey } of task?.buttons ?? []) {
    const key = buttonKey as WorkflowButton;
    if (keys.includes(key)) continue;
    if (key === 'wf_print') keys.push(key);
    else if (key === 'wf_add_instance' && acting && task?.multiInstance) keys.push(key);
    else if (TASK_OPERATIONS.includes(key) && acting) keys.push(key);
  }
  if (detail.canWithdraw) keys.push('wf_withdraw');
  if (detail.canUrge) keys.push('wf_urge');
  return keys;
}

/** Whether the viewer may take signers off the task's 会签: theirs to act on, and the task lists 减签. */
export function mayRemoveSigners(detail: Pick<ProcessDetail, 'task'>): boolean {
  const task = detail.task;
  return Boolean(
    mayAct(detail) && task?.multiInstance && task.buttons.some((button) => button.buttonKey === 'wf_del_instance'),
  );
}

/** A signer still to decide, whom 减签 may take off (never the viewer's own task). */
export function isRemovableSigner(signer: Signer, ownTaskId: string | undefined): boolean {
  return signer.status === 'todo' && signer.taskId !== ownTaskId;
}

/**
 * Whether the task the detail was opened at is gone for the viewer after an operation (done, handed on, sent back,
 * the process ended or withdrawn): then the screen goes back to its list. A detail not read again is gone too.
 */
export function taskGone(detail: Pick<ProcessDetail, 'task'> | undefined, taskId: string | undefined): boolean {
  if (!taskId) return false;
  const task = detail?.task;
  if (!task || task.taskId !== taskId || task.status !== 'todo') return true;
  return !task.mine && !task.claimable;
}
