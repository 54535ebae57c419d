import { nextId } from '../src/platform/ids.ts';
import type { AccessClaims } from '../src/platform/tokens.ts';
import { SEED } from '../src/seed/platform.ts';
import type { TestServer } from './harness.ts';

/**
 * Access tokens signed straight with the server's key, for tests that need a caller but
 * not the login flow. Claims default to the seeded administrator of tenant 000000.
 */
export type TokenUser = Partial<Omit<AccessClaims, 'typ' | 'iat' | 'exp' | 'jti'>>;

export const ADMIN_CLAIMS = {
  tenantId: '000000',
  userId: SEED.adminUser,
  deptId: SEED.rootDept,
  roleIds: [SEED.adminRole],
  roleAliases: ['administrator'],
  postId: '1123598817738675201',
  account: 'admin',
  userName: '管理员',
  accountType: 'platform',
  clientId: 'saber',
} satisfies TokenUser;

export function tokenFor(server: Pick<TestServer, 'platform'>, user: TokenUser = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return server.platform.signer.sign({
    ...ADMIN_CLAIMS,
    sid: nextId(),
    ...user,
    typ: 'access',
    iat: now,
    exp: now + 3600,
  });
}
