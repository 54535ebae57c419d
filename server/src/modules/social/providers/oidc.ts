import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import { callOut } from '../../../platform/outbound.ts';
import { str, subject } from './http.ts';
import { type ProviderConfig, type SocialProvider, SocialRefused } from './types.ts';

const TIMEOUT_MS = 10_000;

/** openid-client's HTTP calls, through the egress guard like every other provider call (platform/outbound.ts). */
function guardedFetch(config: ProviderConfig): client.CustomFetch {
  return async (url, options) => {
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((value, key) => {
      headers[key] = value;
    });
    const body = options.body === undefined || options.body === null ? '' : String(options.body);
    const res = await callOut(
      url,
      { method: options.method ?? 'GET', headers, body, timeoutMs: TIMEOUT_MS },
      config.outbound,
    );
    const answerHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) answerHeaders.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const empty = res.status === 204 || res.status === 205 || res.status === 304;
    return new Response(empty ? null : res.text, { status: res.status, headers: answerHeaders });
  };
}

/** Discovered configurations (metadata and its JWKS cache), per provider row as it is now; ten minutes each. */
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();
const DISCOVERY_MS = 10 * 60_000;

function configurationOf(config: ProviderConfig): Promise<client.Configuration> {
  const key = createHash('sha256')
    .update(JSON.stringify([config.issuer, config.clientId, config.clientSecret, config.outbound]))
    .digest('hex');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_MS) return hit.config;
  if (!config.issuer.trim()) return Promise.reject(new SocialRefused(`${config.source}: no issuer`));
  let issuer: URL;
  try {
    issuer = new URL(config.issuer.trim());
  } catch {
    return Promise.reject(new SocialRefused(`${config.source}: the issuer is no URL`));
  }
  // Plain http only where loopback calls are allowed (test runs); a real provider is reached over https.
  const insecure = issuer.protocol === 'http:' && config.outbound.loopback;
  const found = client
    .discovery(issuer, config.clientId, config.clientSecret, undefined, {
      [client.customFetch]: guardedFetch(config),
      execute: insecure ? [client.allowInsecureRequests] : [],
    })
    .catch((err: unknown) => {
      discovered.delete(key);
      throw new SocialRefused(`${config.source}: discovery failed: ${(err as Error).message}`);
    });
  if (discovered.size > 200) discovered.clear();
  discovered.set(key, { at: Date.now(), config: found });
  return found;
}

/**
 * Any OpenID Connect provider, through openid-client: discovery from the issuer, the authorization code flow with PKCE
 * (S256), state and nonce, the ID token's signature (the provider's JWKS), issuer, audience, expiry and nonce checked
 * by the library; the user info (when the provider has the endpoint) must name the ID token's subject.
 */
export const oidc: SocialProvider = {
  async authorizeUrl(config, { redirectUri, state, codeChallenge, nonce }) {
    return client.buildAuthorizationUrl(await configurationOf(config), {
      redirect_uri: redirectUri,
      scope: config.scope || 'openid profile email',
      state,
      nonce,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
  },
  async exchangeCode(config, { code, state, redirectUri, verifier, nonce }) {
    const configuration = await configurationOf(config);
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    // The issuer sends `iss` back when it says so (RFC 9207); the browser brought none here, so it is named.
    if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', configuration.serverMetadata().issuer);
    }
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      return { accessToken: tokens.access_token, extra: { claims: tokens.claims() } };
    } catch (err) {
      const e = err as Error & { error?: string; error_description?: string };
      const said = [e.error, e.error_description].filter(Boolean).join(' ');
      throw new SocialRefused(`${config.source}: ${e.message}${said ? ` (${said})` : ''}`);
    }
  },
  async userInfo(config, { accessToken, extra }) {
    const claims = (extra.claims ?? {}) as Record<string, unknown>;
    const sub = subject(config, claims.sub);
    let info: Record<string, unknown> = {};
    const configuration = await configurationOf(config);
    if (configuration.serverMetadata().userinfo_endpoint) {
      try {
        info = await client.fetchUserInfo(configuration, accessToken, sub);
      } catch (err) {
        throw new SocialRefused(`${config.source}: user info: ${(err as Error).message}`);
      }
    }
    const all = { ...claims, ...info };
    return {
      uuid: sub,
      username: str(all.preferred_username) || str(all.email) || sub,
      nickname: str(all.name) || str(all.nickname) || str(all.preferred_username),
      avatar: str(all.picture),
      email: str(all.email),
      gender: str(all.gender),
    };
  },
};
