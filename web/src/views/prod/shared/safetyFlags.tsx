import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { dangerChemical, type EntityDef, prodReport } from '@park/catalog';
import { type TableColumnType, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud.ts';
import { renderCell } from '../../../crud/columns.tsx';
import { useDictionary } from '../../../crud/useDictionary.ts';

const fieldOf = (entity: EntityDef, name: string) => entity.fields.find((f) => f.name === name)!;
const unitField = fieldOf(dangerChemical, 'unit');
/** A decimal as written by hand: 18, not the column's 18.00. */
const amount = (value: unknown) => (value === null || value === undefined || value === '' ? '' : String(Number(value)));

/** 是否超量 set: red, the stored quantity against the allowed one in the chemical's unit (18/10 L), said in full on hover. */
function OverLimitTag({ row }: { row: Row }) {
  const { t } = useTranslation('crm');
  const units = useDictionary(unitField.dict);
  const label = units.data?.find((entry) => entry.dictKey === String(row.unit))?.dictValue ?? '';
  // The unit's symbol where its label gives one (升(L), Litre (L)): "18 L", not "18 升(L)".
  const unit = /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? label;
  const values = { quantity: amount(row.quantity), max: amount(row.maxQuantity), unit };
  return (
    <Tag color="error" icon={<WarningOutlined />} title={t('prodOverLimitWhy', values)} data-flag="overLimit">
      {t('prodOverLimit', values).trim()}
    </Tag>
  );
}

/** 是否逾期 set: orange 逾期未交, the date it was due on hover (the list shows it in 截止日期 too). */
function OverdueTag({ row }: { row: Row }) {
  const { t } = useTranslation('crm');
  return (
    <Tag
      color="warning"
      icon={<ClockCircleOutlined />}
      title={t('prodOverdueWhy', { due: String(row.dueDate ?? '').slice(0, 10) })}
      data-flag="overdue"
    >
      {t('prodOverdue')}
    </Tag>
  );
}

/**
 * A safety flag the server computes (是否超量, 是否逾期) as a list column: while it is set, a coloured tag that says
 * why; while not, the dictionary's 否 as every yes/no cell shows it.
 */
function flagColumn(
  entity: EntityDef,
  name: string,
  width: number,
  tag: (row: Row) => ReactNode,
): TableColumnType<Row> {
  const field = fieldOf(entity, name);
  return {
    key: name,
    // Wide enough for the tag on one line at the lists' font; its whole reason is its tooltip.
    width,
    render: (_value: unknown, row: Row) => (Number(row[name]) === 1 ? tag(row) : renderCell(field, row[name], row)),
  };
}

export const overLimitColumn = flagColumn(dangerChemical, 'overLimit', 150, (row) => <OverLimitTag row={row} />);
export const overdueColumn = flagColumn(prodReport, 'overdue', 120, (row) => <OverdueTag row={row} />);
