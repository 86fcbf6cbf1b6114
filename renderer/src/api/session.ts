/**
 * The signed-in user (client state, zustand): loaded by GET /api/boot (a visitor gets user: null, not
 * a 401 in the console; the reply also sets the XSRF cookie), cleared on sign-out.
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
    const { user } = await api.get<BootReply>('/boot');
    set(user ? { status: 'signed-in', user } : { status: 'signed-out', user: null });
  },
  signedIn: (user) => set({ status: 'signed-in', user, left: false }),
  lost: () => set(get().status === 'signed-in' || get().status === 'expired' ? { status: 'expired' } : { status: 'signed-out', user: null }),
  async logout() {
    await api.post('/logout').catch(() => undefined);
    set({ status: 'signed-out', user: null, left: true });
  },
}));
