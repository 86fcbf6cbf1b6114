/**
 * Electron entry (package.json "main": dist/main/main.js). Wires the testable pieces to the real app:
 * single-instance lock → (ready) → in-process API server → health check → window on the server URL.
 * The window is sandboxed with a context-isolated preload (preload.cjs) exposing only `window.desktop`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, shell, type IpcMainInvokeEvent } from 'electron';
import type { RunningServer } from '../server/bootstrap.js';
import { APP_FOLDER_NAME } from '../server/config.js';
import { enableCompileCache, sinceProcessStart } from '../server/startup.js';
import { CONTENT_SECURITY_POLICY } from '../shared/security.js';
import { boot } from './boot.js';
import { createBridgeHandlers, registerBridgeHandlers } from './bridge-handlers.js';
import { waitForHealth } from './health.js';
import { createKeychain } from './keychain.js';
import { installNavigationGuards, isTrustedSender, originOf, withContentSecurityPolicy } from './window-security.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = path.join(here, 'preload.cjs');
/** The window icon when running from the project (Linux); packaged apps take theirs from the bundle. */
const ICON_PATH = path.join(here, '..', '..', 'resources', 'icon.png');
/** electron-builder.yml `appId`. */
const APP_USER_MODEL_ID = 'ru.tour-backoffice.app';
/** Budget for stopping the server (and the embedded PostgreSQL) when the app quits. */
const SERVER_CLOSE_TIMEOUT_MS = 15_000;

let mainWindow: BrowserWindow | null = null;
let server: RunningServer | null = null;
let appOrigin: string | null = null;

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  if (!mainWindow.isVisible()) mainWindow.show();
  mainWindow.focus();
}

/** Wraps the server so close() runs once however many paths (failed boot, quit) ask for it. */
function closingOnce(running: RunningServer): RunningServer {
  let closing: Promise<void> | undefined;
  return { ...running, close: () => (closing ??= running.close()) };
}

async function closeServer(): Promise<void> {
  const running = server;
  server = null;
  if (!running) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      running.close(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${SERVER_CLOSE_TIMEOUT_MS} ms`)), SERVER_CLOSE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    console.error('Could not stop the server cleanly:', error);
  } finally {
    clearTimeout(timer);
  }
}

let cspInstalled = false;
function installSessionPolicies(): void {
  if (cspInstalled) return;
  cspInstalled = true;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, CONTENT_SECURITY_POLICY) });
  });
  // A back-office page needs no camera, geolocation or notifications; copying to the clipboard
  // and full screen are all it may ask for.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write' || permission === 'fullscreen');
  });
}

/** A window of the app: sandboxed, the preload bridge, the navigation guards. */
function createAppWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: app.getName(),
    ...(existsSync(ICON_PATH) ? { icon: ICON_PATH } : {}),
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: PRELOAD_PATH,
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
    },
  });
  installNavigationGuards(window.webContents, () => appOrigin, (external) => shell.openExternal(external), openInAppWindow);
  window.once('ready-to-show', () => window.show());
  return window;
}

/** An app link opened in a new tab (the schedule's applications): a second window of the app, sharing the session. */
function openInAppWindow(url: string): void {
  createAppWindow()
    .loadURL(url)
    .catch((error: unknown) => console.warn(`Could not open ${url}:`, error));
}

function createMainWindow(url: string): BrowserWindow {
  appOrigin = originOf(url);
  installSessionPolicies();
  const window = createAppWindow();
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
  return window;
}

function defaultSaveDir(): string {
  for (const name of ['downloads', 'documents'] as const) {
    try {
      return app.getPath(name);
    } catch {
      // Not every system defines both folders.
    }
  }
  return app.getPath('home');
}

// The data folder gets the ASCII folder name, not the Cyrillic productName: PostgreSQL on Windows
// can fail on non-ASCII paths under non-Russian system locales. Set before anything reads userData.
app.setPath('userData', path.join(app.getPath('appData'), APP_FOLDER_NAME));

if (!app.requestSingleInstanceLock()) {
  // Another copy is running: it gets a 'second-instance' event and comes to the front.
  app.quit();
} else {
  // The compiled code of the bundles is kept in the data folder between starts, and the server's
  // modules load while Electron gets ready (issue 9 "Start-up"); the server itself starts after.
  enableCompileCache(path.join(app.getPath('userData'), 'compile-cache'));
  const serverModule = import('../server/bootstrap.js');
  // A failed import is reported by boot() (the 'server' stage), not as an unhandled rejection.
  serverModule.catch(() => undefined);

  // Windows groups taskbar buttons and notifications by this id; the NSIS installer uses the appId.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  app.on('second-instance', focusMainWindow);
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!server) return;
    event.preventDefault();
    void closeServer().finally(() => app.quit());
  });

  registerBridgeHandlers<IpcMainInvokeEvent>(
    ipcMain,
    createBridgeHandlers({
      showSaveDialog: (options) =>
        mainWindow && !mainWindow.isDestroyed() ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
      defaultSaveDir,
      keychain: createKeychain(),
      appVersion: () => app.getVersion(),
    }),
    (event) => isTrustedSender(event, appOrigin),
  );

  boot({
    whenReady: () => app.whenReady(),
    startServer: async () => {
      const { startServer } = await serverModule;
      const running = closingOnce(
        await startServer({
          host: '127.0.0.1',
          port: 0,
          dataDir: process.env.DATA_DIR?.trim() || app.getPath('userData'),
          // An empty DATABASE_URL means "not set": use the embedded database.
          databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
        }),
      );
      server = running;
      return running;
    },
    waitForHealth: (url) => waitForHealth(url),
    createWindow: createMainWindow,
    showError: (title, content) => dialog.showErrorBox(title, content),
  })
    .then(({ server: running }) => console.log(`Back-office window is ready at ${running.url}/ (ready in ${sinceProcessStart()} ms)`))
    .catch(async () => {
      // boot() has shown the error dialog and stopped the server.
      await closeServer();
      app.exit(1);
    });
}
