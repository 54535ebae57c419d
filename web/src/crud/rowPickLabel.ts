import type { TableColumnType } from 'antd';
import type { Row } from '../api/crud.ts';
import { i18n } from '../i18n/index.ts';

/**
 * The name of a table row's checkbox or radio, in the active language: 选择 and the row's first shown value
 * (antd's own is "Select row N", in English whatever the language, and says nothing of the row).
 */
export function rowPickLabel(columns: TableColumnType<Row>[], row: Row): string {
  for (const { dataIndex } of columns) {
    if (typeof dataIndex !== 'string') continue;
    const value = row[dataIndex];
    if (value !== null && value !== undefined && value !== '') return i18n.t('crud:selectRow', { name: String(value) });
  }
  return i18n.t('crud:selectThisRow');
}
