import { type DeptRole, refreshToken, type TokenAnswer } from '../api/auth.ts';
import { queryClient } from '../queryClient.ts';
import { useKeptPages } from '../stores/keptPages.ts';
import { type AccountType, useSession } from '../stores/session.ts';
import { useTags } from '../stores/tags.ts';
import { useTopMenu } from '../stores/topMenu.ts';

/** Open tabs, kept pages and the picked top menu belong to one session and one identity. */
function forgetPages(): void {
  useTags.getState().reset();
  useKeptPages.getState().clear();
  useTopMenu.getState().pick(undefined);
}

/** Login (spec part 4): store tokens, tenant and user; start with no open tags and nothing cached from before. */
export function beginSession(token: TokenAnswer, accountType: AccountType, switchMode: boolean): void {
  queryClient.clear();
  forgetPages();
  useSession.getState().signIn(token, accountType, switchMode);
}

/**
 * Switch department (spec part 2): the session is re-issued as the chosen department and role, and
 * what was loaded for the old ones (menus, buttons, lists, open pages) is dropped and loaded again.
 */
export async function switchSession(as: DeptRole): Promise<void> {
  const { refreshToken: refresh, tenantId, renew } = useSession.getState();
  if (!refresh) return;
  const token = await refreshToken(refresh, tenantId, as);
  forgetPages();
  renew(token);
  void queryClient.resetQueries();
}

/**
 * Logout, locally: forget tokens, user, permissions and open tags. The route guard then sends
 * the user to the login page of their account type.
 */
export function endSession(): void {
  useSession.getState().clear();
  forgetPages();
}
