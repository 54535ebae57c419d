import { App, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Application, registerGuest } from '../../api/auth.ts';
import { ticketProfile } from '../../api/social.ts';
import { AppFeedback } from '../../shell/AppFeedback.tsx';
import { useDomainTenant } from './useDomainTenant.ts';

/**
 * The account application (spec parts 1, 5 and 8): someone without an account — usually back
 * from a third-party login with an oauth id — applies; an administrator approves it later.
 */
type Props = { open: boolean; onClose: () => void; tenantId: string; oauthId?: string };

/** Outside the signed-in layout, so with antd's App of its own (its confirmation dialog). */
export function RegisterDialog(props: Props) {
  return (
    <AppFeedback bare>
      <ApplicationForm {...props} />
    </AppFeedback>
  );
}

function ApplicationForm(props: Props) {
  const { t } = useTranslation('login');
  const { modal } = App.useApp();
  const [form] = Form.useForm<Application>();
  const [sending, setSending] = useState(false);

  // Spec part 7: the tenant configured for this host fills the tenant id when known.
  const domainTenant = useDomainTenant();
  useEffect(() => {
    if (props.open && domainTenant) form.setFieldValue('tenantId', domainTenant.tenantId);
  }, [props.open, domainTenant, form]);
  // Back from a third-party login: the form starts with that account's tenant, name and user name.
  useEffect(() => {
    if (!props.open || !props.oauthId) return;
    const profile = ticketProfile(props.oauthId);
    if (profile.tenantId) form.setFieldValue('tenantId', profile.tenantId);
    if (profile.nickname && !form.getFieldValue('name')) form.setFieldValue('name', profile.nickname.slice(0, 20));
    if (profile.username && !form.getFieldValue('account'))
      form.setFieldValue('account', profile.username.slice(0, 45));
  }, [props.open, props.oauthId, form]);

  const submit = async (values: Application) => {
    setSending(true);
    try {
      await registerGuest({ ...values, oauthId: props.oauthId });
      props.onClose();
      form.resetFields();
      modal.success({ title: t('registerDoneTitle'), content: t('registerDone') });
    } catch {
      // The server's reason is already shown.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={t('registerTitle')} open={props.open} onCancel={props.onClose} destroyOnHidden footer={null}>
      <Form form={form} layout="vertical" initialValues={{ tenantId: props.tenantId }} onFinish={submit}>
        <Form.Item name="tenantId" rules={[{ required: true, message: t('registerTenantRequired') }]}>
          <Input id="registerTenantId" placeholder={t('tenantId')} />
        </Form.Item>
        <Form.Item name="name">
          <Input id="registerName" placeholder={t('registerName')} />
        </Form.Item>
        <Form.Item name="account" rules={[{ required: true, whitespace: true, message: t('registerAccountRequired') }]}>
          <Input id="registerAccount" placeholder={t('registerAccount')} />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('registerPasswordRequired') }]}>
          <Input.Password id="registerPassword" placeholder={t('registerPassword')} />
        </Form.Item>
        <Form.Item
          name="password2"
          dependencies={['password']}
          rules={[
            { required: true, message: t('registerPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('registerMismatch'))),
            }),
          ]}
        >
          <Input.Password id="registerPassword2" placeholder={t('registerPassword2')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending}>
          {t('registerSubmit')}
        </Button>
      </Form>
    </Modal>
  );
}
