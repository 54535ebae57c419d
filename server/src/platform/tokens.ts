import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed tokens (JWT, HS256) so that any instance can check a request without a
 * database round trip. Revocation (logout) is checked separately against the
 * session list the auth module keeps in memory and in the database.
 */
export interface AccessClaims {
  /** Session id: the login this token belongs to. */
  sid: string;
  tenantId: string;
  userId: string;
  deptId: string;
  roleIds: string[];
  roleAliases: string[];
  postId: string;
  account: string;
  userName: string;
  accountType: string;
  clientId: string;
  /**
   * `saber` on the tokens of SpringBlade's /blade-auth/token (saber-token.ts): the client speaks Saber's codes,
   * where a lone menu `isOpen` 1 means 是 (ours means 否).
   */
  dialect?: 'saber';
  /** Token kind: access or refresh. */
  typ: 'access' | 'refresh';
  /** For refresh tokens: the one-time id that rotates on each use. */
  jti?: string;
  iat: number;
  exp: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** How many well-signed tokens `verify` remembers, so a busy client's token is checked once, not per request. */
const VERIFIED_TOKENS = 10_000;

export class TokenSigner {
  private readonly key: Buffer;
  /** Claims of tokens whose signature has been checked, oldest first; expiry is still checked on every use. */
  private readonly verified = new Map<string, Readonly<AccessClaims>>();

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(claims: AccessClaims): string {
    const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
    return `${body}.${createHmac('sha256', this.key).update(body).digest('base64url')}`;
  }

  /** The claims of a well-signed, unexpired token of the given kind, else undefined. */
  verify(
    token: string,
    typ: AccessClaims['typ'],
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Readonly<AccessClaims> | undefined {
    const claims = this.verified.get(token) ?? this.checkSignature(token);
    if (!claims || claims.typ !== typ || typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return undefined;
    return claims;
  }

  private checkSignature(token: string): Readonly<AccessClaims> | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
    const expected = createHmac('sha256', this.key).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: AccessClaims;
    try {
      claims = Object.freeze(JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')));
    } catch {
      return undefined;
    }
    if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, claims);
    return claims;
  }
}

export function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}
