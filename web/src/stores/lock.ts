import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { md5 } from '../utils/md5.ts';
import { useSession } from './session.ts';

/**
 * The lock screen (spec parts 2 and 4): persisted, so a refresh on /lock stays locked. Only a
 * digest of the lock password is kept, never what the user typed.
 */
interface LockState {
  locked: boolean;
  digest: string;
  /** Where the user was when they locked, to return there. */
  returnTo: string;
  lock(password: string, returnTo: string): void;
  /** Unlocks when the password is the lock password; answers whether it was. */
  unlock(password: string): boolean;
  reset(): void;
}

export const useLock = create<LockState>()(
  persist(
    (set, get) => ({
      locked: false,
      digest: '',
      returnTo: '/',
      lock: (password, returnTo) => set({ locked: true, digest: md5(password), returnTo }),
      unlock: (password) => {
        if (md5(password) !== get().digest) return false;
        set({ locked: false, digest: '' });
        return true;
      },
      reset: () => set({ locked: false, digest: '', returnTo: '/' }),
    }),
    { name: 'park.lock', partialize: ({ locked, digest, returnTo }) => ({ locked, digest, returnTo }) },
  ),
);

// Login and logout clear the lock (spec part 4). The session lifecycle belongs to auth/, so the
// lock follows the session here: a session that starts or ends drops any lock.
useSession.subscribe((now, before) => {
  if (Boolean(now.accessToken) !== Boolean(before.accessToken)) useLock.getState().reset();
});
