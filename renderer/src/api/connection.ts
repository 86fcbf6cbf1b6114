/**
 * Whether the server answers (client state, zustand). A request that gets no answer at all marks the
 * connection lost: the shell shows the banner 'Нет связи с сервером' and the server's health is
 * probed every few seconds (and at once when the browser says it is online again). The first answer
 * — a probe or any request — clears the banner and runs the reconnect handler (the app refetches).
 */
import { API_PREFIX } from '@shared/api';
import { create } from 'zustand';

/** How often the lost connection is probed. */
const PROBE_EVERY_MS = 3000;

export const useConnection = create<{ online: boolean }>(() => ({ online: true }));

let onReconnected: () => void = () => {};
/** Set by the app: what to do when the server answers again (refetch what failed). */
export function setReconnectedHandler(handler: () => void): void {
  onReconnected = handler;
}

let probeTimer: ReturnType<typeof setInterval> | undefined;

async function probe(): Promise<void> {
  try {
    const response = await fetch(`${API_PREFIX}/health`, { cache: 'no-store', credentials: 'same-origin' });
    if (response.ok) connectionAnswered();
  } catch {
    // still no answer: the banner stays, the next probe tries again
  }
}

export function connectionLost(): void {
  if (!useConnection.getState().online) return;
  useConnection.setState({ online: false });
  probeTimer = setInterval(() => void probe(), PROBE_EVERY_MS);
  window.addEventListener('online', probe);
}

export function connectionAnswered(): void {
  if (useConnection.getState().online) return;
  clearInterval(probeTimer);
  window.removeEventListener('online', probe);
  useConnection.setState({ online: true });
  onReconnected();
}
