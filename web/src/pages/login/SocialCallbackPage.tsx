import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fetchSwitchOptions } from '../../api/auth.ts';
import { ApiError } from '../../api/errors.ts';
import { finishBind, socialLogin } from '../../api/social.ts';
import { beginSession } from '../../auth/lifecycle.ts';
import { INFO_PATH } from '../../router/paths.ts';
import { type AccountType, loginPathOf, useSession } from '../../stores/session.ts';
import { SOCIAL_ACCOUNT_TYPE } from './SocialButtons.tsx';

/**
 * /oauth/redirect/:source: where a provider sends the browser back (issue 37). A login's code and state go to the
 * token endpoint's social grant: tokens start the session; an account bound to nobody opens the application form
 * with the ticket the server answered. A bind's (its state starts with `b.`) bind the account to the signed-in user.
 */
export default function SocialCallbackPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const { source = '' } = useParams();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);
  const accountType = (sessionStorage.getItem(SOCIAL_ACCOUNT_TYPE) === 'web' ? 'web' : 'platform') as AccountType;

  useEffect(() => {
    // Once: a code is good for one exchange.
    if (sent.current) return;
    sent.current = true;
    const callback = { source, code: params.get('code') ?? '', state: params.get('state') ?? '' };
    if (!callback.code || !callback.state) {
      setFailed(true);
      return;
    }
    if (callback.state.startsWith('b.')) {
      finishBind(callback).then(
        () => navigate(INFO_PATH, { replace: true, state: { tab: 'social' } }),
        () => setFailed(true),
      );
      return;
    }
    (async () => {
      try {
        const token = await socialLogin(callback, accountType);
        const options = await fetchSwitchOptions(token.access_token);
        beginSession(token, accountType, options.switchMode);
        navigate('/', { replace: true });
      } catch (error) {
        const body = error instanceof ApiError ? (error.data as { error_code?: number; oauth_id?: string }) : undefined;
        if (body?.error_code === 2012 && body.oauth_id) {
          navigate(`${loginPathOf(accountType)}?oauthId=${encodeURIComponent(body.oauth_id)}`, { replace: true });
          return;
        }
        setFailed(true);
      }
    })();
  }, [source, params, accountType, navigate]);

  const signedIn = useSession((s) => s.accessToken !== null);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      {failed ? (
        <Result
          status="warning"
          title={t('socialFailed')}
          extra={
            <Button type="primary" onClick={() => navigate(signedIn ? INFO_PATH : loginPathOf(accountType))}>
              {signedIn ? t('socialBackToInfo') : t('socialBackToLogin')}
            </Button>
          }
        />
      ) : (
        <Spin size="large" tip={t('socialWorking')}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      )}
    </Flex>
  );
}
