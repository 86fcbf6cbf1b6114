/**
 * The signed-in user (client state, zustand): loaded by GET /api/boot, cleared on sign-out.
 * Boot is the app's one call before its first screen (issue 9): it also says whether the sign-in
 * page must offer the one-time first-administrator form and sets the XSRF cookie; a visitor gets
 * user: null, never a 401 in the console.
 *
 * When the session is lost (401/419) while someone works, the status becomes `expired` and the user
 * is kept: the page and any form stay as they are under a sign-in dialog (app/SessionExpiredDialog),
 * and after signing in again the work goes on. A page opened without a session goes to /auth as
 * spec 01 §8 says (the router keeps the link to return to).
 */
import type { BootReply, SessionUser } from '@shared/api';
import { create } from 'zustand';
import { api } from './http';

type SessionStatus = 'unknown' | 'signed-in' | 'expired' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed out on purpose ('Выйти'): /auth without a page to return to. */
  left: boolean;
  /** No user exists yet: the sign-in page offers the one-time "create the first administrator" form. */
  setupRequired: boolean;
  /** Asks the server who is signed in (one request however many callers ask at once). */
  load(): Promise<void>;
  signedIn(user: SessionUser): void;
  /** The server refused the session: `expired` over a page in use, else `signed-out`. */
  lost(): void;
  logout(): Promise<void>;
}

let booting: Promise<void> | undefined;

export const useSession = create<SessionState>((set, get) => ({
  status: 'unknown',
  user: null,
  left: false,
  setupRequired: false,
  load: () =>
    (booting ??= api
      .get<BootReply>('/boot')
      .then(({ user, setup_required }) => set({ status: user ? 'signed-in' : 'signed-out', user, setupRequired: setup_required }))
      .finally(() => {
        booting = undefined;
      })),
  signedIn: (user) => set({ status: 'signed-in', user, left: false, setupRequired: false }),
  lost: () => set(get().status === 'signed-in' || get().status === 'expired' ? { status: 'expired' } : { status: 'signed-out', user: null }),
  async logout() {
    await api.post('/logout').catch(() => undefined);
    set({ status: 'signed-out', user: null, left: true });
  },
}));
