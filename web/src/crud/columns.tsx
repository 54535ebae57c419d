import { type EntityDef, entityName, type FieldDef, isUnlimited } from '@park/catalog';
import type { TableColumnType } from 'antd';
import { lazy, Suspense } from 'react';
import type { Row } from '../api/crud.ts';
import { currentLang, i18n, type Lang } from '../i18n/index.ts';
import { formatMoney } from '../utils/format.ts';
import { DictLabel } from './DictSelect.tsx';

// Read by their ids (react-query's useQueries), named rows load with a list that has such a column.
const PickedName = lazy(() =>
  import('../components/pickers/PickedName.tsx').then((module) => ({ default: module.PickedName })),
);

/**
 * A field's value as lists and detail views show it: dictionary label, the named row's name (read with
 * the row, for a `ref` with `as`), an entity's name for its key, formatted money, 不限制, the text itself.
 */
export function renderCell(field: FieldDef, value: unknown, row?: Row) {
  if (field.unlimited && isUnlimited(value)) return i18n.t('crud:unlimited');
  if (field.dict) return <DictLabel field={field} value={value} />;
  if (field.entityKey) return entityName(value, currentLang());
  if (field.ref?.as) return String(row?.[field.ref.as] ?? '');
  if (field.picker || field.ref) {
    return (
      <Suspense fallback={null}>
        <PickedName field={field} value={value} />
      </Suspense>
    );
  }
  // A picture in the file store, small, with the field's name as its text alternative.
  if (field.image) {
    return value ? (
      <img
        src={String(value)}
        alt={field.label[currentLang()]}
        style={{ height: 32, maxWidth: 64, objectFit: 'cover' }}
      />
    ) : (
      ''
    );
  }
  if (field.type === 'money') return formatMoney(value);
  // Dates stay the yyyy-MM-dd HH:mm:ss strings the server sends.
  return value === null || value === undefined ? '' : String(value);
}

/** Values that read wrongly when broken over lines (numbers, dates, money) stay on one. */
const UNBROKEN = new Set<FieldDef['type']>(['int', 'decimal', 'money', 'date', 'datetime']);
const ONE_LINE = { style: { whiteSpace: 'nowrap' } } as const;
/** Set on the cell, so a screen's own render of the column (an account's name) wraps too. */
const BREAKING = { style: { overflowWrap: 'anywhere' } } as const;
/**
 * Words wrap within their column, a long code or account too, but a column keeps room for four
 * characters: the list fits its screen instead of pushing columns under the fixed actions.
 */
const WRAPPING = { minWidth: 56, overflowWrap: 'anywhere' } as const;
/** Long text shows its first two lines, the whole in its tooltip, so it cannot lengthen a row. */
const TWO_LINES = {
  ...WRAPPING,
  minWidth: 120,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/**
 * One column per listed field; sortable ones sort on the server. The list fits its screen (CrudPage):
 * names and other words wrap within their column instead of widening the table.
 */
export function dataColumns(entity: EntityDef, lang: Lang): TableColumnType<Row>[] {
  return entity.fields
    .filter((field) => field.list !== false)
    .map((field) => ({
      key: field.name,
      dataIndex: field.name,
      title: field.label[lang],
      sorter: field.sort ? true : undefined,
      onCell: () => (UNBROKEN.has(field.type) && !field.dict ? ONE_LINE : BREAKING),
      render: (value: unknown, row: Row) =>
        UNBROKEN.has(field.type) && !field.dict ? (
          renderCell(field, value, row)
        ) : (
          <div
            style={field.type === 'text' ? TWO_LINES : WRAPPING}
            title={field.type === 'text' ? String(value ?? '') : undefined}
          >
            {renderCell(field, value, row)}
          </div>
        ),
    }));
}
