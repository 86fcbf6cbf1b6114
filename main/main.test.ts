/**
 * main.ts wired to a fake `electron` (the real runtime cannot load here) and a fake server/bootstrap.
 * Each test imports main.ts afresh, as Electron would run it, and watches what it does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../shared/desktop-bridge.js';
import { CONTENT_SECURITY_POLICY } from '../shared/security.js';

type Listener = (...args: any[]) => unknown;

const h = vi.hoisted(() => {
  class Emitter {
    listeners = new Map<string, Listener[]>();
    on(event: string, listener: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    once(event: string, listener: Listener) {
      return this.on(event, listener);
    }
    emit(event: string, ...args: unknown[]) {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    }
  }

  function makeElectron(events: string[], options: { lock: boolean }) {
    const app = Object.assign(new Emitter(), {
      requestSingleInstanceLock: vi.fn(() => options.lock),
      quit: vi.fn(),
      exit: vi.fn(),
      whenReady: vi.fn(async () => {
        events.push('ready');
      }),
      paths: new Map<string, string>(),
      getPath: vi.fn(function (this: { paths: Map<string, string> }, name: string) {
        return this.paths.get(name) ?? `/fake/${name}`;
      }),
      setPath: vi.fn(function (this: { paths: Map<string, string> }, name: string, value: string) {
        this.paths.set(name, value);
      }),
      getVersion: vi.fn(() => '0.1.0'),
      getName: vi.fn(() => 'Тур Бэк-офис'),
    });

    const windows: FakeBrowserWindow[] = [];
    class FakeBrowserWindow extends Emitter {
      webContents = Object.assign(new Emitter(), {
        openHandler: undefined as undefined | ((details: { url: string }) => { action: string }),
        setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
          this.openHandler = handler;
        },
      });
      minimized = false;
      loadURL = vi.fn(async (url: string) => {
        events.push(`loadURL ${url}`);
      });
      isDestroyed = () => false;
      isMinimized = () => this.minimized;
      isVisible = () => true;
      restore = vi.fn(() => {
        this.minimized = false;
      });
      show = vi.fn();
      focus = vi.fn();
      constructor(readonly options: any) {
        super();
        events.push('window created');
        windows.push(this);
      }
    }

    const session = {
      defaultSession: {
        webRequest: { onHeadersReceived: vi.fn() },
        setPermissionRequestHandler: vi.fn(),
      },
    };
    const ipcMain = { handle: vi.fn() };
    const dialog = { showErrorBox: vi.fn(), showSaveDialog: vi.fn() };
    const shell = { openExternal: vi.fn(async () => {}) };
    return { app, BrowserWindow: FakeBrowserWindow, windows, session, ipcMain, dialog, shell };
  }

  return {
    makeElectron,
    electron: undefined as unknown as ReturnType<typeof makeElectron>,
    startServer: vi.fn(),
  };
});

vi.mock('electron', () => ({
  get app() {
    return h.electron.app;
  },
  get BrowserWindow() {
    return h.electron.BrowserWindow;
  },
  get session() {
    return h.electron.session;
  },
  get ipcMain() {
    return h.electron.ipcMain;
  },
  get dialog() {
    return h.electron.dialog;
  },
  get shell() {
    return h.electron.shell;
  },
}));

vi.mock('../server/bootstrap.js', () => ({ startServer: h.startServer }));

/** A local HTTP server standing in for the API. */
let api: { url: string; stop(): Promise<void> } | undefined;
async function startFakeApi(events: string[], answers: number[]) {
  const server = http.createServer((req, res) => {
    const status = req.url === '/api/health' ? (answers.shift() ?? 200) : 404;
    events.push(`${req.url} ${status}`);
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return url;
}

let events: string[];
let serverClose: ReturnType<typeof vi.fn<() => Promise<void>>>;

/** Sets up the fakes; `url` is what startServer reports. */
function setUp(options: { lock?: boolean; url?: string } = {}) {
  h.electron = h.makeElectron(events, { lock: options.lock ?? true });
  serverClose = vi.fn(async () => {
    events.push('server closed');
  });
  h.startServer.mockImplementation(async () => {
    events.push('server started');
    return { url: options.url ?? 'http://127.0.0.1:1', port: 1, close: serverClose };
  });
}

async function importMain() {
  vi.resetModules();
  await import('./main.js');
}

beforeEach(() => {
  events = [];
  h.startServer.mockReset();
  vi.stubEnv('DATA_DIR', '');
  vi.stubEnv('DATABASE_URL', undefined);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.doUnmock('./health.js');
  vi.restoreAllMocks();
  await api?.stop();
  api = undefined;
});

describe('desktop boot', () => {
  it('starts the server, waits for /api/health to answer 200, then opens a sandboxed window on the server URL', async () => {
    const url = await startFakeApi(events, [503, 200]);
    setUp({ url });

    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));

    expect(events).toEqual([
      'ready',
      'server started',
      '/api/health 503',
      '/api/health 200',
      'window created',
      `loadURL ${url}`,
    ]);
    expect(h.startServer).toHaveBeenCalledWith({
      host: '127.0.0.1',
      port: 0,
      // ASCII folder name under appData, not the Cyrillic productName (PostgreSQL on Windows).
      dataDir: '/fake/appData/tour-backoffice',
      databaseUrl: undefined,
    });

    const [window] = h.electron.windows;
    const prefs = window!.options.webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.preload).toMatch(/[\\/]preload\.cjs$/);
    expect(window!.loadURL).toHaveBeenCalledWith(url);
    expect(h.electron.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('passes DATA_DIR and DATABASE_URL from the environment to the server', async () => {
    vi.stubEnv('DATA_DIR', '/srv/tour-data');
    vi.stubEnv('DATABASE_URL', 'postgres://office@db.local/tours');
    const url = await startFakeApi(events, []);
    setUp({ url });
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));
    expect(h.startServer).toHaveBeenCalledWith({
      host: '127.0.0.1',
      port: 0,
      dataDir: '/srv/tour-data',
      databaseUrl: 'postgres://office@db.local/tours',
    });
  });

  it('enforces the shared Content-Security-Policy on responses, replacing the one a response brings', async () => {
    const url = await startFakeApi(events, []);
    setUp({ url });
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));

    const onHeadersReceived = h.electron.session.defaultSession.webRequest.onHeadersReceived;
    expect(onHeadersReceived).toHaveBeenCalledTimes(1);
    const listener = onHeadersReceived.mock.calls[0]![0] as Listener;
    const callback = vi.fn();
    listener({ url, responseHeaders: { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it('keeps the window on the app origin and sends foreign http(s) links to the OS browser', async () => {
    const url = await startFakeApi(events, []);
    setUp({ url });
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));
    const contents = h.electron.windows[0]!.webContents;

    expect(contents.openHandler!({ url: 'https://example.com/hotel' })).toEqual({ action: 'deny' });
    expect(h.electron.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(h.electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/hotel');
    // An app link asking for a new tab opens a second window of the app, made like the first and guarded the same way.
    expect(contents.openHandler!({ url: `${url}/applications/1/edit` })).toEqual({ action: 'deny' });
    expect(h.electron.windows).toHaveLength(2);
    const second = h.electron.windows[1]!;
    expect(second.options.webPreferences).toEqual(h.electron.windows[0]!.options.webPreferences);
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}/applications/1/edit`));
    expect(second.webContents.openHandler!({ url: 'https://example.com/map' })).toEqual({ action: 'deny' });
    expect(h.electron.shell.openExternal).toHaveBeenLastCalledWith('https://example.com/map');
    expect(h.electron.shell.openExternal).toHaveBeenCalledTimes(2);

    const foreign = { url: 'https://evil.example/', preventDefault: vi.fn() };
    contents.emit('will-navigate', foreign);
    expect(foreign.preventDefault).toHaveBeenCalled();
    const fileUrl = { url: 'file:///etc/passwd', preventDefault: vi.fn() };
    contents.emit('will-navigate', fileUrl);
    expect(fileUrl.preventDefault).toHaveBeenCalled();
    expect(h.electron.shell.openExternal).toHaveBeenCalledTimes(3);
    const own = { url: `${url}/hotels`, preventDefault: vi.fn() };
    contents.emit('will-navigate', own);
    expect(own.preventDefault).not.toHaveBeenCalled();
  });

  it('registers an IPC handler for every bridge channel, answering only the app page', async () => {
    const url = await startFakeApi(events, []);
    setUp({ url });
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));

    const handle = h.electron.ipcMain.handle;
    const channels = handle.mock.calls.map((call) => call[0] as string);
    expect(channels.sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
    const appVersion = handle.mock.calls.find((call) => call[0] === DESKTOP_CHANNELS.appVersion)![1] as Listener;
    expect(await appVersion({ senderFrame: { url: `${url}/` } })).toBe('0.1.0');
    await expect(appVersion({ senderFrame: { url: 'https://evil.example/' } })).rejects.toThrow(/refused/);
  });
});

describe('desktop boot failure', () => {
  it('when the health check never answers: error dialog, no window, server stopped, exit code 1', async () => {
    vi.doMock('./health.js', () => ({
      waitForHealth: vi.fn(async (url: string) => {
        events.push('health timed out');
        throw new Error(`The server did not answer GET ${url}/api/health with 200 within 60 s`);
      }),
    }));
    setUp();

    await importMain();
    await vi.waitFor(() => expect(h.electron.app.exit).toHaveBeenCalled());

    expect(h.electron.app.exit).toHaveBeenCalledWith(1);
    expect(h.electron.dialog.showErrorBox).toHaveBeenCalledTimes(1);
    expect(h.electron.dialog.showErrorBox.mock.calls[0]![1]).toContain('/api/health');
    expect(h.electron.windows).toHaveLength(0);
    expect(serverClose).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['ready', 'server started', 'health timed out', 'server closed']);
  });
});

describe('single instance and quitting', () => {
  it('quits without starting a server when another instance holds the lock', async () => {
    setUp({ lock: false });
    await importMain();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(h.electron.app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(h.electron.app.quit).toHaveBeenCalled();
    expect(h.startServer).not.toHaveBeenCalled();
    expect(h.electron.app.whenReady).not.toHaveBeenCalled();
    expect(h.electron.windows).toHaveLength(0);
    expect(h.electron.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('brings the existing window back when a second instance is started', async () => {
    const url = await startFakeApi(events, []);
    setUp({ url });
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));
    const window = h.electron.windows[0]!;
    window.minimized = true;

    h.electron.app.emit('second-instance', {}, ['electron', '.'], '/');

    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(h.startServer).toHaveBeenCalledTimes(1);
  });

  it('quits when the window is closed and waits for the server to stop before quitting for real', async () => {
    const url = await startFakeApi(events, []);
    setUp({ url });
    let finishClose!: () => void;
    serverClose.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finishClose = () => {
            events.push('server closed');
            resolve();
          };
        }),
    );
    await importMain();
    await vi.waitFor(() => expect(events).toContain(`loadURL ${url}`));
    const app = h.electron.app;

    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(1);

    const willQuit = { preventDefault: vi.fn() };
    app.emit('will-quit', willQuit);
    expect(willQuit.preventDefault).toHaveBeenCalled();
    expect(serverClose).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.quit).toHaveBeenCalledTimes(1); // still waiting for the server

    finishClose();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2));

    // The second will-quit lets the app go.
    const again = { preventDefault: vi.fn() };
    app.emit('will-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
    expect(serverClose).toHaveBeenCalledTimes(1);
  });
});
