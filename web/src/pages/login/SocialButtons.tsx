import { Button, Divider, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSocialProviders, type SocialProvider, socialAuthorizeUrl } from '../../api/social.ts';
import type { AccountType } from '../../stores/session.ts';

/** Which login page a third-party login began on: the callback page logs in as that account type. */
export const SOCIAL_ACCOUNT_TYPE = 'park.social.accountType';

/**
 * The tenant's enabled third-party logins (issue 37), one button each: the browser goes to the provider through the
 * server, which keeps the state and PKCE verifier, and comes back to /oauth/redirect/:source.
 */
export function SocialButtons({ tenantId, accountType }: { tenantId: string; accountType: AccountType }) {
  const { t } = useTranslation('login');
  // Fetched by hand: the login page is outside the signed-in layout's query client, and stays light.
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    setProviders([]);
    if (!/^[0-9A-Za-z_-]{1,12}$/.test(tenantId)) return;
    let current = true;
    fetchSocialProviders(tenantId).then(
      (list) => current && setProviders(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tenantId]);
  if (!providers.length) return null;
  return (
    <div data-testid="social-logins">
      <Divider plain style={{ margin: '16px 0 12px' }}>
        {t('socialTitle')}
      </Divider>
      <Flex wrap gap={8} justify="center">
        {providers.map((p) => (
          <Button
            key={p.source}
            href={socialAuthorizeUrl(p.source, tenantId)}
            onClick={() => sessionStorage.setItem(SOCIAL_ACCOUNT_TYPE, accountType)}
          >
            {p.providerName}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
