import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import { type SocialProvider, SocialRefused } from './types.ts';

/** Feishu answers `code` 0 when it grants, another code (with HTTP 200 or not) when it refuses. */
function checked(source: string, answer: Record<string, unknown>) {
  if (answer.code !== undefined && Number(answer.code) !== 0) {
    throw new SocialRefused(`${source}: code ${str(answer.code)} ${str(answer.msg) || str(answer.error_description)}`);
  }
  return answer;
}

/**
 * 飞书 (OAuth 2.0 v2 with PKCE): the token by a JSON body, the user by Bearer; the subject is the union_id (the
 * same person across the tenant's apps), else the open_id.
 */
export const feishu: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state, codeChallenge }) {
    return withQuery(endpoint(config.authorizeUrl, 'https://accounts.feishu.cn/open-apis/authen/v1/authorize'), {
      client_id: config.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: config.scope || undefined,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  },
  async exchangeCode(config, { code, redirectUri, verifier }) {
    const answer = checked(
      config.source,
      await callJson(config, endpoint(config.tokenUrl, 'https://open.feishu.cn/open-apis/authen/v2/oauth/token'), {
        method: 'POST',
        json: {
          grant_type: 'authorization_code',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        },
      }),
    );
    return { accessToken: accessTokenOf(config, answer), extra: {} };
  },
  async userInfo(config, { accessToken }) {
    const answer = checked(
      config.source,
      await callJson(config, endpoint(config.userInfoUrl, 'https://open.feishu.cn/open-apis/authen/v1/user_info'), {
        headers: { authorization: `Bearer ${accessToken}` },
      }),
    );
    const u = (answer.data && typeof answer.data === 'object' ? answer.data : {}) as Record<string, unknown>;
    return {
      uuid: subject(config, str(u.union_id) || str(u.open_id)),
      username: str(u.en_name) || str(u.name),
      nickname: str(u.name),
      avatar: str(u.avatar_url),
      email: str(u.email) || str(u.enterprise_email),
    };
  },
};
