import { describe, expect, it } from 'vitest';
import { refusalReasons } from './refusal.ts';

describe('refusalReasons', () => {
  it('splits the Chinese reasons at the full-width semicolon', () => {
    expect(refusalReasons('流程没有结束事件；用户任务「审批」没有审批人')).toEqual([
      '流程没有结束事件',
      '用户任务「审批」没有审批人',
    ]);
  });

  it('keeps an English reason whole where it holds a semicolon of its own', () => {
    expect(
      refusalReasons(
        'The process has no end event; The user task "Approve" has the sign mode "some"; it must be all, any or ratio; "Send" is an element the process engine does not run (bpmn:SendTask)',
      ),
    ).toEqual([
      'The process has no end event',
      'The user task "Approve" has the sign mode "some"; it must be all, any or ratio',
      '"Send" is an element the process engine does not run (bpmn:SendTask)',
    ]);
  });

  it('gives one reason for a message without a separator', () => {
    expect(refusalReasons('The model has no diagram yet')).toEqual(['The model has no diagram yet']);
  });
});
