/**
 * Starts the whole back-end in this process: database (embedded or central), migrations under an
 * advisory lock, the first administrator from the environment, the NestJS API under /api and the
 * built renderer at /. Used by serve mode (server/serve.ts), the Electron main process and tests.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../shared/api.js';
import { CONTENT_SECURITY_POLICY } from '../shared/security.js';
import { AppModule } from './app.module.js';
import { csrfProtection } from './common/auth/csrf.js';
import { useBodyParsers } from './common/input/body-parsers.js';
import { readConfig, type ConfigOverrides } from './config.js';
import { createDataSource, migrateWithLock } from './database/data-source.js';
import { startEmbeddedDatabase, type RunningDatabase } from './database/embedded-database.js';
import { LogService } from './logs/log.service.js';
import { UsersService } from './users/users.service.js';

export interface ServerOptions extends ConfigOverrides {
  /** Folder of the built renderer; default dist/renderer next to this file's folder. */
  rendererDir?: string;
  /** Environment to read configuration from; default process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:53211 */
  url: string;
  port: number;
  close(): Promise<void>;
}

const DEFAULT_RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../renderer');

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = readConfig(options, options.env);
  const database: RunningDatabase = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await startEmbeddedDatabase(config.dataDir);

  const dataSource = createDataSource(database.url);
  let applied: string[];
  try {
    await dataSource.initialize();
    applied = await migrateWithLock(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    await database.stop();
    throw error;
  }

  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(dataSource, config), {
    logger: ['error', 'warn'],
    // Registered below, after the CSRF check, with the JSON depth capped (common/input/body-parsers.ts).
    bodyParser: false,
  });
  app.set('trust proxy', false);
  app.disable('x-powered-by');
  app.use(cookieParser());
  app.use((_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(API_PREFIX, csrfProtection);
  useBodyParsers(app);
  app.setGlobalPrefix(API_PREFIX.slice(1));
  serveRenderer(app, options.rendererDir ?? DEFAULT_RENDERER_DIR);

  // Notable events go to the logs table (spec 01 §2.13), where staff see them on /logs.
  const logs = app.get(LogService);
  if (applied.length > 0) await logs.write('notice', 'database', 'Применены миграции базы данных', applied.join('\n'), { migrations: applied });
  if (await app.get(UsersService).ensureFirstAdministrator(config.firstAdministrator)) {
    await logs.write('notice', 'auth', 'Создан первый администратор', '', { email: config.firstAdministrator?.email });
  }
  await app.listen(config.port, config.host);

  const { port } = app.getHttpServer().address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await dataSource.destroy().catch(() => undefined);
        await database.stop();
      })()),
  };
}

/** The renderer's files, and index.html for every other non-API GET (history-mode routes). */
function serveRenderer(app: NestExpressApplication, rendererDir: string): void {
  const indexFile = path.join(rendererDir, 'index.html');
  app.useStaticAssets(rendererDir, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || request.path === API_PREFIX || request.path.startsWith(`${API_PREFIX}/`)) return next();
    if (!existsSync(indexFile)) {
      response.status(503).type('text/plain').send('The renderer is not built: run `npm run build`.');
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}
