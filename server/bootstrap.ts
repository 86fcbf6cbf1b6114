/**
 * Starts the whole back-end in this process: database (embedded or central), migrations under an
 * advisory lock, the first administrator from the environment, the NestJS API under /api and the
 * built renderer at /. Used by serve mode (server/serve.ts), the Electron main process and tests.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PREFIX } from '../shared/api.js';
import { AppModule, PAYLOAD_ROUTES } from './app.module.js';
import { payloadBodyParser } from './common/aggregate/payload.js';
import { databaseGate } from './common/http/database-unavailable.js';
import { useBodyParsers } from './common/input/body-parsers.js';
import { answerParserErrors } from './common/http/parser-errors.js';
import { applySecurityEdge } from './common/security/security-edge.js';
import { readConfig, type ConfigOverrides } from './config.js';
import { SupplierDoor } from './common/security/supplier-door.js';
import { DatabaseAvailability } from './database/database-availability.js';
import { reportDatabaseEvents } from './database/database-events.js';
import { createDataSource, migrateWithLock } from './database/data-source.js';
import { loadSecretKey } from './common/secrets.js';
import { ProbeConnection } from './database/probe-connection.js';
import { connectionDisciplineRequested, installConnectionDiscipline } from './database/connection-discipline.js';
import { centralDatabase, startEmbeddedDatabase, type RunningDatabase } from './database/embedded-database.js';
import { LogFile } from './logs/log-file.js';
import { rendererFiles } from './static-files/renderer-files.js';
import { LogService } from './logs/log.service.js';
import { UsersService } from './users/users.service.js';
import { preloadXlsxWriter } from './exports/xlsx.js';

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

// This code runs from a bundle file in dist/chunks/ (scripts/bundle-node.mjs), a sibling of dist/renderer.
const DEFAULT_RENDERER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../renderer');

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = readConfig(options, options.env);
  // Tests run with the connection rules enforced (server/database/connection-discipline.ts).
  if (connectionDisciplineRequested()) installConnectionDiscipline();
  const database: RunningDatabase = config.databaseUrl ? centralDatabase(config.databaseUrl) : await startEmbeddedDatabase(config.dataDir);

  // Set once the API is up; until then a database that goes away fails the start instead.
  let availability: DatabaseAvailability | undefined;
  const dataSource = createDataSource(database.url, {
    poolSize: config.databasePoolSize,
    onConnectionError: (error) => availability?.markUnavailable(error),
  });
  let applied: string[];
  try {
    await dataSource.initialize();
    applied = await migrateWithLock(dataSource);
    await loadSecretKey(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    await database.stop();
    throw error;
  }

  // Health and the outage checks ask on a connection of their own: a pool busy with slow requests is
  // not a database outage, and health must answer while it is busy (ARCHITECTURE.md §7 "Connections").
  const probe = new ProbeConnection(database.url);
  availability = new DatabaseAvailability({ probe: () => probe.probe(), database });
  const logFile = LogFile.inDataDir(config.dataDir);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(dataSource, config, { availability, logFile, probe }), {
    logger: ['error', 'warn'],
    // Registered below, after the CSRF check, with the JSON depth capped (common/input/body-parsers.ts).
    bodyParser: false,
    // Route order (ARCHITECTURE.md §7): static segments are matched before parameters whatever the
    // module, so `/hotels/meals` is never taken for `/hotels/:id`. Routes of the same shape keep the
    // order of their modules: a feature's own route (the multipart POST /agencies/files) still wins
    // over the generic one of the same method and path.
    routeResolutionStrategy: 'specificity',
  });
  applySecurityEdge(app, config);
  // A query string too long for Node's parser: the JSON refusal, not Node's empty 431.
  answerParserErrors(app.getHttpServer());
  // While the database is down, the API answers 503 at once (after the security checks).
  app.use(API_PREFIX, databaseGate(availability));
  // Big editors' `{payload}` bodies up to 5 MB; every other JSON body keeps the 100 KB default.
  app.use(payloadBodyParser(PAYLOAD_ROUTES.map((route) => `${API_PREFIX}${route}`)));
  useBodyParsers(app);
  app.setGlobalPrefix(API_PREFIX.slice(1));
  // The renderer: precompressed files, immutable caching of hashed names, index.html for the rest.
  app.use(rendererFiles(options.rendererDir ?? DEFAULT_RENDERER_DIR));

  // Notable events go to the logs table (spec 01 §2.13), where staff see them on /logs.
  const logs = app.get(LogService);
  reportDatabaseEvents(availability, database, logs, logFile);
  if (applied.length > 0) await logs.write('notice', 'database', 'Применены миграции базы данных', applied.join('\n'), { migrations: applied });
  if (await app.get(UsersService).ensureFirstAdministrator(config.firstAdministrator)) {
    await logs.write('notice', 'auth', 'Создан первый администратор', '', { email: config.firstAdministrator?.email });
  }
  const shutdown = async () => {
    availability?.close();
    await app.close();
    await dataSource.destroy().catch(() => undefined);
    await probe.close();
    await database.stop();
  };
  try {
    await app.listen(config.port, config.host);
  } catch (error) {
    // A module that refuses to start (e.g. an invalid IMPORTS_CRON) fails the start and leaves nothing open.
    await shutdown().catch(() => undefined);
    throw error;
  }

  preloadXlsxWriter();
  const { port } = app.getHttpServer().address() as AddressInfo;
  // The API's own host:port is never a supplier (issue 37).
  app.get(SupplierDoor).listening(config.host, port);
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => (closing ??= shutdown()),
  };
}
