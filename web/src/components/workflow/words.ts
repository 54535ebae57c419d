import { WORKFLOW_BUTTONS } from '@park/catalog/workflow';
import type { TFunction } from 'i18next';
import { parkNow } from '../../clock.ts';
import type { Lang } from '../../i18n/index.ts';

/**
 * The runtime's words for the server's status and action codes (workflow-runtime contract "Status words", and the
 * monitor's suspend and activate), with
 * a colour each: the timeline's dots and the status tags. A code we do not know shows as itself, grey.
 */

type RuntimeT = TFunction<'workflowRuntime'>;

/** What a history entry did, and its colour: names both antd's Tag presets and CSS know (the Timeline takes CSS colours). */
export const HISTORY_ACTIONS = {
  start: 'blue',
  pass: 'green',
  reject: 'red',
  claim: 'cyan',
  transfer: 'purple',
  delegate: 'purple',
  resolve: 'green',
  copy: 'cyan',
  urge: 'orange',
  rollback: 'orange',
  withdraw: 'gold',
  terminate: 'red',
  dispatch: 'purple',
  addSigner: 'cyan',
  removeSigner: 'cyan',
  resubmit: 'blue',
  timeout: 'orange',
  end: 'green',
  delete: 'red',
  // 流程监控's 挂起 and 激活 (ops/changeStatus) are recorded too.
  suspend: 'gold',
  activate: 'cyan',
} as const;
export type HistoryAction = keyof typeof HISTORY_ACTIONS;

const isHistoryAction = (action: string): action is HistoryAction => Object.hasOwn(HISTORY_ACTIONS, action);

/** A history action's word in the language (同意, Approved), or the code itself when it is none we know. */
export function historyActionLabel(action: string, t: RuntimeT): string {
  return isHistoryAction(action) ? t(`action.${action}`) : action;
}

export function historyActionColor(action: string): string {
  return isHistoryAction(action) ? HISTORY_ACTIONS[action] : 'gray';
}

/** Instance and task statuses, with their tag colours. */
export const STATUSES = {
  running: 'processing',
  suspended: 'warning',
  finished: 'success',
  terminated: 'error',
  todo: 'processing',
  done: 'success',
  cancelled: 'default',
} as const;
export type Status = keyof typeof STATUSES;

const isStatus = (status: string): status is Status => Object.hasOwn(STATUSES, status);

export function statusLabel(status: string | null | undefined, t: RuntimeT): string {
  if (!status) return '';
  return isStatus(status) ? t(`status.${status}`) : status;
}

export function statusColor(status: string | null | undefined): string {
  return status && isStatus(status) ? STATUSES[status] : 'default';
}

/** Keys of the task buttons we have words for (catalog WORKFLOW_BUTTONS, and 签收). */
const BUTTON_WORDS = [...WORKFLOW_BUTTONS, 'claim'] as const;
type ButtonWord = (typeof BUTTON_WORDS)[number];

/**
 * A task button's label. In Chinese, the name the tenant gave it (design/button, which may rename 同意 to 批准);
 * in another language our word for its key, as the sidebar names a menu (its code's translation, else its name).
 */
export function buttonLabel(button: { buttonKey: string; name?: string | null }, lang: Lang, t: RuntimeT): string {
  if (lang === 'zh' && button.name) return button.name;
  const known = (BUTTON_WORDS as readonly string[]).includes(button.buttonKey);
  return known ? t(`button.${button.buttonKey as ButtonWord}`) : (button.name ?? button.buttonKey);
}

/**
 * Whether a task row is past its due time: the server's `overdue` when it says, else a due time before `now` on
 * an open task (a done one was not late for long).
 */
export function isOverdue(
  row: { dueTime?: string | null; overdue?: boolean | null; status?: string | null; endTime?: string | null },
  // The park's wall clock, as the due time (the server's local text) is read below.
  now: Date = parkNow().toDate(),
): boolean {
  if (typeof row.overdue === 'boolean') return row.overdue;
  if (!row.dueTime || row.endTime || (row.status && row.status !== 'todo')) return false;
  const due = new Date(row.dueTime.replace(' ', 'T'));
  return !Number.isNaN(due.getTime()) && due.getTime() < now.getTime();
}
