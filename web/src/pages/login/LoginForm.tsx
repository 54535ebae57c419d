import { LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
// The two inputs alone: antd's Input module brings its text area, search and one-time-code inputs too.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import {
  type ChangeEvent,
  cloneElement,
  type FormEvent,
  lazy,
  type ReactElement,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DeptRole,
  fetchSwitchOptions,
  login,
  refreshToken,
  refusedForCaptcha,
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
  code: string;
}

type Field = keyof LoginValues;

/** A field's problem: each is required, and the message is its prompt (spec part 5). */
const problemOf = (field: Field, value: string) => (value.trim() === '' ? field : undefined);

/**
 * One input of the form with its problem below it, announced when it appears (antd's Form look, without
 * its form engine: the login page is the first screen and stays light).
 */
function LoginField({
  field,
  problem,
  children,
}: {
  field: Field;
  problem: string | undefined;
  children: ReactElement<{ status?: 'error'; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}) {
  const { token } = theme.useToken();
  const input = cloneElement(children, {
    status: problem ? 'error' : undefined,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${field}_help` : undefined,
  });
  return (
    <div style={{ position: 'relative', marginBottom: 24 }}>
      {input}
      {problem && (
        <div
          id={`${field}_help`}
          role="alert"
          className="login-field-error"
          style={{
            position: 'absolute',
            top: '100%',
            color: token.colorError,
            fontSize: token.fontSize,
            lineHeight: 1.5715,
          }}
        >
          {problem}
        </div>
      )}
    </div>
  );
}

/**
 * The login form both login pages share. Input ids and names (tenantId, username, password, code)
 * are stable hooks for end-to-end tests.
 */
export function LoginForm({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const lastTenantId = useSession((s) => s.tenantId);
  const [values, setValues] = useState<LoginValues>({
    tenantId: lastTenantId ?? '',
    username: '',
    password: '',
    code: '',
  });
  // A field shows its problem once it was left or the form was sent.
  const [checked, setChecked] = useState<Partial<Record<Field, boolean>>>({});
  const tenantTyped = useRef(false);
  const { captcha, enabled, refresh, demand } = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  // Switch mode, a user of several departments or roles: the password was right, one of each is still to pick.
  const [picking, setPicking] = useState<{ token: TokenAnswer; options: SwitchOptions }>();
  // Mounted from the first pick on, so it closes with its animation.
  const pickedOnce = useRef(false);
  if (picking) pickedOnce.current = true;
  // Served on a tenant's own domain, the form names that tenant (unless the user has typed one already).
  const domainTenant = useDomainTenant();
  useEffect(() => {
    if (domainTenant && !tenantTyped.current) setValues((v) => ({ ...v, tenantId: domainTenant.tenantId }));
  }, [domainTenant]);

  const fields: Field[] = enabled ? ['tenantId', 'username', 'password', 'code'] : ['tenantId', 'username', 'password'];
  const problem = (field: Field) => (checked[field] ? problemOf(field, values[field]) && t(field) : undefined);
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (field === 'tenantId') tenantTyped.current = true;
      setValues((v) => ({ ...v, [field]: event.target.value }));
    },
    onBlur: () => setChecked((c) => ({ ...c, [field]: true })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(Object.fromEntries(fields.map((f) => [f, true])));
    const first = fields.find((f) => problemOf(f, values[f]));
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    void onFinish(values);
  };

  const failed = () => {
    // A captcha is good for one try only.
    setValues((v) => ({ ...v, code: '' }));
    setChecked((c) => ({ ...c, code: false }));
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
    } catch (error) {
      // The server's reason is already shown; an account may ask for a captcha the server does not (grants.ts).
      if (refusedForCaptcha(error)) demand();
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
      <form noValidate onSubmit={onSubmit}>
        <LoginField field="tenantId" problem={problem('tenantId')}>
          <Input
            id="tenantId"
            size="large"
            prefix={<TeamOutlined />}
            placeholder={t('tenantId')}
            autoComplete="organization"
            {...bind('tenantId')}
          />
        </LoginField>
        <LoginField field="username" problem={problem('username')}>
          <Input
            id="username"
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('username')}
            autoComplete="username"
            {...bind('username')}
          />
        </LoginField>
        <LoginField field="password" problem={problem('password')}>
          <Password
            id="password"
            size="large"
            prefix={<LockOutlined />}
            placeholder={t('password')}
            autoComplete="current-password"
            {...bind('password')}
          />
        </LoginField>
        {enabled && (
          <Flex gap={8}>
            <div style={{ flex: 1 }}>
              <LoginField field="code" problem={problem('code')}>
                <Input
                  id="code"
                  size="large"
                  prefix={<SafetyCertificateOutlined />}
                  placeholder={t('code')}
                  autoComplete="off"
                  {...bind('code')}
                />
              </LoginField>
            </div>
            {captcha && (
              <button
                type="button"
                title={t('captchaRefresh')}
                onClick={refresh}
                style={{
                  padding: 0,
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  flex: 'none',
                  alignSelf: 'flex-start',
                }}
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
        )}
        {/* Not busy while the department dialog waits for the user: a loading button is drawn faded (WCAG 1.4.3). */}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting && !picking}>
          {t('submit')}
        </Button>
      </form>
    </>
  );
}
