import { LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeptRole,
  fetchSwitchOptions,
  login,
  refreshToken,
  revokeSession,
  type SwitchOptions,
  type TokenAnswer,
} from '../../api/auth.ts';
import { beginSession } from '../../auth/lifecycle.ts';
import { type AccountType, useSession } from '../../stores/session.ts';
import { useCaptcha } from './useCaptcha.ts';
import { useDomainTenant } from './useDomainTenant.ts';

/** Only users of several departments or roles see it: it loads when first needed, not with the login page. */
const SwitchDeptDialog = lazy(() =>
  import('../../shell/SwitchDeptDialog.tsx').then((module) => ({ default: module.SwitchDeptDialog })),
);

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
  // Switch mode, a user of several departments or roles: the password was right, one of each is still to pick.
  const [picking, setPicking] = useState<{ token: TokenAnswer; options: SwitchOptions }>();
  // Mounted from the first pick on, so it closes with its animation.
  const pickedOnce = useRef(false);
  if (picking) pickedOnce.current = true;
  // Served on a tenant's own domain, the form names that tenant (unless the user has typed one already).
  const domainTenant = useDomainTenant();
  useEffect(() => {
    if (domainTenant && !form.isFieldTouched('tenantId')) form.setFieldValue('tenantId', domainTenant.tenantId);
  }, [domainTenant, form]);

  const failed = () => {
    // A captcha is good for one try only.
    form.setFieldValue('code', '');
    refresh();
    setSubmitting(false);
  };

  const onFinish = async ({ tenantId, username, password, code }: LoginValues) => {
    setSubmitting(true);
    try {
      const withCaptcha = enabled && captcha ? { key: captcha.key, code: code ?? '' } : undefined;
      const token = await login({ tenantId, username, password, accountType, captcha: withCaptcha });
      const options = await fetchSwitchOptions(token.access_token);
      if (options.switchMode && (options.depts.length > 1 || options.roles.length > 1)) {
        setPicking({ token, options });
        return;
      }
      // The login page sees the session and leaves for the home page.
      beginSession(token, accountType, options.switchMode);
    } catch {
      // The server's reason is already shown.
      failed();
    }
  };

  // The login's token is re-issued as the chosen department and role (the refresh grant takes
  // Dept-Id / Role-Id as the password grant does, and needs no second captcha).
  const pick = async (as: DeptRole) => {
    if (!picking) return;
    const token = await refreshToken(picking.token.refresh_token, picking.token.tenant_id, as);
    beginSession(token, accountType, true);
  };

  const cancelPick = () => {
    if (picking) void revokeSession(picking.token.access_token).catch(() => undefined);
    setPicking(undefined);
    failed();
  };

  return (
    <>
      {pickedOnce.current && (
        <Suspense fallback={null}>
          <SwitchDeptDialog
            open={picking !== undefined}
            options={picking?.options}
            current={picking && { deptId: picking.token.dept_id, roleId: picking.token.role_id }}
            onSubmit={pick}
            onCancel={cancelPick}
          />
        </Suspense>
      )}
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
    </>
  );
}
