import { Button, Flex, theme } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { logout } from '../../auth/logout.ts';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';
import { type AccountType, loginPathOf, useSession } from '../../stores/session.ts';
import { LoginForm } from './LoginForm.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { useDomainTenant } from './useDomainTenant.ts';

/** The application for an account opens on a click (or back from a third-party login): loaded then. */
const RegisterDialog = lazy(() =>
  import('./RegisterDialog.tsx').then((module) => ({ default: module.RegisterDialog })),
);

/** `/login/platform` and `/login/company`: the same form, titled for the account type. */
export default function LoginPage({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation(['login', 'common']);
  const { token } = theme.useToken();
  const signedIn = useSession((s) => s.accessToken !== null);
  const sessionType = useSession((s) => s.accountType);
  const sameType = sessionType === accountType;
  const lastTenantId = useSession((s) => s.tenantId);
  // Back from a third-party login without an account: the oauth id arrives in the address and the application opens.
  const [params] = useSearchParams();
  const oauthId = params.get('oauthId') ?? undefined;
  const [applying, setApplying] = useState(Boolean(oauthId));
  // The third-party logins offered are the tenant's of this host, else the last one used here.
  const domainTenant = useDomainTenant();
  const socialTenant = domainTenant?.tenantId ?? lastTenantId;
  // Mounted from its first opening on, so it closes with its animation.
  const appliedOnce = useRef(false);
  if (applying) appliedOnce.current = true;

  // Spec part 2: a signed-in user opening the other type's login page is logged out first.
  useEffect(() => {
    if (signedIn && !sameType) void logout();
  }, [signedIn, sameType]);

  if (signedIn && sameType) return <Navigate to="/" replace />;

  const other: AccountType = accountType === 'web' ? 'platform' : 'web';
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
      }}
    >
      <Flex justify="flex-end" style={{ position: 'fixed', top: 16, right: 24 }}>
        <LanguageSwitch />
      </Flex>
      {/* A card drawn by hand: antd's Card brings its tabs along (some 20 kB compressed) to the login page. */}
      <div
        style={{
          width: '100%',
          maxWidth: 420,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <img src="/favicon.svg" alt="" width={48} height={48} />
          {/* Antd's heading and text drawn with its tokens: Typography brings its editing, copying and
              ellipsis (some 10 kB compressed) to the login page. */}
          <h3
            style={{
              margin: '8px 0 0',
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
              lineHeight: token.lineHeightHeading3,
            }}
          >
            {t('common:appName')}
          </h3>
          <span style={{ color: token.colorTextSecondary }}>
            {accountType === 'web' ? t('companyTitle') : t('platformTitle')}
          </span>
        </Flex>
        <LoginForm accountType={accountType} />
        <SocialButtons tenantId={socialTenant} accountType={accountType} />
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Link to={loginPathOf(other)}>{other === 'web' ? t('toCompany') : t('toPlatform')}</Link>
          {/* A button (it opens a dialog), so Tab reaches it; drawn as the link beside it. */}
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setApplying(true)}>
            {t('register')}
          </Button>
        </Flex>
      </div>
      {appliedOnce.current && (
        <Suspense fallback={null}>
          <RegisterDialog
            open={applying}
            onClose={() => setApplying(false)}
            tenantId={lastTenantId}
            oauthId={oauthId}
          />
        </Suspense>
      )}
    </Flex>
  );
}
