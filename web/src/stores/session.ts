import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TokenAnswer } from '../api/auth.ts';

/** The two account types of the spec: `web` is the company (enterprise) account. */
export type AccountType = 'platform' | 'web';

export const DEFAULT_TENANT_ID = '000000';

/** The user as the token endpoint describes them; kept for the shell until the next login. */
export interface SessionUser {
  userId: string;
  tenantId: string;
  deptId: string;
  roleId: string;
  account: string;
  userName: string;
  nickName: string;
  realName: string;
  roleName: string;
  avatar: string;
}

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Lifetime of the access token in seconds, and when it was issued (ms since epoch). */
  expiresIn: number;
  issuedAt: number;
  tenantId: string;
  /** Survives logout, so the next login page is the one of the last account type. */
  accountType: AccountType;
  user: SessionUser | null;
  /** Button permission flags: every granted button code maps to true. */
  permissions: Record<string, true>;
  signIn(token: TokenAnswer, accountType: AccountType): void;
  renew(token: TokenAnswer): void;
  setPermissions(permissions: Record<string, true>): void;
  clear(): void;
}

function userOf(token: TokenAnswer): SessionUser {
  return {
    userId: token.user_id,
    tenantId: token.tenant_id,
    deptId: token.dept_id,
    roleId: token.role_id,
    account: token.account,
    userName: token.user_name,
    nickName: token.nick_name,
    realName: token.real_name,
    roleName: token.role_name,
    avatar: token.avatar,
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      accessToken: null,
      refreshToken: null,
      expiresIn: 0,
      issuedAt: 0,
      tenantId: DEFAULT_TENANT_ID,
      accountType: 'platform',
      user: null,
      permissions: {},
      signIn: (token, accountType) =>
        set({
          accessToken: token.access_token,
          refreshToken: token.refresh_token,
          expiresIn: token.expires_in,
          issuedAt: Date.now(),
          tenantId: token.tenant_id,
          accountType,
          user: userOf(token),
          permissions: {},
        }),
      renew: (token) =>
        set({
          accessToken: token.access_token,
          refreshToken: token.refresh_token,
          expiresIn: token.expires_in,
          issuedAt: Date.now(),
          user: userOf(token),
        }),
      setPermissions: (permissions) => set({ permissions }),
      clear: () =>
        set({ accessToken: null, refreshToken: null, expiresIn: 0, issuedAt: 0, user: null, permissions: {} }),
    }),
    {
      name: 'park.session',
      partialize: ({ accessToken, refreshToken, expiresIn, issuedAt, tenantId, accountType, user, permissions }) => ({
        accessToken,
        refreshToken,
        expiresIn,
        issuedAt,
        tenantId,
        accountType,
        user,
        permissions,
      }),
    },
  ),
);

export function loginPathOf(accountType: AccountType): string {
  return accountType === 'web' ? '/login/company' : '/login/platform';
}

/** Whether the user holds a button permission (spec part 6). */
export function usePermission(code: string): boolean {
  return useSession((s) => s.permissions[code] === true);
}
