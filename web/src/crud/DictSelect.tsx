import type { FieldDef } from '@park/catalog';
import { Select, type SelectProps } from 'antd';
import { useClearable } from './clearable.tsx';
import { dictOptions, useDictionary } from './useDictionary.ts';

/** A Select fed from the field's dictionary; value, onChange and id come from the Form.Item around it. */
export function DictSelect({ field, allowClear, ...props }: SelectProps & { field: FieldDef }) {
  const dictionary = useDictionary(field.dict, field.dictBiz);
  const clearable = useClearable();
  return (
    <Select
      {...props}
      allowClear={allowClear === true ? clearable : allowClear}
      loading={dictionary.isPending}
      options={dictOptions(dictionary.data, field)}
    />
  );
}

/** A list cell showing the dictionary label of a stored key. */
export function DictLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const dictionary = useDictionary(field.dict, field.dictBiz);
  if (value === null || value === undefined || value === '') return null;
  return dictionary.data?.find((entry) => entry.dictKey === String(value))?.dictValue ?? String(value);
}
