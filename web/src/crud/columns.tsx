import { type EntityDef, type FieldDef, isUnlimited } from '@park/catalog';
import type { TableColumnType } from 'antd';
import type { Row } from '../api/crud.ts';
import { PickedName } from '../components/pickers/PickedName.tsx';
import { i18n, type Lang } from '../i18n/index.ts';
import { formatMoney } from '../utils/format.ts';
import { DictLabel } from './DictSelect.tsx';

/**
 * A field's value as lists and detail views show it: dictionary label, the named row's name (read with
 * the row, for a `ref` with `as`), formatted money, 不限制, the text itself.
 */
export function renderCell(field: FieldDef, value: unknown, row?: Row) {
  if (field.unlimited && isUnlimited(value)) return i18n.t('crud:unlimited');
  if (field.dict) return <DictLabel field={field} value={value} />;
  if (field.ref?.as) return String(row?.[field.ref.as] ?? '');
  if (field.picker || field.ref) return <PickedName field={field} value={value} />;
  if (field.type === 'money') return formatMoney(value);
  // Dates stay the yyyy-MM-dd HH:mm:ss strings the server sends.
  return value === null || value === undefined ? '' : String(value);
}

/** One column per listed field; sortable ones sort on the server. */
export function dataColumns(entity: EntityDef, lang: Lang): TableColumnType<Row>[] {
  return entity.fields
    .filter((field) => field.list !== false)
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label[lang],
      sorter: field.sort ? true : undefined,
      ellipsis: field.type === 'text' ? { showTitle: true } : undefined,
      width: field.type === 'datetime' ? 180 : undefined,
      render: (value: unknown, row: Row) => renderCell(field, value, row),
    }));
}
