import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES } from '../../../shared/messages.js';
import { DatabaseAvailability, isPoolBusy } from '../../database/database-availability.js';
import { LogService } from '../../logs/log.service.js';
import { clientErrorReply } from './client-errors.js';
import { sendDatabaseUnavailable } from './database-unavailable.js';

/**
 * Every error leaves the API in the contract's shape: `{message}` (plus `errors`, and `codes` where a refusal has one, for 422).
 * What the client caused is a 4xx with a Russian message and no error row (client-errors.ts); a
 * client gone mid-request, or a value only PostgreSQL refused, leaves a rate-limited warning.
 * Anything unexpected is a 500 with a generic message; its stack goes to the logs table (rate-limited
 * per kind by LogService), never to the client.
 * A database that cannot be reached is a 503 (the error then goes to the log file in DATA_DIR).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logs: LogService,
    private readonly availability: DatabaseAvailability,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    // One kind per route and failure, whatever the ids and query of the URL.
    const route = `${request.method} ${(request.route as { path?: string } | undefined)?.path ?? request.path}`;
    const meta = { user_id: request.user?.id ?? null, url: request.originalUrl.slice(0, 500) };

    const reply = clientErrorReply(exception, request);
    if (reply) {
      // Busy, or a database that hangs: a probe of its own tells (it never delays this reply).
      if (isPoolBusy(exception)) this.availability.noteBusy();
      const warn = () => {
        const words = exception instanceof Error ? exception.message : String(exception);
        const message = reply.note ? `${reply.note} (${words})` : words;
        return this.logs.write('warning', 'http', `${request.method} ${request.originalUrl}`, message, meta, { kind: `client:${route}` }).catch(() => undefined);
      };
      // A busy pool answers at once; its warning then waits its turn for a connection like anyone.
      if (reply.warn && !reply.warnAfterReply) await warn();
      for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
      response.status(reply.status).json(reply.body);
      if (reply.warn && reply.warnAfterReply) await warn();
      return;
    }

    const databaseDown = await this.availability.explains(exception);
    const name = exception instanceof Error ? exception.name : typeof exception;
    await this.logs
      .error('http', `${request.method} ${request.originalUrl}`, exception, meta, { kind: `error:${route}:${name}` })
      .catch(() => undefined);
    if (databaseDown) sendDatabaseUnavailable(request, response);
    else response.status(500).json({ message: MESSAGES.http.serverError });
  }
}
