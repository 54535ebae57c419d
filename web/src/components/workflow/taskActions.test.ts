import { describe, expect, it } from 'vitest';
import type { DetailTask, ProcessDetail } from './api.ts';
import { actionKeys, isRemovableSigner, mayAct, mayRemoveSigners, taskGone } from './taskActions.ts';

const buttons = (...keys: string[]) => keys.map((buttonKey) => ({ buttonKey, name: buttonKey }));

function task(over: Partial<DetailTask> = {}): DetailTask {
  return {
    taskId: 't1',
    taskName: '部门审批',
    status: 'todo',
    mine: true,
    claimable: false,
    multiInstance: null,
    buttons: buttons('wf_pass', 'wf_reject', 'wf_rollback', 'wf_print'),
    ...over,
  };
}

type Viewed = Pick<ProcessDetail, 'task' | 'canWithdraw' | 'canUrge'>;
const viewed = (over: Partial<Viewed> = {}): Viewed => ({ task: task(), canWithdraw: false, canUrge: false, ...over });

describe('actionKeys', () => {
  it('shows the task’s buttons in their order while the task is the viewer’s', () => {
    expect(actionKeys(viewed())).toEqual(['wf_pass', 'wf_reject', 'wf_rollback', 'wf_print']);
  });

  it('leaves a looker 打印 alone, and offers 签收 on a task offered to them', () => {
    expect(actionKeys(viewed({ task: task({ mine: false }) }))).toEqual(['wf_print']);
    expect(actionKeys(viewed({ task: task({ mine: false, claimable: true }) }))).toEqual(['claim', 'wf_print']);
    expect(actionKeys(viewed({ task: task({ status: 'done' }) }))).toEqual(['wf_print']);
  });

  it('offers 加签 on a 会签 task only', () => {
    const withAdd = buttons('wf_pass', 'wf_add_instance', 'wf_del_instance');
    expect(actionKeys(viewed({ task: task({ buttons: withAdd }) }))).toEqual(['wf_pass']);
    const multi = { signMode: 'all', ratio: null, signers: [] };
    expect(actionKeys(viewed({ task: task({ buttons: withAdd, multiInstance: multi }) }))).toEqual([
      'wf_pass',
      'wf_add_instance',
    ]);
  });

  it('shows 撤回 and 催办 when the server allows them, task or none, never twice', () => {
    expect(actionKeys(viewed({ task: null, canWithdraw: true, canUrge: true }))).toEqual(['wf_withdraw', 'wf_urge']);
    const listed = task({ buttons: buttons('wf_pass', 'wf_withdraw', 'wf_urge') });
    expect(actionKeys(viewed({ task: listed }))).toEqual(['wf_pass']);
    expect(actionKeys(viewed({ task: listed, canUrge: true }))).toEqual(['wf_pass', 'wf_urge']);
  });

  it('ignores keys it does not know', () => {
    expect(actionKeys(viewed({ task: task({ buttons: buttons('wf_fly', 'wf_pass') }) }))).toEqual(['wf_pass']);
  });
});

describe('signers', () => {
  const multi = {
    signMode: 'all',
    ratio: null,
    signers: [
      { taskId: 't1', assigneeName: '我', status: 'todo' },
      { taskId: 't2', assigneeName: '李四', status: 'todo' },
      { taskId: 't3', assigneeName: '王五', status: 'done', pass: true },
    ],
  };

  it('may be removed by whom acts on a 会签 task that lists 减签, an open one not their own', () => {
    const detail = { task: task({ multiInstance: multi, buttons: buttons('wf_pass', 'wf_del_instance') }) };
    expect(mayRemoveSigners(detail)).toBe(true);
    expect(multi.signers.map((s) => isRemovableSigner(s, 't1'))).toEqual([false, true, false]);
    expect(mayRemoveSigners({ task: task({ multiInstance: multi }) })).toBe(false);
    expect(mayRemoveSigners({ task: { ...detail.task, mine: false } })).toBe(false);
    expect(mayRemoveSigners({ task: null })).toBe(false);
  });
});

describe('mayAct and taskGone', () => {
  it('acts on an open task of the viewer’s only', () => {
    expect(mayAct({ task: task() })).toBe(true);
    expect(mayAct({ task: task({ mine: false }) })).toBe(false);
    expect(mayAct({ task: task({ status: 'done' }) })).toBe(false);
    expect(mayAct({ task: null })).toBe(false);
  });

  it('says the task is gone once it is done, someone else’s, another, or unreadable', () => {
    expect(taskGone({ task: task() }, 't1')).toBe(false);
    // Claimed: now the viewer's, still there.
    expect(taskGone({ task: task({ mine: false, claimable: true }) }, 't1')).toBe(false);
    expect(taskGone({ task: task({ status: 'done' }) }, 't1')).toBe(true);
    expect(taskGone({ task: task({ mine: false }) }, 't1')).toBe(true);
    expect(taskGone({ task: task({ taskId: 't9' }) }, 't1')).toBe(true);
    expect(taskGone({ task: null }, 't1')).toBe(true);
    expect(taskGone(undefined, 't1')).toBe(true);
    // Opened without a task (the starter's view): nothing to lose.
    expect(taskGone({ task: null }, undefined)).toBe(false);
  });
});
