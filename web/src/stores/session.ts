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
  /**
   * Switch mode (tenant parameter `account.switchMode`), as it was at login: the session then acts as
   * one department and role, which every refresh names again in Dept-Id / Role-Id.
   */
  switchMode: boolean;
  signIn(token: TokenAnswer, accountType: AccountType, switchMode: boolean): void;
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
      switchMode: false,
      signIn: (token, accountType, switchMode) =>
        set({
          accessToken: token.access_token,
          refreshToken: token.refresh_token,
          expiresIn: token.expires_in,
          issuedAt: Date.now(),
          tenantId: token.tenant_id,
          accountType,
          user: userOf(token),
          permissions: {},
          switchMode,
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
        set({
          accessToken: null,
          refreshToken: null,
          expiresIn: 0,
          issuedAt: 0,
          user: null,
          permissions: {},
          switchMode: false,
        }),
    }),
    {
      name: 'park.session',
      partialize: ({
        accessToken,
        refreshToken,
        expiresIn,
        issuedAt,
        tenantId,
        accountType,
        user,
        permissions,
        switchMode,
      }) => ({
        accessToken,
        refreshToken,
        expiresIn,
        issuedAt,
        tenantId,
        accountType,
        user,
        permissions,
        switchMode,
      }),
    },
  ),
);

export function loginPathOf(accountType: AccountType): string {
  return accountType === 'web' ? '/login/company' : '/login/platform';
}

/** The department and role the session acts as, for the next refresh: only in switch mode. */
export function sessionDeptRole(): { deptId: string; roleId: string } | undefined {
  const { switchMode, user } = useSession.getState();
  return switchMode && user ? { deptId: user.deptId, roleId: user.roleId } : undefined;
}

/** Whether the user holds a button permission (spec part 6). */
export function usePermission(code: string): boolean {
  return useSession((s) => s.permissions[code] === true);
}

/** True in a company (enterprise) account's session: it sees its own enterprise only, never the park's administration. */
export function useIsCompany(): boolean {
  return useSession((s) => s.accountType) === 'web';
}
