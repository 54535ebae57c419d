import type { EntityDef, FieldDef } from '@park/catalog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Col, Form, Row as GridRow, Modal, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { fetchDetail, type Row, submitRow } from '../api/crud.ts';
import { toast } from '../feedback.ts';
import { type Lang, useLang } from '../i18n/index.ts';
import { fieldInput } from './fieldInput.tsx';
import { formFieldsOf, toFormValues, toRowValues } from './values.ts';

export type RecordMode = { mode: 'add' } | { mode: 'edit' | 'view'; id: string };

function rulesOf(field: FieldDef, lang: Lang): Rule[] {
  if (!field.required) return [];
  const whitespace = field.type === 'string' || field.type === 'text';
  return [{ required: true, whitespace, message: field.required[lang] }];
}

interface RecordModalProps {
  entity: EntityDef;
  record: RecordMode;
  onClose: () => void;
  onSaved: () => void;
}

/** Add, edit or view one row in a dialog titled 新增 / 编辑 / 查看; inputs have the field names as ids. */
export function RecordModal({ entity, record, onClose, onSaved }: RecordModalProps) {
  const { t } = useTranslation(['crud', 'common']);
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const fields = formFieldsOf(entity);
  const id = record.mode === 'add' ? undefined : record.id;
  const readOnly = record.mode === 'view';

  const detail = useQuery({
    queryKey: ['crud', entity.key, 'detail', id],
    queryFn: () => fetchDetail(entity, id as string),
    enabled: id !== undefined,
    gcTime: 0,
  });

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      submitRow(entity, { ...toRowValues(fields, values), ...(id ? { id } : {}) }),
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
          initialValues={detail.data ? toFormValues(fields, detail.data as Row) : undefined}
          onFinish={(values) => save.mutate(values)}
          style={{ paddingTop: 8 }}
        >
          <GridRow gutter={16}>
            {fields.map((field) => (
              <Col key={field.name} xs={24} md={field.span ?? (field.type === 'text' ? 24 : 12)}>
                <Form.Item name={field.name} label={field.label[lang]} rules={rulesOf(field, lang)}>
                  {fieldInput(field, lang, { readOnly })}
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </Form>
      )}
    </Modal>
  );
}
