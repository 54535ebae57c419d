import { type FieldDef, referenceOf } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { fetchPage } from '../../api/crud.ts';
import { useClearable } from '../../crud/clearable.tsx';
import type { PickerInputProps } from './PickerField.tsx';

/** How many rows the drop-down offers at a time; typing narrows them by name. */
const OPTIONS = 20;

/**
 * The entity a `ref` field names, and the name the server read with the record for the stored id (`ref.as`,
 * a form value): what a picker shows for its value before its own options have loaded.
 */
export function useReference(field: FieldDef) {
  const ref = referenceOf(field);
  if (!ref) throw new Error(`${field.name} names no entity`);
  const form = Form.useFormInstance();
  const carried: unknown = Form.useWatch(ref.as ?? field.name, { form, preserve: true });
  return { ...ref, carried, form };
}

/**
 * A form input holding the id of a row of another entity that a catalog field names by `ref` (a
 * matter's project): a drop-down of that entity's rows searched by their name. A stored value is
 * named by what the server read with the row (the form value `ref.as`); a pick in the record form
 * puts its name there too (the search form keeps only the id, its filter).
 */
export function RefSelect({
  field,
  search = false,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { field: FieldDef; search?: boolean }) {
  const { entity, nameField, as, carried, form } = useReference(field);
  const clearable = useClearable();
  // The search form finds rows by any value; the record form offers only what a save accepts.
  const offer = search ? {} : (field.ref?.offer ?? {});
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string }>();
  const rows = useQuery({
    queryKey: ['crud', entity.key, 'options', text, offer],
    queryFn: () => fetchPage(entity, { ...offer, current: 1, size: OPTIONS, [`${nameField}`]: text }),
    enabled: !disabled,
  });
  const options = (rows.data?.records ?? []).map((row) => ({ value: row.id, label: String(row[nameField] ?? '') }));
  if (value && !options.some((o) => o.value === value)) {
    const label = as && typeof carried === 'string' ? carried : picked?.value === value ? picked.label : value;
    options.unshift({ value, label });
  }
  return (
    <Select
      id={id}
      showSearch
      allowClear={clearable}
      filterOption={false}
      onSearch={setText}
      loading={rows.isFetching}
      value={value ?? undefined}
      placeholder={placeholder}
      disabled={disabled}
      options={options}
      onChange={(next: string | undefined, option) => {
        const label = next && option && !Array.isArray(option) ? String(option.label) : undefined;
        setPicked(next && label ? { value: next, label } : undefined);
        if (as && !search) form.setFieldValue(as, label);
        onChange?.(next);
      }}
    />
  );
}
