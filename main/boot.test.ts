import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../shared/messages.js';
import { DatabaseStartError } from '../server/database/embedded-database.js';
import { boot, BootError, type BootDeps } from './boot.js';
import { waitForHealth } from './health.js';

/** A local HTTP server standing in for the API; `respond` decides what /api/health answers. */
async function fakeApi(respond: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(respond);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

function recordingDeps(url: string, events: string[], overrides: Partial<BootDeps<{ loadURL(u: string): Promise<void> }>> = {}) {
  const close = vi.fn(async () => {
    events.push('server closed');
  });
  const deps: BootDeps<{ loadURL(u: string): Promise<void> }> = {
    whenReady: async () => {
      events.push('ready');
    },
    startServer: async () => {
      events.push('server started');
      return { url, port: Number(new URL(url).port), close };
    },
    waitForHealth: (healthUrl) => waitForHealth(healthUrl, { timeoutMs: 5_000, intervalMs: 20 }),
    createWindow: vi.fn((windowUrl: string) => {
      events.push(`window created for ${windowUrl}`);
      return {
        loadURL: vi.fn(async (loaded: string) => {
          events.push(`loadURL ${loaded}`);
        }),
      };
    }),
    showError: vi.fn(),
    ...overrides,
  };
  return { deps, close };
}

describe('boot sequence', () => {
  it('starts the server, waits for a 200 health answer, then creates the window and loads the server URL', async () => {
    const events: string[] = [];
    let healthCalls = 0;
    const api = await fakeApi((req, res) => {
      if (req.url !== '/api/health') {
        res.writeHead(404).end();
        return;
      }
      healthCalls += 1;
      // The first two probes find the server still warming up.
      const status = healthCalls <= 2 ? 503 : 200;
      events.push(`health ${status}`);
      res.writeHead(status).end();
    });
    stops.push(api.stop);

    const { deps } = recordingDeps(api.url, events);
    const booted = await boot(deps);

    expect(events).toEqual([
      'ready',
      'server started',
      'health 503',
      'health 503',
      'health 200',
      `window created for ${api.url}`,
      `loadURL ${api.url}`,
    ]);
    expect(booted.server.url).toBe(api.url);
    expect(booted.window.loadURL).toHaveBeenCalledWith(api.url);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('does not start the server before Electron is ready', async () => {
    const events: string[] = [];
    let ready!: () => void;
    const { deps } = recordingDeps('http://127.0.0.1:1', events, {
      whenReady: () => new Promise<void>((resolve) => (ready = resolve)),
      waitForHealth: async () => {},
    });
    const booting = boot(deps);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    ready();
    await booting;
    expect(events[0]).toBe('server started');
  });

  it('a health check that is never answered ends in an error dialog, a stopped server and no window', async () => {
    const events: string[] = [];
    // Accepts the connection and never responds.
    const api = await fakeApi(() => {});
    stops.push(api.stop);

    const { deps, close } = recordingDeps(api.url, events, {
      waitForHealth: (url) => waitForHealth(url, { timeoutMs: 400, intervalMs: 20, attemptTimeoutMs: 100 }),
    });

    const failure = await boot(deps).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(BootError);
    expect((failure as BootError).stage).toBe('health');
    expect(deps.createWindow).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledTimes(1);
    const [title, content] = vi.mocked(deps.showError).mock.calls[0]!;
    expect(title).toMatch(/не удалось запустить/i);
    expect(content).toContain('/api/health');
    expect(close).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['ready', 'server started', 'server closed']);
  });

  it('a server that only answers errors is a failure too', async () => {
    const api = await fakeApi((_req, res) => res.writeHead(500).end());
    stops.push(api.stop);
    const { deps } = recordingDeps(api.url, [], {
      waitForHealth: (url) => waitForHealth(url, { timeoutMs: 2_000, intervalMs: 20 }),
    });
    await expect(boot(deps)).rejects.toThrow(/HTTP 500/);
    expect(deps.createWindow).not.toHaveBeenCalled();
  });

  it('a server that fails to start shows the error and creates no window', async () => {
    const { deps } = recordingDeps('http://127.0.0.1:1', [], {
      startServer: async () => {
        throw new Error('could not initialise the embedded database');
      },
    });
    const failure = await boot(deps).catch((error: unknown) => error);
    expect((failure as BootError).stage).toBe('server');
    expect(vi.mocked(deps.showError).mock.calls[0]![1]).toContain('could not initialise the embedded database');
    expect(deps.createWindow).not.toHaveBeenCalled();
  });

  it('a database that cannot start is explained in the user’s words, without PostgreSQL’s log lines', async () => {
    const explanation = `${MESSAGES.database.embeddedStartFailed('/home/anna/.config/tour-backoffice')} ${MESSAGES.database.detailsIn('/home/anna/.config/tour-backoffice/logs/server.log')}`;
    const { deps } = recordingDeps('http://127.0.0.1:1', [], {
      startServer: async () => {
        throw new DatabaseStartError(explanation, 'FATAL:  could not create lock file "postmaster.pid": No space left on device');
      },
    });
    const failure = await boot(deps).catch((error: unknown) => error);
    expect((failure as BootError).stage).toBe('server');
    expect(deps.showError).toHaveBeenCalledWith(expect.stringMatching(/не удалось запустить/i), explanation);
    expect(deps.createWindow).not.toHaveBeenCalled();
  });
});
