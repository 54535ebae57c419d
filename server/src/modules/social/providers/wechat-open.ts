import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import { type ProviderConfig, type SocialProvider, SocialRefused } from './types.ts';

/** WeChat answers HTTP 200 with `errcode` when it refuses. */
export function wechatChecked(config: ProviderConfig, answer: Record<string, unknown>): Record<string, unknown> {
  if (answer.errcode !== undefined && Number(answer.errcode) !== 0) {
    throw new SocialRefused(`${config.source}: errcode ${str(answer.errcode)} ${str(answer.errmsg)}`);
  }
  return answer;
}

/**
 * 微信开放平台 (website QR login): `appid` rather than client_id, the token by a GET with the secret in the query,
 * the user by access token and openid; the subject is the unionid when the app has one (it is the same person
 * across the open platform's apps), else the openid.
 */
export const wechatOpen: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state }) {
    const url = withQuery(endpoint(config.authorizeUrl, 'https://open.weixin.qq.com/connect/qrconnect'), {
      appid: config.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: config.scope || 'snsapi_login',
      state,
    });
    url.hash = 'wechat_redirect';
    return url;
  },
  async exchangeCode(config, { code }) {
    const url = withQuery(endpoint(config.tokenUrl, 'https://api.weixin.qq.com/sns/oauth2/access_token'), {
      appid: config.clientId,
      secret: config.clientSecret,
      code,
      grant_type: 'authorization_code',
    });
    const answer = wechatChecked(config, await callJson(config, url));
    return { accessToken: accessTokenOf(config, answer), extra: { openid: answer.openid, unionid: answer.unionid } };
  },
  async userInfo(config, { accessToken, extra }) {
    const url = withQuery(endpoint(config.userInfoUrl, 'https://api.weixin.qq.com/sns/userinfo'), {
      access_token: accessToken,
      openid: str(extra.openid),
      lang: 'zh_CN',
    });
    const u = wechatChecked(config, await callJson(config, url));
    return {
      uuid: subject(config, str(u.unionid) || str(extra.unionid) || str(u.openid) || str(extra.openid)),
      username: str(u.nickname),
      nickname: str(u.nickname),
      avatar: str(u.headimgurl),
      location: [u.country, u.province, u.city].map(str).filter(Boolean).join(' '),
      gender: str(u.sex),
    };
  },
};
