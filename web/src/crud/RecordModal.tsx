import type { EntityDef, FieldDef } from '@park/catalog';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row as GridRow, type TableColumnType } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row, submitRow } from '../api/crud.ts';
import { useLang } from '../i18n/index.ts';
import { FormModal } from './FormModal.tsx';
import { fieldInput } from './fieldInput.tsx';
import { RecordView } from './RecordView.tsx';
import { dependenciesOf, rulesOf } from './rules.ts';
import { formFieldsOf, initialValuesOf, toFormValues, toRowValues } from './values.ts';

export type RecordMode = { mode: 'add' } | { mode: 'edit' | 'view'; id: string };

/** A screen's own input for a field in place of the one its type gives; it is the Form.Item's direct child. */
export type FieldInputs = Record<string, (options: { readOnly: boolean; placeholder?: string }) => ReactElement>;

/** What a screen adds to the generic record dialog. */
export interface RecordOptions {
  /** Inputs by field name. */
  inputs?: FieldInputs;
  /** Values a new row starts with; those of fields not in the form are sent as they are. */
  defaults?: Record<string, unknown>;
  /** Form items after the entity's fields (e.g. a password on creation); their values are sent as they are. */
  extra?: (mode: RecordMode['mode']) => ReactNode;
  /** The screen's own columns: where one draws a field's value (a parent's name), the view draws it alike. */
  columns?: TableColumnType<Row>[];
  /** 查看's own read of the record, when its detail carries more than the fields (a period's reversals). */
  viewLoad?: (id: string) => Promise<Row>;
  /** What 查看 shows below the fields, from the record as read (a period's reversals). */
  viewBelow?: (row: Row) => ReactNode;
}

interface RecordModalProps extends RecordOptions {
  entity: EntityDef;
  record: RecordMode;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or edit one row in a dialog titled 新增 / 编辑, inputs having the field names as ids; 查看 shows it
 * as a description list (RecordView).
 */
export function RecordModal(props: RecordModalProps) {
  const { record, entity, inputs, columns, viewLoad, viewBelow, onClose } = props;
  if (record.mode === 'view') {
    const { id } = record;
    return (
      <RecordView
        entity={entity}
        id={id}
        inputs={inputs}
        columns={columns}
        load={viewLoad && (() => viewLoad(id))}
        below={viewBelow}
        onClose={onClose}
      />
    );
  }
  return <RecordForm {...props} />;
}

/**
 * The catalog form of one row, in a dialog or on a page of its own (RecordPage): its fields, the row to
 * edit as it loads, the save (by the entity's own calls) and the values the form starts with.
 */
export function useRecordForm(
  entity: EntityDef,
  id: string | undefined,
  defaults?: Record<string, unknown>,
  // A screen that shows some of the form's fields (a company account's repair report) names them.
  fields: FieldDef[] = formFieldsOf(entity),
) {
  const detail = useQuery({
    queryKey: ['crud', entity.key, 'detail', id],
    queryFn: () => fetchDetail(entity, id as string),
    enabled: id !== undefined,
    gcTime: 0,
  });
  return {
    fields,
    detail,
    loading: id !== undefined && detail.isPending,
    /** The row to edit failed to load: there is nothing to save. */
    failed: id !== undefined && detail.isError,
    submit: (values: Record<string, unknown>) =>
      submitRow(entity, { ...(id ? { id } : defaults), ...values, ...toRowValues(fields, values) }),
    initialValues: detail.data ? toFormValues(fields, detail.data as Row) : { ...initialValuesOf(fields), ...defaults },
  };
}

function RecordForm({ entity, record, onClose, onSaved, inputs, defaults, extra }: RecordModalProps) {
  const { t } = useTranslation('crud');
  const id = record.mode === 'add' ? undefined : record.id;
  const { fields, loading, failed, submit, initialValues } = useRecordForm(entity, id, defaults);

  return (
    <FormModal<Record<string, unknown>>
      title={t(record.mode)}
      width={880}
      submit={submit}
      savedMessage={id ? t('updated') : t('added')}
      onClose={onClose}
      onSaved={onSaved}
      loading={loading}
      saveDisabled={failed}
      disabled={failed}
      labelCol={{ flex: '120px' }}
      initialValues={initialValues}
    >
      <FieldItems fields={fields} inputs={inputs}>
        {extra?.(record.mode)}
      </FieldItems>
    </FormModal>
  );
}

interface FieldItemsProps {
  fields: FieldDef[];
  inputs?: FieldInputs;
  readOnly?: boolean;
  /** Items after the fields, in the same grid. */
  children?: ReactNode;
}

/** The form items of catalog fields in a two-column grid (multi-line text across), each with its catalog rules. */
export function FieldItems({ fields, inputs, readOnly = false, children }: FieldItemsProps) {
  const { t } = useTranslation('crud');
  const lang = useLang();
  const pickPlaceholder = (field: FieldDef) =>
    readOnly ? undefined : t('selectPlaceholder', { label: field.label[lang] });
  return (
    <GridRow gutter={16}>
      {fields.map((field) => (
        <Col key={field.name} xs={24} md={field.span ?? (field.type === 'text' ? 24 : 12)}>
          <Form.Item
            name={field.name}
            label={field.label[lang]}
            rules={rulesOf(field, lang, fields)}
            dependencies={dependenciesOf(field)}
          >
            {inputs?.[field.name]?.({ readOnly, placeholder: pickPlaceholder(field) }) ??
              fieldInput(field, lang, { readOnly })}
          </Form.Item>
        </Col>
      ))}
      {children}
    </GridRow>
  );
}
