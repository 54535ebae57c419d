import { enterprise } from '@park/catalog';
import { useMutation } from '@tanstack/react-query';
import { Col, Form, Row as GridRow, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { createEnterprise } from '../../../api/crm.ts';
import { fieldInput } from '../../../crud/fieldInput.tsx';
import { rulesOf } from '../../../crud/RecordModal.tsx';
import { formFieldsOf, toRowValues } from '../../../crud/values.ts';
import { toast } from '../../../feedback.ts';
import { useLang } from '../../../i18n/index.ts';

const fields = formFieldsOf(enterprise);

/** 新增企业: the enterprise's fields and its company account, created together by create-enterprise. */
export function CreateEnterpriseModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['crm', 'crud', 'common']);
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => createEnterprise({ ...values, ...toRowValues(fields, values) }),
    onSuccess: (row) => {
      toast.success(t('created', { account: row.account }));
      onSaved();
    },
  });

  return (
    <Modal
      open
      title={t('createEnterprise')}
      width={880}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending }}
      mask={{ closable: false }}
    >
      <Form
        form={form}
        validateTrigger="onBlur"
        labelCol={{ flex: '120px' }}
        labelWrap
        onFinish={(values) => save.mutate(values)}
        style={{ paddingTop: 8 }}
      >
        <GridRow gutter={16}>
          {fields.map((field) => (
            <Col key={field.name} xs={24} md={field.span ?? (field.type === 'text' ? 24 : 12)}>
              <Form.Item name={field.name} label={field.label[lang]} rules={rulesOf(field, lang)}>
                {fieldInput(field, lang)}
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item
              name="account"
              label={t('account')}
              rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}
            >
              <Input maxLength={45} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('password')}
              rules={[{ required: true, whitespace: true, message: t('passwordRequired') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
    </Modal>
  );
}
