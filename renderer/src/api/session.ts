/**
 * The signed-in user (client state, zustand): loaded by POST /api/me, cleared on sign-out.
 *
 * When the session is lost (401/419) while someone works, the status becomes `expired` and the user
 * is kept: the page and any form stay as they are under a sign-in dialog (app/SessionExpiredDialog),
 * and after signing in again the work goes on. A page opened without a session goes to /auth as
 * spec 01 §8 says (the router keeps the link to return to).
 */
import type { SessionUser } from '@shared/api';
import { create } from 'zustand';
import { api, ApiError, ensureCsrfCookie } from './http';

type SessionStatus = 'unknown' | 'signed-in' | 'expired' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed out on purpose ('Выйти'): /auth without a page to return to. */
  left: boolean;
  load(): Promise<void>;
  signedIn(user: SessionUser): void;
  /** The server refused the session: `expired` over a page in use, else `signed-out`. */
  lost(): void;
  logout(): Promise<void>;
}

export const useSession = create<SessionState>((set, get) => ({
  status: 'unknown',
  user: null,
  left: false,
  async load() {
    try {
      await ensureCsrfCookie();
      const user = await api.post<SessionUser>('/me');
      set({ status: 'signed-in', user });
    } catch (error) {
      if (error instanceof ApiError && error.sessionLost) set({ status: 'signed-out', user: null });
      else throw error;
    }
  },
  signedIn: (user) => set({ status: 'signed-in', user, left: false }),
  lost: () => set(get().status === 'signed-in' || get().status === 'expired' ? { status: 'expired' } : { status: 'signed-out', user: null }),
  async logout() {
    await api.post('/logout').catch(() => undefined);
    set({ status: 'signed-out', user: null, left: true });
  },
}));
