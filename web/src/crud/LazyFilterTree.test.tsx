import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Table from 'antd/es/table';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The tree's module graph is transformed on its first import; on a busy machine that takes seconds.
const LOADED = { timeout: 10_000 };

describe('LazyFilterTree (antd table filters in tree mode)', () => {
  beforeAll(() => import('antd/es/tree'), 60_000);

  it('draws the tree once it has loaded, and a tick on it filters the table', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <Table
        rowKey="id"
        dataSource={[{ id: 1, status: '启用' }]}
        onChange={onChange}
        columns={[
          {
            title: '状态',
            dataIndex: 'status',
            filterMode: 'tree',
            filterDropdownProps: { open: true },
            filters: [
              { text: '启用', value: '启用' },
              { text: '停用', value: '停用' },
            ],
          },
        ]}
      />,
    );
    // The table draws its drop-down at once, the tree in it only after its module has loaded: the build gave the
    // table the stand-in (web/build/tableImports.ts), not antd's tree.
    await waitFor(() => expect(document.querySelector('.ant-table-filter-dropdown')).not.toBeNull());
    expect(document.querySelector('.ant-table-filter-dropdown .ant-tree')).toBeNull();
    await waitFor(() => expect(screen.getByRole('tree')).toBeTruthy(), LOADED);
    fireEvent.click(screen.getByText('停用'));
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0][1]).toEqual({ status: ['停用'] });
    expect(container.querySelector('.ant-table')).not.toBeNull();
  });
});
