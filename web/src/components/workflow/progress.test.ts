import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../api/system.ts';
import { BPMN_HIGHLIGHT } from '../bpmn/BpmnViewer.tsx';
import { openTasksOf, withOpenTasks } from './api.ts';
import { taskFiltersOf } from './lists.ts';
import { branchIds, progressHighlights, usedBranches } from './progress.ts';

const node = (id: string, title: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  children,
});

const TREE = [node('1', '行政', [node('11', '请假'), node('12', '用章', [node('121', '合同章')])]), node('2', '财务')];

describe('progressHighlights', () => {
  it('marks the elements passed done and those waiting active, active winning', () => {
    expect(progressHighlights({ finished: ['start', 'flow1', 'approve'], current: ['approve', 'review'] })).toEqual({
      start: BPMN_HIGHLIGHT.done,
      flow1: BPMN_HIGHLIGHT.done,
      approve: BPMN_HIGHLIGHT.active,
      review: BPMN_HIGHLIGHT.active,
    });
    expect(progressHighlights(undefined)).toEqual({});
    expect(progressHighlights({ finished: ['a'] })).toEqual({ a: BPMN_HIGHLIGHT.done });
  });
});

describe('category branches', () => {
  it('take a category with everything below it', () => {
    expect([...branchIds(TREE, '1')].sort()).toEqual(['1', '11', '12', '121']);
    expect([...branchIds(TREE, '12')].sort()).toEqual(['12', '121']);
    expect([...branchIds(TREE, '2')]).toEqual(['2']);
    // One the tree does not hold is itself.
    expect([...branchIds(TREE, '9')]).toEqual(['9']);
  });

  it('cut the tree to the categories in use and those above them', () => {
    const cut = usedBranches(TREE, new Set(['121']));
    expect(cut).toHaveLength(1);
    expect(cut[0].id).toBe('1');
    expect(cut[0].children?.map((n) => n.id)).toEqual(['12']);
    expect(cut[0].children?.[0].children?.map((n) => n.id)).toEqual(['121']);
    expect(usedBranches(TREE, new Set(['2', '11'])).map((n) => n.id)).toEqual(['1', '2']);
    expect(usedBranches(TREE, new Set())).toEqual([]);
  });
});

describe('openTasksOf', () => {
  it('takes the open tasks of the instance’s nodes, each named by its node', () => {
    expect(
      openTasksOf([
        { nodeId: 'start', nodeName: '发起', state: 'finished', tasks: [] },
        {
          nodeId: 'sign',
          nodeName: '会签',
          state: 'current',
          tasks: [
            { taskId: 't1', assignee: '1', assigneeName: '张三' },
            { taskId: 't2', assignee: null, assigneeName: null },
          ],
        },
        { nodeId: 'end', state: 'untouched' },
      ]),
    ).toEqual([
      { taskId: 't1', taskName: '会签', assigneeName: '张三' },
      { taskId: 't2', taskName: '会签', assigneeName: '' },
    ]);
    expect(openTasksOf([])).toEqual([]);
  });
});

describe('withOpenTasks', () => {
  it('shows a row of one instance with its open tasks in the task columns', () => {
    const page = { total: 2, size: 10, current: 1, pages: 1 };
    const rows = withOpenTasks({
      ...page,
      records: [
        { processInstanceId: 'p1', taskName: '部门审批', currentTaskName: '总经理审批', currentAssigneeName: '王五' },
        { processInstanceId: 'p2', taskName: '部门审批', assigneeName: '李四' },
        { processInstanceId: 'p3', taskName: '部门审批', currentTaskName: null, currentAssigneeName: null },
      ],
    }).records;
    expect(rows.map((r) => [r.taskName, r.assigneeName])).toEqual([
      ['总经理审批', '王五'],
      ['部门审批', '李四'],
      [null, null],
    ]);
  });
});

describe('taskFiltersOf', () => {
  it('sends the dates as yyyy-MM-dd bounds, the rest as typed', () => {
    expect(
      taskFiltersOf({ processDefinitionName: '请假', dates: [dayjs('2025-03-01T08:00'), dayjs('2025-03-31T20:00')] }),
    ).toEqual({ processDefinitionName: '请假', beginTime: '2025-03-01', endTime: '2025-03-31' });
    expect(taskFiltersOf({ startUsername: '张' })).toEqual({ startUsername: '张' });
  });
});
