import { revokeSession } from '../api/auth.ts';
import { endSession } from './lifecycle.ts';

/** Revokes the tokens on the server, then forgets the session here even if that call failed (and was shown). */
export async function logout(): Promise<void> {
  try {
    await revokeSession();
  } catch {
    // The failure was already shown; logging out locally is what the user asked for.
  } finally {
    endSession();
  }
}
