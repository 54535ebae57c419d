import type { SocialCategory } from '@park/catalog';
import type { OutboundPolicy } from '../../../platform/outbound.ts';

/** A tenant's provider row as the server reads it (the secret in clear: never answered). */
export interface ProviderConfig {
  source: string;
  providerName: string;
  category: SocialCategory;
  clientId: string;
  clientSecret: string;
  agentId: string;
  issuer: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
  outbound: OutboundPolicy;
}

/** What one authorization request carries to the provider. */
export interface AuthorizeInput {
  redirectUri: string;
  state: string;
  /** PKCE (S256) challenge of the verifier kept on the server; a provider without PKCE ignores it. */
  codeChallenge: string;
  /** OIDC only: bound into the ID token. */
  nonce: string;
}

/** What comes back with the browser: the code, and what the server kept for this state. */
export interface ExchangeInput {
  code: string;
  state: string;
  redirectUri: string;
  verifier: string;
  nonce: string;
}

/** The provider's account, as a binding keeps it (blade_user_oauth). */
export interface SocialUser {
  uuid: string;
  username?: string;
  nickname?: string;
  avatar?: string;
  email?: string;
  blog?: string;
  company?: string;
  location?: string;
  gender?: string;
}

/** The provider's answer after the code: whatever the user-info call needs. */
export interface ProviderTokens {
  accessToken: string;
  /** Fields the token answer gave besides (WeChat's openid, an OIDC provider's verified ID token claims). */
  extra: Record<string, unknown>;
}

/**
 * One provider kind (as JustAuth's AuthRequest): where the browser goes, how the code becomes a token, and who the
 * token's owner is. Every call to the provider goes through the egress guard (`config.outbound`).
 */
export interface SocialProvider {
  authorizeUrl(config: ProviderConfig, input: AuthorizeInput): Promise<URL>;
  exchangeCode(config: ProviderConfig, input: ExchangeInput): Promise<ProviderTokens>;
  userInfo(config: ProviderConfig, tokens: ProviderTokens): Promise<SocialUser>;
}

/** The provider refused, or answered what we cannot use: the login fails with this reason (logged, never shown raw). */
export class SocialRefused extends Error {}
