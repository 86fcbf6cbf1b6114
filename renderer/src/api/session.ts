/**
 * The signed-in user (client state, zustand): loaded by GET /api/boot, cleared on 401/419 or sign-out.
 * Boot is the app's one call before its first screen (issue 9): it also says whether the sign-in
 * page must offer the one-time first-administrator form and sets the XSRF cookie.
 */
import type { BootReply, SessionUser } from '@shared/api';
import { create } from 'zustand';
import { api } from './http';

type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** No user exists yet: the sign-in page offers the one-time "create the first administrator" form. */
  setupRequired: boolean;
  /** Asks the server who is signed in (one request however many callers ask at once). */
  load(): Promise<void>;
  signedIn(user: SessionUser): void;
  signedOut(): void;
  logout(): Promise<void>;
}

let booting: Promise<void> | undefined;

export const useSession = create<SessionState>((set) => ({
  status: 'unknown',
  user: null,
  setupRequired: false,
  load: () =>
    (booting ??= api
      .get<BootReply>('/boot')
      .then(({ user, setup_required }) => set({ status: user ? 'signed-in' : 'signed-out', user, setupRequired: setup_required }))
      .finally(() => {
        booting = undefined;
      })),
  signedIn: (user) => set({ status: 'signed-in', user, setupRequired: false }),
  signedOut: () => set({ status: 'signed-out', user: null }),
  async logout() {
    await api.post('/logout').catch(() => undefined);
    set({ status: 'signed-out', user: null });
  },
}));
