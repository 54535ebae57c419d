import { fireEvent, render } from '@testing-library/react';
import Table from 'antd/es/table';
import { describe, expect, it, vi } from 'vitest';
import { tableImportOf } from '../../build/tableImports.ts';
import * as mine from './selectionTreeUtils.ts';

const ROWS = [
  {
    id: 'park',
    name: '园区',
    children: [
      { id: 'a', name: 'A座' },
      { id: 'b', name: 'B座' },
    ],
  },
  { id: 'canteen', name: '食堂' },
];

describe("the table's row selection on rc-tree's helpers without the tree (selectionTreeUtils.ts)", () => {
  it("is what the build gives antd's row selection for rc-tree, and only it", () => {
    const antd = '/work/node_modules/antd/es/table/hooks';
    expect(tableImportOf('@rc-component/tree', `${antd}/useSelection.js`)).toMatch(
      /\/src\/crud\/selectionTreeUtils\.ts$/,
    );
    expect(tableImportOf('@rc-component/tree', '/work/node_modules/antd/es/tree/Tree.js')).toBeNull();
    expect(tableImportOf('../../../tree', `${antd}/useFilter/FilterDropdown.js`)).toMatch(/LazyFilterTree\.tsx$/);
  });

  it('adds and removes like rc-tree', () => {
    expect(mine.arrAdd(undefined, 1)).toEqual([1]);
    const list = [1, 2];
    expect(mine.arrAdd(list, 2)).toEqual([1, 2]);
    expect(mine.arrAdd(list, 3)).toEqual([1, 2, 3]);
    expect(mine.arrDel(list, 1)).toEqual([2]);
    expect(mine.arrDel(undefined, 1)).toEqual([]);
    expect(list).toEqual([1, 2]);
  });

  it('ticks a parent row with its children, and a child off leaves the parent half-ticked', () => {
    const onChange = vi.fn();
    const { container } = render(
      <Table
        rowKey="id"
        dataSource={ROWS}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        expandable={{ defaultExpandAllRows: true }}
        rowSelection={{ onChange, checkStrictly: false }}
      />,
    );
    const box = (key: string) =>
      container.querySelector(`tr[data-row-key="${key}"] input[type="checkbox"]`) as HTMLInputElement;
    fireEvent.click(box('park'));
    expect(onChange.mock.lastCall?.[0]).toEqual(expect.arrayContaining(['park', 'a', 'b']));
    expect(box('a').checked).toBe(true);
    fireEvent.click(box('a'));
    expect(onChange.mock.lastCall?.[0]).toEqual(['b']);
    expect(box('park').closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate')).toBe(true);
  });
});
