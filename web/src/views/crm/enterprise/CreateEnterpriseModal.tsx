import { enterprise } from '@park/catalog';
import { Col, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createEnterprise } from '../../../api/crm.ts';
import { FormModal } from '../../../crud/FormModal.tsx';
import { FieldItems } from '../../../crud/RecordModal.tsx';
import { formFieldsOf, toRowValues } from '../../../crud/values.ts';

const fields = formFieldsOf(enterprise);

/** 新增企业: the enterprise's fields and its company account, created together by create-enterprise. */
export function CreateEnterpriseModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('crm');
  return (
    <FormModal<Record<string, unknown>, { account: string }>
      title={t('createEnterprise')}
      width={880}
      submit={(values) => createEnterprise({ ...values, ...toRowValues(fields, values) })}
      savedMessage={(row) => t('created', { account: row.account })}
      onClose={onClose}
      onSaved={onSaved}
      labelCol={{ flex: '120px' }}
    >
      <FieldItems fields={fields}>
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
      </FieldItems>
    </FormModal>
  );
}
