/**
 * While the database is known to be down, every API request answers 503 with the Russian message at
 * once (`Retry-After` says when to try again), instead of each request waiting for a connection that
 * cannot come. The state and the recovery are in server/database/database-availability.ts.
 */
import type { NextFunction, Request, Response } from 'express';
import { API_PREFIX } from '../../../shared/api.js';
import type { DatabaseAvailability } from '../../database/database-availability.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from './errors.js';

const HEALTH_PATH = `${API_PREFIX}/health`;

/**
 * The 503 reply, shared by the gate below and the exception filter. /api/health says it in its own
 * terms too: `{status: 'unavailable', message}` beside its usual `{status: 'ok'}`.
 */
export function sendDatabaseUnavailable(request: Request, response: Response): void {
  const isHealth = request.originalUrl.split('?')[0] === HEALTH_PATH;
  response
    .status(503)
    .setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
    .json(databaseUnavailable(isHealth ? { status: 'unavailable' } : {}).getResponse());
}

/** Express middleware for the /api prefix. */
export function databaseGate(availability: DatabaseAvailability) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (availability.available) return next();
    sendDatabaseUnavailable(request, response);
  };
}
