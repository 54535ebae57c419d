import type { EntityDef, FieldDef } from '@park/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Col, Form, Row as GridRow, Modal, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row, submitRow } from '../api/crud.ts';
import { toast } from '../feedback.ts';
import { type Lang, useLang } from '../i18n/index.ts';
import { fieldInput } from './fieldInput.tsx';
import { formFieldsOf, toFormValues, toRowValues } from './values.ts';

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
}

/** The required rule of a field, in the language given. */
export function rulesOf(field: FieldDef, lang: Lang): Rule[] {
  if (!field.required) return [];
  const rule: Rule = { required: true, message: field.required[lang] };
  // Any other key (whitespace: false included) makes the validator check for a string, refusing numbers.
  return [field.type === 'string' || field.type === 'text' ? { ...rule, whitespace: true } : rule];
}

interface RecordModalProps extends RecordOptions {
  entity: EntityDef;
  record: RecordMode;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, edit or view one row in a dialog titled 新增 / 编辑 / 查看; inputs have the field names as ids. */
export function RecordModal({ entity, record, onClose, onSaved, inputs, defaults, extra }: RecordModalProps) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const fields = formFieldsOf(entity);
  const id = record.mode === 'add' ? undefined : record.id;
  const readOnly = record.mode === 'view';
  const pickPlaceholder = (field: FieldDef) =>
    readOnly ? undefined : t('selectPlaceholder', { label: field.label[lang] });

  const detail = useQuery({
    queryKey: ['crud', entity.key, 'detail', id],
    queryFn: () => fetchDetail(entity, id as string),
    enabled: id !== undefined,
    gcTime: 0,
  });

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      submitRow(entity, { ...(id ? { id } : defaults), ...values, ...toRowValues(fields, values) }),
    onSuccess: () => {
      toast.success(id ? t('updated') : t('added'));
      onSaved();
    },
  });

  const loading = id !== undefined && detail.isPending;
  const failed = id !== undefined && detail.isError;

  return (
    <Modal
      open
      title={t(record.mode)}
      width={880}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={readOnly ? t('common:close') : t('common:cancel')}
      okButtonProps={{ loading: save.isPending, disabled: loading || failed }}
      footer={readOnly ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      mask={{ closable: false }}
    >
      {loading ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Form
          form={form}
          disabled={readOnly || failed}
          requiredMark={!readOnly}
          validateTrigger="onBlur"
          labelCol={{ flex: '120px' }}
          labelWrap
          initialValues={detail.data ? toFormValues(fields, detail.data as Row) : defaults}
          onFinish={(values) => save.mutate(values)}
          style={{ paddingTop: 8 }}
        >
          <GridRow gutter={16}>
            {fields.map((field) => (
              <Col key={field.name} xs={24} md={field.span ?? (field.type === 'text' ? 24 : 12)}>
                <Form.Item name={field.name} label={field.label[lang]} rules={rulesOf(field, lang)}>
                  {inputs?.[field.name]?.({ readOnly, placeholder: pickPlaceholder(field) }) ??
                    fieldInput(field, lang, { readOnly })}
                </Form.Item>
              </Col>
            ))}
            {extra?.(record.mode)}
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}
