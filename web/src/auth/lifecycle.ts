import { type DeptRole, refreshToken, type TokenAnswer } from '../api/auth.ts';
import { useKeptPages } from '../stores/keptPages.ts';
import { type AccountType, useSession } from '../stores/session.ts';
import { useTags } from '../stores/tags.ts';
import { useTopMenu } from '../stores/topMenu.ts';

/**
 * What else holds a session's data (the query cache, once the console has loaded it): told when a session
 * begins (forget everything) or switches department (load it again). The login page never loads the cache.
 */
const resets = new Set<(change: 'begin' | 'switch') => void>();

export function onSessionReset(reset: (change: 'begin' | 'switch') => void): void {
  resets.add(reset);
}

/** Open tabs, kept pages and the picked top menu belong to one session and one identity. */
function forgetPages(): void {
  useTags.getState().reset();
  useKeptPages.getState().clear();
  useTopMenu.getState().pick(undefined);
}

/** A sign-in made in this page that the console has not greeted yet: not a session restored from storage. */
let signedInHere = false;

/** Whether the console is the first to see a sign-in made in this page (its initial-password prompt); once. */
export function takeSignIn(): boolean {
  const fresh = signedInHere;
  signedInHere = false;
  return fresh;
}

/** Login (spec part 4): store tokens, tenant and user; start with no open tags and nothing cached from before. */
export function beginSession(token: TokenAnswer, accountType: AccountType, switchMode: boolean): void {
  signedInHere = true;
  for (const reset of resets) reset('begin');
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
  for (const reset of resets) reset('switch');
}

/**
 * Logout, locally: forget tokens, user, permissions and open tags. The route guard then sends
 * the user to the login page of their account type.
 */
export function endSession(): void {
  useSession.getState().clear();
  forgetPages();
}
