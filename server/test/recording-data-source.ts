import { DataSource, type EntitySchema, type Logger } from 'typeorm';

/** A statement as TypeORM sent it. */
export interface SentStatement {
  query: string;
  parameters: unknown[];
}

/**
 * A DataSource of its own on the test database that records every statement it sends, for tests that
 * count a request's statements or EXPLAIN the one it sent. Destroy it when done.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export async function recordingDataSource(url: string, entities: (Function | EntitySchema)[]): Promise<{ engine: DataSource; sent: SentStatement[] }> {
  const sent: SentStatement[] = [];
  const logger: Logger = {
    logQuery: (query, parameters) => void sent.push({ query, parameters: (parameters as unknown[] | undefined) ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const engine = new DataSource({ type: 'postgres', url, entities, logging: ['query'], logger, extra: { max: 2 } });
  await engine.initialize();
  return { engine, sent };
}
