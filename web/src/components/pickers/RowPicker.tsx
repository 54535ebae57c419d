import type { PickerKind } from '@park/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPage, type Row } from '../../api/crud.ts';
import { useLang } from '../../i18n/index.ts';
import { idsOf, rememberPicked, usePickedNames } from './PickedName.tsx';
import { PickerDialog } from './PickerDialog.tsx';
import { PickerField, type PickerInputProps } from './PickerField.tsx';
import { fieldOf, pickerColumns } from './pickerColumns.tsx';
import { type PickerSource, pickerSource } from './sources.ts';

export interface RowPickerProps {
  /** Which list: staff, enterprise, project, certificate, qualification or intellectual-property. */
  field: string;
  /** Filters every page carries (one enterprise's rows). */
  baseFilters?: Record<string, string>;
  initial?: string[];
  onConfirm: (row: Row) => unknown;
  onClose: () => void;
}

/**
 * One row of a CRM list, picked with a radio, 10 per page; confirming with none warns 请选择一条数据.
 * An unknown list is refused with 不被期望的field, shown in the dialog. Search ids `rowPicker_<field>`.
 */
export function RowPicker({ field, ...props }: RowPickerProps) {
  let source: PickerSource;
  try {
    source = pickerSource(field);
  } catch (error) {
    return (
      <Modal open footer={null} onCancel={props.onClose}>
        <Alert type="error" showIcon title={(error as Error).message} style={{ marginTop: 24 }} />
      </Modal>
    );
  }
  return <RowPickerDialog field={field} source={source} {...props} />;
}

function RowPickerDialog({
  field,
  source,
  baseFilters,
  initial,
  onConfirm,
  onClose,
}: RowPickerProps & { source: PickerSource }) {
  const { t } = useTranslation('pickers');
  const lang = useLang();
  const { entity } = source;
  return (
    <PickerDialog
      title={t('rowTitle', { list: entity.label[lang] })}
      searchName="rowPicker"
      queryKey={['crud', entity.key, field, baseFilters]}
      load={(query) => fetchPage(entity, { ...query, ...baseFilters })}
      emptyMessage={t('selectOne')}
      initial={initial}
      onConfirm={([row]) => onConfirm(row)}
      onClose={onClose}
      columns={pickerColumns(entity, source.columns, lang)}
      searchItems={source.search.map((name) => (
        <Form.Item key={name} name={name} label={fieldOf(entity, name).label[lang]}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      ))}
    />
  );
}

/**
 * A form input holding the id of a row picked with the row picker: read-only, showing the row's
 * name, a click opens the dialog. Value, onChange and id come from the Form.Item around it.
 */
export function RowPickerInput({
  kind,
  baseFilters,
  id,
  value,
  onChange,
  placeholder,
  disabled,
}: PickerInputProps<string> & { kind: PickerKind; baseFilters?: Record<string, string> }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ids = idsOf(value);
  const [name = ''] = usePickedNames(kind, ids);
  return (
    <>
      <PickerField
        id={id}
        text={name}
        placeholder={placeholder}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(undefined)}
      />
      {open && (
        <RowPicker
          field={kind}
          baseFilters={baseFilters}
          initial={ids}
          onConfirm={(row) => {
            rememberPicked(queryClient, kind, [row]);
            onChange?.(row.id);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
