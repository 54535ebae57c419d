import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A stand-in for the third-party login providers on one local port, written from their documentation and apart from
 * the server's clients: an OpenID Connect provider under /oidc (discovery, authorize, token with PKCE S256 and
 * client_secret_basic or _post, user info, JWKS, RS256 ID tokens signed with jose), a WeChat-shaped one under /wx
 * (qrconnect with `appid`, the token by GET with the secret in the query, errcode answers), and under /github,
 * /gitee, /dingtalk, /feishu and /wecom the shapes of those five (`SHAPES` below says what each checks). The person who "logs in"
 * at the provider is `user` (set by the test); authorize consents at once and sends the browser back. A code is
 * single use, as at the real providers. `idToken` overrides let a test make a bad ID token (wrong audience, expired).
 */
export interface FakeSocialUser {
  sub: string;
  name: string;
  username: string;
}

export interface FakeSocial {
  url: string;
  /** The OIDC issuer. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who logs in next. */
  user: FakeSocialUser;
  /** Claims of the next ID tokens, over the right ones (aud, exp, iss, nonce ...). */
  idToken: Record<string, unknown>;
  /** Codes the token endpoint accepted (spent). */
  spent: string[];
  close(): Promise<void>;
}

export const FAKE_CLIENT = { clientId: 'park-client', clientSecret: 'park-secret-1' };

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  nonce?: string;
  user: FakeSocialUser;
  kind: 'oidc' | 'wx' | Shape;
}

/** The five providers besides OIDC and WeChat, each answered in its own documented shape. */
export const SHAPES = ['github', 'gitee', 'dingtalk', 'feishu', 'wecom'] as const;
type Shape = (typeof SHAPES)[number];

/** The subject each shape names its user by: the id a binding keeps. */
export function subjectOf(shape: Shape, user: FakeSocialUser): string {
  switch (shape) {
    case 'github':
    case 'gitee':
      return String(idNumber(user.sub));
    case 'dingtalk':
    case 'feishu':
      return `union-${user.sub}`;
    case 'wecom':
      return user.username;
  }
}

/** GitHub's and Gitee's users have numeric ids. */
function idNumber(sub: string): number {
  let n = 7;
  for (const c of sub) n = (n * 31 + c.charCodeAt(0)) % 1_000_000_007;
  return n;
}

export async function startFakeSocial(): Promise<FakeSocial> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeSocialUser>();
  /** WeChat Work's members met through a code, by userid. */
  const members = new Map<string, FakeSocialUser>();
  const fake = {
    url: '',
    issuer: '',
    ...FAKE_CLIENT,
    user: { sub: 'u-1', name: '张三', username: 'zhangsan' },
    idToken: {},
    spent: [],
  } as unknown as FakeSocial;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  const readJson = async (req: http.IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return {};
    }
  };
  const bearer = (req: http.IncomingMessage) =>
    tokens.get(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
  /** Consents at once: the browser goes back to redirect_uri with a new code and the state. */
  const consent = (res: http.ServerResponse, q: URLSearchParams, kind: Grant['kind'], challenge?: string) => {
    const redirectUri = q.get('redirect_uri') ?? '';
    const code = newCode({ clientId: fake.clientId, redirectUri, challenge, user: { ...fake.user }, kind });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.toString() });
    res.end();
  };
  const pkceHolds = (grant: Grant, verifier: unknown) =>
    createHash('sha256')
      .update(String(verifier ?? ''))
      .digest('base64url') === grant.challenge;
  const newToken = (user: FakeSocialUser) => {
    const token = randomBytes(16).toString('hex');
    tokens.set(token, user);
    return token;
  };
  const newCode = (grant: Grant) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, grant);
    return code;
  };
  /** A code once: a second use is refused even before it is checked further. */
  const takeCode = (code: string | null) => {
    const grant = code ? codes.get(code) : undefined;
    if (grant && code) {
      codes.delete(code);
      fake.spent.push(code);
    }
    return grant;
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', fake.url);
      const q = url.searchParams;
      switch (url.pathname) {
        case '/oidc/.well-known/openid-configuration':
          return json(res, 200, {
            issuer: fake.issuer,
            authorization_endpoint: `${fake.issuer}/authorize`,
            token_endpoint: `${fake.issuer}/token`,
            userinfo_endpoint: `${fake.issuer}/userinfo`,
            jwks_uri: `${fake.issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          });
        case '/oidc/jwks':
          return json(res, 200, { keys: [jwk] });
        case '/oidc/authorize': {
          if (q.get('client_id') !== fake.clientId || q.get('response_type') !== 'code') {
            return json(res, 400, { error: 'invalid_request' });
          }
          if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
            return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
          }
          const redirectUri = q.get('redirect_uri') ?? '';
          const code = newCode({
            clientId: fake.clientId,
            redirectUri,
            challenge: q.get('code_challenge') ?? '',
            nonce: q.get('nonce') ?? undefined,
            user: { ...fake.user },
            kind: 'oidc',
          });
          const back = new URL(redirectUri);
          back.searchParams.set('code', code);
          back.searchParams.set('state', q.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        case '/oidc/token': {
          if (req.method !== 'POST') return json(res, 405, { error: 'invalid_request' });
          const form = await readBody(req);
          let clientId = form.get('client_id');
          let secret = form.get('client_secret');
          const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
          if (basic) {
            const [id, pw] = Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent);
            clientId = id;
            secret = pw;
          }
          if (clientId !== fake.clientId || secret !== fake.clientSecret)
            return json(res, 401, { error: 'invalid_client' });
          const grant = takeCode(form.get('code'));
          if (grant?.kind !== 'oidc' || form.get('grant_type') !== 'authorization_code') {
            return json(res, 400, { error: 'invalid_grant' });
          }
          if (form.get('redirect_uri') !== grant.redirectUri) return json(res, 400, { error: 'invalid_grant' });
          const verifier = form.get('code_verifier') ?? '';
          if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          }
          const accessToken = randomBytes(16).toString('hex');
          tokens.set(accessToken, grant.user);
          const now = Math.floor(Date.now() / 1000);
          const claims = {
            iss: fake.issuer,
            aud: fake.clientId,
            sub: grant.user.sub,
            nonce: grant.nonce,
            iat: now,
            exp: now + 300,
            name: grant.user.name,
            ...fake.idToken,
          };
          const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
          return json(res, 200, {
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: 300,
            id_token: idToken,
          });
        }
        case '/oidc/userinfo': {
          const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
          const user = token ? tokens.get(token) : undefined;
          if (!user) return json(res, 401, { error: 'invalid_token' });
          return json(res, 200, { sub: user.sub, name: user.name, preferred_username: user.username });
        }
        // WeChat-shaped: appid, the token by GET, errcode on refusal (HTTP 200, as WeChat answers).
        case '/wx/connect/qrconnect': {
          if (q.get('appid') !== fake.clientId || q.get('scope') !== 'snsapi_login') {
            return json(res, 200, { errcode: 40013, errmsg: 'invalid appid' });
          }
          const redirectUri = q.get('redirect_uri') ?? '';
          const code = newCode({ clientId: fake.clientId, redirectUri, user: { ...fake.user }, kind: 'wx' });
          const back = new URL(redirectUri);
          back.searchParams.set('code', code);
          back.searchParams.set('state', q.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        case '/wx/sns/oauth2/access_token': {
          if (req.method !== 'GET') return json(res, 200, { errcode: 43001, errmsg: 'require GET method' });
          if (q.get('appid') !== fake.clientId || q.get('secret') !== fake.clientSecret) {
            return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
          }
          const grant = takeCode(q.get('code'));
          if (grant?.kind !== 'wx' || q.get('grant_type') !== 'authorization_code') {
            return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
          }
          const accessToken = randomBytes(16).toString('hex');
          tokens.set(accessToken, grant.user);
          return json(res, 200, {
            access_token: accessToken,
            expires_in: 7200,
            openid: `o-${grant.user.sub}`,
            scope: 'snsapi_login',
          });
        }
        case '/wx/sns/userinfo': {
          const user = tokens.get(q.get('access_token') ?? '');
          if (!user || q.get('openid') !== `o-${user.sub}`)
            return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
          return json(res, 200, { openid: `o-${user.sub}`, nickname: user.name, sex: 1, headimgurl: '' });
        }

        // GitHub: PKCE; the token by a form POST, answered as JSON only when asked (Accept), else form-encoded.
        case '/github/login/oauth/authorize':
          if (q.get('client_id') !== fake.clientId || q.get('code_challenge_method') !== 'S256') {
            return json(res, 400, { error: 'invalid_request' });
          }
          return consent(res, q, 'github', q.get('code_challenge') ?? '');
        case '/github/login/oauth/access_token': {
          const form = await readBody(req);
          const grant = takeCode(form.get('code'));
          const answer: Record<string, string> =
            req.method !== 'POST' ||
            form.get('client_id') !== fake.clientId ||
            form.get('client_secret') !== fake.clientSecret
              ? { error: 'incorrect_client_credentials' }
              : grant?.kind !== 'github' ||
                  form.get('redirect_uri') !== grant.redirectUri ||
                  !pkceHolds(grant, form.get('code_verifier'))
                ? { error: 'bad_verification_code' }
                : { access_token: newToken(grant.user), token_type: 'bearer', scope: 'read:user' };
          if (!/application\/json/.test(req.headers.accept ?? '')) {
            res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
            return res.end(new URLSearchParams(answer).toString());
          }
          return json(res, 200, answer);
        }
        case '/github/user': {
          const user = bearer(req);
          if (!user) return json(res, 401, { message: 'Bad credentials' });
          return json(res, 200, { id: idNumber(user.sub), login: user.username, name: user.name, avatar_url: '' });
        }
        // Gitee: the token by a form POST with the secret; the user with access_token in the query.
        case '/gitee/oauth/authorize':
          if (q.get('client_id') !== fake.clientId || q.get('response_type') !== 'code') {
            return json(res, 400, { error: 'invalid_request' });
          }
          return consent(res, q, 'gitee');
        case '/gitee/oauth/token': {
          const form = await readBody(req);
          if (form.get('client_id') !== fake.clientId || form.get('client_secret') !== fake.clientSecret) {
            return json(res, 401, { error: 'invalid_client' });
          }
          const grant = takeCode(form.get('code'));
          if (grant?.kind !== 'gitee' || form.get('grant_type') !== 'authorization_code') {
            return json(res, 400, { error: 'invalid_grant' });
          }
          return json(res, 200, { access_token: newToken(grant.user), token_type: 'bearer', expires_in: 86400 });
        }
        case '/gitee/api/v5/user': {
          const user = tokens.get(q.get('access_token') ?? '');
          if (!user) return json(res, 401, { message: '401 Unauthorized: Access token is expired' });
          return json(res, 200, { id: idNumber(user.sub), login: user.username, name: user.name, avatar_url: '' });
        }
        // DingTalk: the token by a camelCase JSON body; the user by the x-acs-dingtalk-access-token header.
        case '/dingtalk/oauth2/auth':
          if (q.get('client_id') !== fake.clientId || q.get('response_type') !== 'code') {
            return json(res, 400, { code: 'invalidClientId' });
          }
          return consent(res, q, 'dingtalk');
        case '/dingtalk/v1.0/oauth2/userAccessToken': {
          const body = await readJson(req);
          if (body.clientId !== fake.clientId || body.clientSecret !== fake.clientSecret) {
            return json(res, 400, { code: 'invalidClientSecret', message: 'invalid client' });
          }
          const grant = takeCode(String(body.code ?? ''));
          if (grant?.kind !== 'dingtalk' || body.grantType !== 'authorization_code') {
            return json(res, 400, { code: 'invalidAuthCode', message: 'invalid code' });
          }
          return json(res, 200, { accessToken: newToken(grant.user), refreshToken: 'r', expireIn: 7200 });
        }
        case '/dingtalk/v1.0/contact/users/me': {
          const user = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
          if (!user) return json(res, 401, { code: 'InvalidAuthentication', message: 'invalid token' });
          return json(res, 200, {
            nick: user.name,
            unionId: `union-${user.sub}`,
            openId: `open-${user.sub}`,
            avatarUrl: '',
          });
        }
        // Feishu: PKCE; the token by a JSON body, `code` 0 on success, the user by Bearer inside `data`.
        case '/feishu/authen/v1/authorize':
          if (q.get('client_id') !== fake.clientId || q.get('code_challenge_method') !== 'S256') {
            return json(res, 400, { code: 20029, msg: 'invalid client' });
          }
          return consent(res, q, 'feishu', q.get('code_challenge') ?? '');
        case '/feishu/authen/v2/oauth/token': {
          const body = await readJson(req);
          if (body.client_id !== fake.clientId || body.client_secret !== fake.clientSecret) {
            return json(res, 400, { code: 20002, error: 'invalid_client', error_description: 'bad client' });
          }
          const grant = takeCode(String(body.code ?? ''));
          if (
            grant?.kind !== 'feishu' ||
            body.grant_type !== 'authorization_code' ||
            !pkceHolds(grant, body.code_verifier)
          ) {
            return json(res, 400, { code: 20003, error: 'invalid_grant', error_description: 'bad code' });
          }
          return json(res, 200, {
            code: 0,
            access_token: newToken(grant.user),
            token_type: 'Bearer',
            expires_in: 7200,
          });
        }
        case '/feishu/authen/v1/user_info': {
          const user = bearer(req);
          if (!user) return json(res, 200, { code: 99991668, msg: 'Invalid access token' });
          return json(res, 200, {
            code: 0,
            msg: 'success',
            data: { name: user.name, en_name: user.username, union_id: `union-${user.sub}`, open_id: `ou-${user.sub}` },
          });
        }
        // WeChat Work: the app's token from corpid and corpsecret, then the code gives the member's userid.
        case '/wecom/wwlogin/sso/login':
          if (q.get('appid') !== fake.clientId || q.get('login_type') !== 'CorpApp' || !q.get('agentid')) {
            return json(res, 200, { errcode: 40013, errmsg: 'invalid corpid' });
          }
          return consent(res, q, 'wecom');
        case '/wecom/cgi-bin/gettoken':
          if (q.get('corpid') !== fake.clientId || q.get('corpsecret') !== fake.clientSecret) {
            return json(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
          }
          // The app's token: it names no user (the code does, below).
          tokens.set('wecom-app', { sub: '', name: '', username: '' });
          return json(res, 200, { errcode: 0, errmsg: 'ok', access_token: 'wecom-app', expires_in: 7200 });
        case '/wecom/cgi-bin/auth/getuserinfo': {
          if (q.get('access_token') !== 'wecom-app') return json(res, 200, { errcode: 40014, errmsg: 'invalid token' });
          const grant = takeCode(q.get('code'));
          if (grant?.kind !== 'wecom') return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
          members.set(grant.user.username, grant.user);
          return json(res, 200, { errcode: 0, errmsg: 'ok', userid: grant.user.username });
        }
        case '/wecom/cgi-bin/user/get': {
          const member = members.get(q.get('userid') ?? '');
          if (q.get('access_token') !== 'wecom-app' || !member) {
            return json(res, 200, { errcode: 60111, errmsg: 'userid not found' });
          }
          return json(res, 200, { errcode: 0, errmsg: 'ok', userid: member.username, name: member.name, gender: '1' });
        }
        default:
          return json(res, 404, { error: 'not_found' });
      }
    } catch (err) {
      json(res, 500, { error: String(err) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.issuer = `${fake.url}/oidc`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
