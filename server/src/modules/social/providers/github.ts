import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import type { SocialProvider } from './types.ts';

/** GitHub OAuth app (with PKCE): the token answered as JSON when asked for, the user at api.github.com/user. */
export const github: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state, codeChallenge }) {
    return withQuery(endpoint(config.authorizeUrl, 'https://github.com/login/oauth/authorize'), {
      client_id: config.clientId,
      redirect_uri: redirectUri,
      scope: config.scope || 'read:user',
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  },
  async exchangeCode(config, { code, redirectUri, verifier }) {
    const answer = await callJson(config, endpoint(config.tokenUrl, 'https://github.com/login/oauth/access_token'), {
      method: 'POST',
      form: {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      },
    });
    return { accessToken: accessTokenOf(config, answer), extra: {} };
  },
  async userInfo(config, { accessToken }) {
    const u = await callJson(config, endpoint(config.userInfoUrl, 'https://api.github.com/user'), {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return {
      uuid: subject(config, u.id),
      username: str(u.login),
      nickname: str(u.name) || str(u.login),
      avatar: str(u.avatar_url),
      email: str(u.email),
      blog: str(u.blog),
      company: str(u.company),
      location: str(u.location),
    };
  },
};
