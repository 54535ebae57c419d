import { useEffect } from 'react';
import { refreshToken } from '../api/auth.ts';
import { ApiError, NETWORK_ERROR, TIMEOUT } from '../api/errors.ts';
import { sessionDeptRole, useSession } from '../stores/session.ts';
import { endSession } from './lifecycle.ts';

const CHECK_EVERY_MS = 10_000;
/** Spec part 9: refresh once the token is `tokenTime` (3000 s) old. */
const TOKEN_TIME_S = 3000;

/** Whether the access token is old enough to refresh; a token shorter-lived than tokenTime refreshes at 5/6 of its life. */
export function refreshDue(issuedAt: number, expiresIn: number, now: number): boolean {
  const threshold = Math.min(TOKEN_TIME_S, (expiresIn * 5) / 6);
  return now - issuedAt >= threshold * 1000;
}

/** Spec part 4: check every 10 s and refresh when due, one refresh at a time; a refused refresh logs out. */
export function useTokenRefresh(): void {
  useEffect(() => {
    let running = false;
    const timer = setInterval(async () => {
      const { refreshToken: refresh, issuedAt, expiresIn, tenantId, renew } = useSession.getState();
      if (!refresh || running || !refreshDue(issuedAt, expiresIn, Date.now())) return;
      running = true;
      try {
        renew(await refreshToken(refresh, tenantId, sessionDeptRole()));
      } catch (error) {
        // Unreachable server: try again at the next check. Refused refresh token: the session is over.
        const transient = error instanceof ApiError && (error.code === NETWORK_ERROR || error.code === TIMEOUT);
        if (!transient) endSession();
      } finally {
        running = false;
      }
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
}
