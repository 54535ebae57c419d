import { accessTokenOf, callJson, endpoint, str, subject, withQuery } from './http.ts';
import type { SocialProvider } from './types.ts';
import { wechatChecked } from './wechat-open.ts';

/**
 * 企业微信 (web QR login): the app's own access token from corpid and corpsecret (not the user's), then the code
 * gives the member's userid, whose profile the contacts API gives. The subject is the userid (unique in the corp).
 */
export const wechatEnterprise: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state }) {
    return withQuery(endpoint(config.authorizeUrl, 'https://login.work.weixin.qq.com/wwlogin/sso/login'), {
      login_type: 'CorpApp',
      appid: config.clientId,
      agentid: config.agentId,
      redirect_uri: redirectUri,
      state,
    });
  },
  async exchangeCode(config, { code }) {
    const url = withQuery(endpoint(config.tokenUrl, 'https://qyapi.weixin.qq.com/cgi-bin/gettoken'), {
      corpid: config.clientId,
      corpsecret: config.clientSecret,
    });
    const answer = wechatChecked(config, await callJson(config, url));
    return { accessToken: accessTokenOf(config, answer), extra: { code } };
  },
  async userInfo(config, { accessToken, extra }) {
    const infoUrl = endpoint(config.userInfoUrl, 'https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo');
    const who = wechatChecked(
      config,
      await callJson(config, withQuery(infoUrl, { access_token: accessToken, code: str(extra.code) })),
    );
    const userid = subject(config, str(who.userid) || str(who.UserId));
    // The member's profile, beside the user-info call (cgi-bin/auth/getuserinfo -> cgi-bin/user/get), so that an
    // endpoint behind a proxy's path prefix keeps it.
    const profileUrl = new URL('../user/get', infoUrl);
    const u = wechatChecked(
      config,
      await callJson(config, withQuery(profileUrl.toString(), { access_token: accessToken, userid })),
    );
    return {
      uuid: userid,
      username: userid,
      nickname: str(u.name) || userid,
      avatar: str(u.avatar),
      email: str(u.email),
      gender: str(u.gender),
    };
  },
};
