/**
 * The desktop boot sequence, with its dependencies passed in so tests can check the order:
 * Electron ready → API server started → health check answered → window created → loadURL(server URL).
 * Any failure shows one error dialog, stops the server if it was started, and rejects.
 */
import type { RunningServer } from '../server/bootstrap.js';

export interface BootWindow {
  loadURL(url: string): Promise<void>;
}

export interface BootDeps<W extends BootWindow> {
  whenReady(): Promise<unknown>;
  startServer(): Promise<RunningServer>;
  waitForHealth(url: string): Promise<void>;
  createWindow(url: string): W;
  showError(title: string, content: string): void;
}

export interface Booted<W extends BootWindow> {
  server: RunningServer;
  window: W;
}

export type BootStage = 'server' | 'health' | 'window';

export class BootError extends Error {
  constructor(
    readonly stage: BootStage,
    cause: unknown,
  ) {
    super(`Boot failed at stage "${stage}": ${describe(cause)}`, { cause });
    this.name = 'BootError';
  }
}

export const BOOT_ERROR_TITLE = 'Тур Бэк-офис: не удалось запустить приложение';

const STAGE_TEXT: Record<BootStage, string> = {
  server: 'Не удалось запустить встроенный сервер приложения (база данных или сетевой порт).',
  health: 'Встроенный сервер приложения запустился, но не отвечает на проверку состояния.',
  window: 'Не удалось открыть окно приложения.',
};

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A failure that carries its own explanation for the user (the server's DatabaseStartError: the
 * embedded database did not start, or another copy of the app holds the data folder). Checked by
 * shape so this module does not load the server's database code.
 */
function userMessageOf(error: unknown): string | undefined {
  const message = (error as { userMessage?: unknown } | null)?.userMessage;
  return typeof message === 'string' ? message : undefined;
}

export async function boot<W extends BootWindow>(deps: BootDeps<W>): Promise<Booted<W>> {
  await deps.whenReady();

  let stage: BootStage = 'server';
  let server: RunningServer | undefined;
  try {
    server = await deps.startServer();
    stage = 'health';
    await deps.waitForHealth(server.url);
    stage = 'window';
    const window = deps.createWindow(server.url);
    await window.loadURL(server.url);
    return { server, window };
  } catch (cause) {
    const error = new BootError(stage, cause);
    console.error(error.message);
    deps.showError(
      BOOT_ERROR_TITLE,
      userMessageOf(cause) ??
        `${STAGE_TEXT[stage]}\n\n${describe(cause)}\n\n` +
          'Если используется общая база данных, проверьте переменную DATABASE_URL и доступность сервера PostgreSQL.',
    );
    if (server) {
      await server.close().catch((closeError: unknown) => {
        console.error('Could not stop the server after a failed start:', closeError);
      });
    }
    throw error;
  }
}
