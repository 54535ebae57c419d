import type { TokenAnswer } from '../api/auth.ts';
import { queryClient } from '../queryClient.ts';
import { type AccountType, useSession } from '../stores/session.ts';
import { useTags } from '../stores/tags.ts';

/** Login (spec part 4): store tokens, tenant and user; start with no open tags and nothing cached from before. */
export function beginSession(token: TokenAnswer, accountType: AccountType): void {
  queryClient.clear();
  useTags.getState().reset();
  useSession.getState().signIn(token, accountType);
}

/**
 * Logout, locally: forget tokens, user, permissions and open tags. The route guard then sends
 * the user to the login page of their account type.
 */
export function endSession(): void {
  useSession.getState().clear();
  useTags.getState().reset();
}
