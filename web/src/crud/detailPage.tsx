import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Row } from '../api/crud.ts';

/**
 * A record that has a detail page of its own (an enterprise, a research project): the list's 查看 and
 * the record's name lead there instead of the description list. Declared once where the list is set up
 * (CrudPage's `detail`), e.g. `{ nameField: 'enterpriseName', path: (row) => detailPath(row.id) }`.
 */
export interface DetailPage {
  /** The field whose column shows the record's name as the link to the page. */
  nameField: string;
  /** The page's address for a row. */
  path: (row: Row) => string;
}

/** The columns with the name column's value a link to the record's detail page; unchanged without one. */
export function withDetailLink(
  columns: TableColumnType<Row>[],
  detail: DetailPage | undefined,
): TableColumnType<Row>[] {
  if (!detail) return columns;
  return columns.map((column) =>
    column.key !== detail.nameField
      ? column
      : {
          ...column,
          render: (value: unknown, row: Row, index: number) => (
            <Link to={detail.path(row)}>
              {column.render ? (column.render(value, row, index) as ReactNode) : String(value ?? '')}
            </Link>
          ),
        },
  );
}
