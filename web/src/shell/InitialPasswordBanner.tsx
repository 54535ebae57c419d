import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ownAccountQuery } from '../api/system.ts';
import { takeSignIn } from '../auth/lifecycle.ts';
import { INFO_PATH } from '../router/paths.ts';

/** What the info page opens on when the banner sends the user there. */
export const PASSWORD_TAB = 'password';

/**
 * One of the prompt's texts, read in the language now chosen: the notification keeps the elements it was given,
 * so plain strings would stay in the language of the sign-in after a switch.
 */
function PromptText({ name }: { name: 'promptTitle' | 'prompt' | 'change' }) {
  const { t } = useTranslation('shell');
  return t(`initialPassword.${name}`);
}

/**
 * While the account's password is still one it was given (the seeded one, a reset, an import: the server's
 * `initialPassword`), a slim notice above every screen with the way to change it; after a sign-in in this
 * page, a prompt too. Neither blocks anything: the console works as usual until the password is changed.
 */
export function InitialPasswordBanner() {
  const { t } = useTranslation('shell');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const account = useQuery(ownAccountQuery);
  const loaded = account.data !== undefined;
  const initial = account.data?.initialPassword === true;
  const change = useCallback(() => navigate(INFO_PATH, { state: { tab: PASSWORD_TAB } }), [navigate]);

  // Once per sign-in, when the account is first read (takeSignIn answers true once): not on later renders.
  useEffect(() => {
    if (!loaded || !takeSignIn() || !initial) return;
    const key = 'initial-password';
    notification.warning({
      key,
      title: <PromptText name="promptTitle" />,
      description: <PromptText name="prompt" />,
      placement: 'bottomRight',
      duration: 8,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            change();
          }}
        >
          <PromptText name="change" />
        </Button>
      ),
    });
  }, [loaded, initial, notification, change]);

  if (!initial) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={t('initialPassword.banner')}
      action={
        <Button size="small" onClick={change}>
          {t('initialPassword.change')}
        </Button>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
