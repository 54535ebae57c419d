import type { EntityDef, FieldDef } from '@park/catalog';
import type { TableColumnType } from 'antd';
import type { Row } from '../../api/crud.ts';
import { fieldColumn, renderCell } from '../../crud/columns.tsx';
import type { Lang } from '../../i18n/index.ts';
import { pickerDate } from './sources.ts';

/** A field of the entity by name; the picker tables name only fields their entity declares. */
export function fieldOf(entity: EntityDef, name: string): FieldDef {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${entity.key} has no field ${name}`);
  return field;
}

/** As the lists show a value, but dates in the pickers' own format. */
function cell(field: FieldDef, value: unknown, row: Row, lang: Lang) {
  if (!field.dict && (field.type === 'date' || field.type === 'datetime')) return pickerDate(value, lang);
  return renderCell(field, value, row);
}

/** A picker table's columns: labels from the catalog, dates as yyyy年MM月dd日, dictionaries and picked rows by name. */
export function pickerColumns(entity: EntityDef, names: string[], lang: Lang): TableColumnType<Row>[] {
  return names.map((name) => {
    const field = fieldOf(entity, name);
    // Sized as the lists size them (columns.tsx); a picker's table does not sort.
    return { ...fieldColumn(field, lang, (value, row) => cell(field, value, row, lang)), sorter: undefined };
  });
}
