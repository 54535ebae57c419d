import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import {
  buttonLabel,
  HISTORY_ACTIONS,
  historyActionColor,
  historyActionLabel,
  isOverdue,
  statusLabel,
} from './words.ts';

/** The history actions of the workflow-runtime contract. */
const CONTRACT_ACTIONS = [
  'start',
  'pass',
  'reject',
  'claim',
  'transfer',
  'delegate',
  'resolve',
  'copy',
  'urge',
  'rollback',
  'withdraw',
  'terminate',
  'dispatch',
  'addSigner',
  'removeSigner',
  'resubmit',
  'timeout',
  'end',
  'delete',
];

/** What 流程监控's 挂起 and 激活 record besides. */
const MONITOR_ACTIONS = ['suspend', 'activate'];

const tIn = (lang: 'zh' | 'en') => i18n.getFixedT(lang, 'workflowRuntime');

describe('history action labels', () => {
  it('name every action of the contract in both languages, each its own word', () => {
    const actions = [...CONTRACT_ACTIONS, ...MONITOR_ACTIONS];
    expect(Object.keys(HISTORY_ACTIONS).sort()).toEqual([...actions].sort());
    for (const lang of ['zh', 'en'] as const) {
      const labels = actions.map((action) => historyActionLabel(action, tIn(lang)));
      for (const [i, label] of labels.entries()) {
        expect(label, actions[i]).not.toBe('');
        expect(label, actions[i]).not.toContain('action.');
      }
      expect(new Set(labels).size).toBe(labels.length);
    }
    expect(historyActionLabel('pass', tIn('zh'))).toBe('同意');
    expect(historyActionLabel('reject', tIn('zh'))).toBe('驳回');
    expect(historyActionLabel('rollback', tIn('zh'))).toBe('退回');
    expect(historyActionLabel('pass', tIn('en'))).toBe('Approved');
    expect(historyActionLabel('resolve', tIn('en'))).toBe('Resolved the delegation');
  });

  it('show an action they do not know as its code, grey', () => {
    expect(historyActionLabel('teleport', tIn('zh'))).toBe('teleport');
    expect(historyActionColor('teleport')).toBe('gray');
    // Not a key of an object's prototype either.
    expect(historyActionLabel('toString', tIn('en'))).toBe('toString');
    expect(historyActionColor('pass')).toBe('green');
    expect(historyActionColor('reject')).toBe('red');
  });

  it('name the statuses, and leave an unknown one as it is', () => {
    expect(statusLabel('running', tIn('zh'))).toBe('审批中');
    expect(statusLabel('terminated', tIn('en'))).toBe('Terminated');
    expect(statusLabel('odd', tIn('en'))).toBe('odd');
    expect(statusLabel(undefined, tIn('en'))).toBe('');
  });
});

describe('buttonLabel', () => {
  it('takes the tenant’s name in Chinese and our word for the key in English', () => {
    const renamed = { buttonKey: 'wf_pass', name: '批准' };
    expect(buttonLabel(renamed, 'zh', tIn('zh'))).toBe('批准');
    expect(buttonLabel(renamed, 'en', tIn('en'))).toBe('Approve');
    expect(buttonLabel({ buttonKey: 'wf_rollback' }, 'zh', tIn('zh'))).toBe('退回');
    expect(buttonLabel({ buttonKey: 'claim' }, 'en', tIn('en'))).toBe('Claim');
    // A key we have no word for keeps its name.
    expect(buttonLabel({ buttonKey: 'wf_custom', name: '自定义' }, 'en', tIn('en'))).toBe('自定义');
  });
});

describe('isOverdue', () => {
  const now = new Date('2025-03-10T12:00:00');
  it('believes the server when it says', () => {
    expect(isOverdue({ dueTime: '2099-01-01 00:00:00', overdue: true }, now)).toBe(true);
    expect(isOverdue({ dueTime: '2000-01-01 00:00:00', overdue: false }, now)).toBe(false);
  });
  it('else compares an open task’s due time with now', () => {
    expect(isOverdue({ dueTime: '2025-03-10 11:59:59' }, now)).toBe(true);
    expect(isOverdue({ dueTime: '2025-03-10 12:00:01' }, now)).toBe(false);
    expect(isOverdue({ dueTime: '2025-03-09 00:00:00', status: 'done' }, now)).toBe(false);
    expect(isOverdue({ dueTime: '2025-03-09 00:00:00', endTime: '2025-03-09 10:00:00' }, now)).toBe(false);
    expect(isOverdue({ dueTime: null }, now)).toBe(false);
    expect(isOverdue({ dueTime: 'soon' }, now)).toBe(false);
  });
});
