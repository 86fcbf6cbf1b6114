/** The signed-in user (client state, zustand): loaded by POST /api/me, cleared on 401/419 or sign-out. */
import type { SessionUser } from '@shared/api';
import { create } from 'zustand';
import { api, ApiError, ensureCsrfCookie } from './http';

type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  load(): Promise<void>;
  signedIn(user: SessionUser): void;
  signedOut(): void;
  logout(): Promise<void>;
}

export const useSession = create<SessionState>((set) => ({
  status: 'unknown',
  user: null,
  async load() {
    try {
      await ensureCsrfCookie();
      const user = await api.post<SessionUser>('/me');
      set({ status: 'signed-in', user });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 419)) set({ status: 'signed-out', user: null });
      else throw error;
    }
  },
  signedIn: (user) => set({ status: 'signed-in', user }),
  signedOut: () => set({ status: 'signed-out', user: null }),
  async logout() {
    await api.post('/logout').catch(() => undefined);
    set({ status: 'signed-out', user: null });
  },
}));
