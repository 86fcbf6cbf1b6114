/**
 * Saved sign-in credentials in the OS keychain through keytar (Windows Credential Manager,
 * macOS Keychain, libsecret on Linux).
 *
 * keytar is an optional native module: it is loaded lazily with a dynamic import, and when it
 * cannot load (not installed, no native build for this Electron, no secret service running)
 * `available()` is false, `load()` gives null and `save()`/`clear()` do nothing.
 *
 * One entry is kept: service KEYCHAIN_SERVICE, a fixed account, the secret being
 * `{"login": ..., "password": ...}` as JSON — so there is never more than one saved login to clean up.
 */
import { KEYCHAIN_SERVICE, type StoredCredentials } from '../shared/desktop-bridge.js';

/** The part of keytar used here. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface Keychain {
  available(): Promise<boolean>;
  load(): Promise<StoredCredentials | null>;
  save(credentials: StoredCredentials): Promise<void>;
  clear(): Promise<void>;
}

export interface KeychainOptions {
  /** How keytar is obtained; the default dynamically imports the `keytar` package. */
  loadKeytar?: () => Promise<KeytarLike>;
  service?: string;
  account?: string;
  warn?: (message: string) => void;
}

/** The account name under which the one saved login is stored. */
export const KEYCHAIN_ACCOUNT = 'saved-login';

export async function importKeytar(): Promise<KeytarLike> {
  const imported = (await import('keytar')) as KeytarLike & { default?: KeytarLike };
  // keytar is CommonJS: its exports arrive as the default export (and usually as named ones too).
  const keytar = imported.default ?? imported;
  if (typeof keytar.getPassword !== 'function') throw new Error('keytar module has no getPassword()');
  return keytar;
}

export function parseStoredCredentials(secret: string | null): StoredCredentials | null {
  if (!secret) return null;
  try {
    const value: unknown = JSON.parse(secret);
    if (
      value !== null &&
      typeof value === 'object' &&
      typeof (value as StoredCredentials).login === 'string' &&
      typeof (value as StoredCredentials).password === 'string'
    ) {
      return { login: (value as StoredCredentials).login, password: (value as StoredCredentials).password };
    }
  } catch {
    // Not ours or corrupted: treat as nothing saved.
  }
  return null;
}

export function createKeychain(options: KeychainOptions = {}): Keychain {
  const {
    loadKeytar = importKeytar,
    service = KEYCHAIN_SERVICE,
    account = KEYCHAIN_ACCOUNT,
    warn = (message: string) => console.warn(message),
  } = options;

  let keytarPromise: Promise<KeytarLike | null> | undefined;

  /** keytar once loaded and probed, or null when the keychain is not usable on this machine. */
  function keytar(): Promise<KeytarLike | null> {
    keytarPromise ??= (async () => {
      try {
        const loaded = await loadKeytar();
        // Loading can succeed while the keychain itself is unreachable (e.g. no secret service on
        // Linux); one harmless read tells.
        await loaded.getPassword(service, account);
        return loaded;
      } catch (error) {
        warn(`OS keychain is not available, saved logins are disabled: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    })();
    return keytarPromise;
  }

  return {
    async available() {
      return (await keytar()) !== null;
    },
    async load() {
      const k = await keytar();
      if (!k) return null;
      try {
        return parseStoredCredentials(await k.getPassword(service, account));
      } catch (error) {
        warn(`Could not read the saved login: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
    async save(credentials) {
      const k = await keytar();
      if (!k) return;
      await k.setPassword(service, account, JSON.stringify({ login: credentials.login, password: credentials.password }));
    },
    async clear() {
      const k = await keytar();
      if (!k) return;
      await k.deletePassword(service, account);
    },
  };
}
