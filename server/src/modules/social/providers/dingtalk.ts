import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import type { SocialProvider } from './types.ts';

/**
 * 钉钉 (new login, OAuth 2.0): the token by a JSON body in camelCase (clientId, clientSecret, code, grantType), the user
 * by the `x-acs-dingtalk-access-token` header. The subject is the unionId (the same person across the org's apps).
 */
export const dingtalk: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state }) {
    return withQuery(endpoint(config.authorizeUrl, 'https://login.dingtalk.com/oauth2/auth'), {
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: config.clientId,
      scope: config.scope || 'openid',
      state,
      prompt: 'consent',
    });
  },
  async exchangeCode(config, { code }) {
    const answer = await callJson(
      config,
      endpoint(config.tokenUrl, 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken'),
      {
        method: 'POST',
        json: { clientId: config.clientId, clientSecret: config.clientSecret, code, grantType: 'authorization_code' },
      },
    );
    return { accessToken: accessTokenOf(config, answer, 'accessToken'), extra: {} };
  },
  async userInfo(config, { accessToken }) {
    const u = await callJson(config, endpoint(config.userInfoUrl, 'https://api.dingtalk.com/v1.0/contact/users/me'), {
      headers: { 'x-acs-dingtalk-access-token': accessToken },
    });
    return {
      uuid: subject(config, str(u.unionId) || str(u.openId)),
      username: str(u.nick),
      nickname: str(u.nick),
      avatar: str(u.avatarUrl),
      email: str(u.email),
    };
  },
};
