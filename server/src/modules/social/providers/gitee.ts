import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import type { SocialProvider } from './types.ts';

/** Gitee: standard OAuth 2.0 (form token request with the secret), the user at /api/v5/user. */
export const gitee: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state }) {
    return withQuery(endpoint(config.authorizeUrl, 'https://gitee.com/oauth/authorize'), {
      client_id: config.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: config.scope || 'user_info',
      state,
    });
  },
  async exchangeCode(config, { code, redirectUri }) {
    const answer = await callJson(config, endpoint(config.tokenUrl, 'https://gitee.com/oauth/token'), {
      method: 'POST',
      form: {
        grant_type: 'authorization_code',
        code,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        redirect_uri: redirectUri,
      },
    });
    return { accessToken: accessTokenOf(config, answer), extra: {} };
  },
  async userInfo(config, { accessToken }) {
    const url = withQuery(endpoint(config.userInfoUrl, 'https://gitee.com/api/v5/user'), { access_token: accessToken });
    const u = await callJson(config, url);
    return {
      uuid: subject(config, u.id),
      username: str(u.login),
      nickname: str(u.name) || str(u.login),
      avatar: str(u.avatar_url),
      email: str(u.email),
      blog: str(u.blog),
    };
  },
};
