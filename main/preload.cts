/**
 * Preload of the sandboxed window: exposes exactly one object, `window.desktop` (DesktopBridge),
 * whose methods forward to the main process over the DESKTOP_CHANNELS. Nothing else — no
 * ipcRenderer, no generic invoke.
 *
 * CommonJS on purpose: a sandboxed preload cannot be an ES module and can require only 'electron'
 * at runtime, so shared code is imported for types only and the channel names are repeated here,
 * checked against DESKTOP_CHANNELS at compile time.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge, DESKTOP_CHANNELS } from '../shared/desktop-bridge.js';

// Must equal DESKTOP_CHANNELS key for key and value: a missing, extra or renamed channel fails to compile.
const CHANNELS = {
  saveFile: 'desktop:save-file',
  credentialsAvailable: 'desktop:credentials-available',
  credentialsLoad: 'desktop:credentials-load',
  credentialsSave: 'desktop:credentials-save',
  credentialsClear: 'desktop:credentials-clear',
  appVersion: 'desktop:app-version',
} as const satisfies typeof DESKTOP_CHANNELS;

const bridge: DesktopBridge = {
  saveFile: (request) =>
    ipcRenderer.invoke(CHANNELS.saveFile, {
      defaultName: request.defaultName,
      data: request.data,
      filters: request.filters,
    }),
  credentials: {
    available: () => ipcRenderer.invoke(CHANNELS.credentialsAvailable),
    load: () => ipcRenderer.invoke(CHANNELS.credentialsLoad),
    save: (credentials) =>
      ipcRenderer.invoke(CHANNELS.credentialsSave, { login: credentials.login, password: credentials.password }),
    clear: () => ipcRenderer.invoke(CHANNELS.credentialsClear),
  },
  appVersion: () => ipcRenderer.invoke(CHANNELS.appVersion),
};

contextBridge.exposeInMainWorld('desktop', bridge);
