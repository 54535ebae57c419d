import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { defaultValues, type FormField } from '@park/catalog/forms';
import { Button, Form, Table, type TableColumnType, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/index.ts';
import { editControl, valueProps } from './controls.tsx';
import { problemOf, tableProblem } from './logic.ts';
import { ReadValue } from './ReadValue.tsx';

type Rows = Record<string, unknown>[];

/** The columns of a table that hold values (the designer keeps layout kinds out of a table). */
const columnsOf = (table: FormField) => (table.children ?? []).filter((column) => column.name);

/**
 * A sub-table (明细) filled in: a row per line, a cell per column with the column's own input and rules, rows added
 * (with the columns' defaults) and removed; the table's own rule (required, fewest and most rows) under it.
 */
export function TableInput({ table, scope }: { table: FormField; scope: Record<string, unknown> }) {
  const { t } = useTranslation('forms');
  const lang = useLang();
  const columns = columnsOf(table);
  const name = table.name as string;
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_, rows: Rows | undefined) => {
            const problem = tableProblem(table, rows ?? [], lang);
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      {(rows, { add, remove }, { errors }) => (
        <>
          <Table<(typeof rows)[number]>
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('table.empty') }}
            columns={[
              {
                key: 'index',
                title: '#',
                width: 48,
                align: 'center',
                render: (_, row) => row.name + 1,
              },
              ...columns.map(
                (column): TableColumnType<(typeof rows)[number]> => ({
                  key: column.id,
                  title: <ColumnTitle column={column} />,
                  onCell: () => ({ style: { minWidth: 160, verticalAlign: 'top' } }),
                  render: (_, row) => (
                    <Form.Item
                      name={[row.name, column.name as string]}
                      {...valueProps(column)}
                      rules={[
                        {
                          validator: async (_, value) => {
                            const problem = problemOf(column, value, lang);
                            if (problem) throw new Error(problem);
                          },
                        },
                      ]}
                      style={{ marginBottom: 0 }}
                    >
                      {editControl(column, t('table.cell', { column: column.label, row: row.name + 1 }))}
                    </Form.Item>
                  ),
                }),
              ),
              {
                key: 'remove',
                title: t('table.actions'),
                width: 64,
                align: 'center',
                render: (_, row) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('table.removeRow', { row: row.name + 1 })}
                    onClick={() => remove(row.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add(defaultValues({ version: 1, fields: columns }, scope))}
            style={{ marginTop: 8 }}
            disabled={table.max !== undefined && rows.length >= table.max}
          >
            {t('table.addRow')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** A sub-table read: its rows, each cell as its column reads. */
export function TableView({ table, value }: { table: FormField; value?: unknown }) {
  const { t } = useTranslation('forms');
  // A stored row has no id of its own: its place numbers it.
  const lines = (Array.isArray(value) ? (value as Rows) : []).map((row, i) => ({ n: i + 1, row }));
  return (
    <Table<(typeof lines)[number]>
      size="small"
      bordered
      pagination={false}
      rowKey="n"
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('table.empty') }}
      columns={[
        { key: 'index', title: '#', width: 48, align: 'center', dataIndex: 'n' },
        ...columnsOf(table).map((column) => ({
          key: column.id,
          title: column.label,
          render: (_: unknown, { row }: (typeof lines)[number]) => (
            <ReadValue field={column} value={row[column.name as string]} />
          ),
        })),
      ]}
    />
  );
}

/** A column's header, marked as the form marks a required field's label. */
function ColumnTitle({ column }: { column: FormField }) {
  const { token } = theme.useToken();
  return (
    <>
      {column.required && (
        <span aria-hidden style={{ color: token.colorError, marginInlineEnd: 4 }}>
          *
        </span>
      )}
      {column.label}
    </>
  );
}
