/**
 * The one interface the Electron preload exposes to the renderer as `window.desktop`.
 * It covers only what a web page cannot do itself; everything else goes over HTTP to the API.
 * `main/` implements it (IPC handlers), `main/preload.cts` forwards it, and the renderer
 * falls back to browser behaviour when `window.desktop` is absent (serve mode).
 */

export interface SaveFileRequest {
  /** File name offered in the save dialog, e.g. `clients.xlsx`. */
  defaultName: string;
  /** File contents. */
  data: Uint8Array;
  /** Dialog filters, e.g. `[{ name: 'Excel', extensions: ['xlsx'] }]`. */
  filters?: { name: string; extensions: string[] }[];
}

export type SaveFileResult = { saved: true; path: string } | { saved: false };

export interface StoredCredentials {
  login: string;
  password: string;
}

export interface DesktopBridge {
  /** Shows the native save dialog and writes the file where the user chose. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** The OS keychain (keytar). `available()` is false when keytar cannot load; the UI then hides the option. */
  credentials: {
    available(): Promise<boolean>;
    load(): Promise<StoredCredentials | null>;
    save(credentials: StoredCredentials): Promise<void>;
    clear(): Promise<void>;
  };
  /** The installed application's version. */
  appVersion(): Promise<string>;
}

/** IPC channel names, one per bridge call; shared so main and preload cannot drift apart. */
export const DESKTOP_CHANNELS = {
  saveFile: 'desktop:save-file',
  credentialsAvailable: 'desktop:credentials-available',
  credentialsLoad: 'desktop:credentials-load',
  credentialsSave: 'desktop:credentials-save',
  credentialsClear: 'desktop:credentials-clear',
  appVersion: 'desktop:app-version',
} as const;

/** Service name under which credentials are kept in the OS keychain. */
export const KEYCHAIN_SERVICE = 'tour-backoffice';

declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}
