import { LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { beginSession } from '../../auth/lifecycle.ts';
import { type AccountType, useSession } from '../../stores/session.ts';
import { useCaptcha } from './useCaptcha.ts';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/**
 * The login form both login pages share. Input ids and names (tenantId, username, password, code)
 * are stable hooks for end-to-end tests.
 */
export function LoginForm({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginValues>();
  const lastTenantId = useSession((s) => s.tenantId);
  const { captcha, enabled, refresh } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ tenantId, username, password, code }: LoginValues) => {
    setSubmitting(true);
    try {
      const withCaptcha = enabled && captcha ? { key: captcha.key, code: code ?? '' } : undefined;
      const token = await login({ tenantId, username, password, accountType, captcha: withCaptcha });
      // The login page sees the session and leaves for the home page.
      beginSession(token, accountType);
    } catch {
      // The server's reason is already shown; a captcha is good for one try only.
      form.setFieldValue('code', '');
      refresh();
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} size="large" initialValues={{ tenantId: lastTenantId }} onFinish={onFinish}>
      <Form.Item name="tenantId" rules={[{ required: true, whitespace: true, message: t('tenantId') }]}>
        <Input name="tenantId" prefix={<TeamOutlined />} placeholder={t('tenantId')} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('username') }]}>
        <Input name="username" prefix={<UserOutlined />} placeholder={t('username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('password') }]}>
        <Input.Password
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('password')}
          autoComplete="current-password"
        />
      </Form.Item>
      {enabled && (
        <Form.Item>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('code') }]}>
              <Input name="code" prefix={<SafetyCertificateOutlined />} placeholder={t('code')} autoComplete="off" />
            </Form.Item>
            {captcha && (
              <button
                type="button"
                title={t('captchaRefresh')}
                onClick={refresh}
                style={{ padding: 0, border: 0, background: 'none', cursor: 'pointer', flex: 'none' }}
              >
                <img
                  src={captcha.image}
                  alt={t('captcha')}
                  style={{
                    display: 'block',
                    height: 40,
                    width: 120,
                    border: `1px solid ${token.colorBorder}`,
                    borderRadius: token.borderRadiusLG,
                    background: token.colorBgContainer,
                  }}
                />
              </button>
            )}
          </Flex>
        </Form.Item>
      )}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
