/**
 * The main-process side of `window.desktop` (shared/desktop-bridge.ts): one handler per channel of
 * DESKTOP_CHANNELS. The handlers take their Electron pieces (dialog, app paths, keychain) as
 * dependencies, so they are tested without Electron; `registerBridgeHandlers` wires them to ipcMain.
 *
 * Arguments arrive from the renderer, so they are validated here rather than trusted.
 */
import path from 'node:path';
import { writeFile as fsWriteFile } from 'node:fs/promises';
import {
  DESKTOP_CHANNELS,
  type SaveFileRequest,
  type SaveFileResult,
  type StoredCredentials,
} from '../shared/desktop-bridge.js';
import type { Keychain } from './keychain.js';

export type ChannelKey = keyof typeof DESKTOP_CHANNELS;

/** Signature of each handler; indexing it by every ChannelKey makes a missing channel a compile error. */
interface HandlerSignatures {
  saveFile(request: unknown): Promise<SaveFileResult>;
  credentialsAvailable(): Promise<boolean>;
  credentialsLoad(): Promise<StoredCredentials | null>;
  credentialsSave(credentials: unknown): Promise<void>;
  credentialsClear(): Promise<void>;
  appVersion(): Promise<string>;
}

export type BridgeHandlers = { [K in ChannelKey]: HandlerSignatures[K] };

export interface SaveDialogOptions {
  defaultPath: string;
  filters?: { name: string; extensions: string[] }[];
}

export interface BridgeDeps {
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
  /** The folder the save dialog opens in (the user's Downloads or Documents folder). */
  defaultSaveDir(): string;
  keychain: Keychain;
  appVersion(): string;
  writeFile?: (filePath: string, data: Uint8Array) => Promise<void>;
}

/** A file name safe to offer in the dialog: no directories, no control or reserved characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters and the ones Windows forbids in file names, on purpose.
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned.slice(0, 200);
}

function isFilterList(value: unknown): value is { name: string; extensions: string[] }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (filter) =>
        filter !== null &&
        typeof filter === 'object' &&
        typeof filter.name === 'string' &&
        Array.isArray(filter.extensions) &&
        filter.extensions.every((extension: unknown) => typeof extension === 'string'),
    )
  );
}

/** Checks what the renderer sent; throws TypeError on anything that is not a SaveFileRequest. */
export function parseSaveFileRequest(value: unknown): SaveFileRequest {
  if (value === null || typeof value !== 'object') throw new TypeError('saveFile: the request must be an object');
  const { defaultName, data, filters } = value as Record<string, unknown>;
  if (typeof defaultName !== 'string') throw new TypeError('saveFile: defaultName must be a string');
  let bytes: Uint8Array;
  if (data instanceof Uint8Array) bytes = data;
  else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else throw new TypeError('saveFile: data must be a Uint8Array');
  if (filters !== undefined && !isFilterList(filters)) {
    throw new TypeError('saveFile: filters must be a list of {name, extensions}');
  }
  return { defaultName, data: bytes, filters };
}

export function parseCredentials(value: unknown): StoredCredentials {
  if (value === null || typeof value !== 'object') throw new TypeError('credentials.save: expected {login, password}');
  const { login, password } = value as Record<string, unknown>;
  if (typeof login !== 'string' || typeof password !== 'string') {
    throw new TypeError('credentials.save: login and password must be strings');
  }
  return { login, password };
}

export function createBridgeHandlers(deps: BridgeDeps): BridgeHandlers {
  const writeFile = deps.writeFile ?? ((filePath: string, data: Uint8Array) => fsWriteFile(filePath, data));
  return {
    async saveFile(raw) {
      const request = parseSaveFileRequest(raw);
      const result = await deps.showSaveDialog({
        defaultPath: path.join(deps.defaultSaveDir(), safeFileName(request.defaultName)),
        ...(request.filters && request.filters.length > 0 ? { filters: request.filters } : {}),
      });
      if (result.canceled || !result.filePath) return { saved: false };
      await writeFile(result.filePath, request.data);
      return { saved: true, path: result.filePath };
    },
    credentialsAvailable: () => deps.keychain.available(),
    credentialsLoad: () => deps.keychain.load(),
    async credentialsSave(raw) {
      await deps.keychain.save(parseCredentials(raw));
    },
    credentialsClear: () => deps.keychain.clear(),
    async appVersion() {
      return deps.appVersion();
    },
  };
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainLike<E> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => Promise<unknown>): void;
}

/**
 * Registers one ipcMain.handle per channel. Calls from a sender that `isTrusted` rejects (a frame
 * that is not the app's own page) fail without reaching the handler.
 */
export function registerBridgeHandlers<E>(
  ipcMain: IpcMainLike<E>,
  handlers: BridgeHandlers,
  isTrusted: (event: E) => boolean,
): void {
  for (const key of Object.keys(DESKTOP_CHANNELS) as ChannelKey[]) {
    const channel = DESKTOP_CHANNELS[key];
    const handler = handlers[key] as (...args: unknown[]) => Promise<unknown>;
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isTrusted(event)) throw new Error(`${channel}: refused, the caller is not the application page`);
      return handler(...args);
    });
  }
}
