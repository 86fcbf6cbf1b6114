import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES } from '../../../shared/messages.js';
import { DatabaseAvailability } from '../../database/database-availability.js';
import { LogService } from '../../logs/log.service.js';
import { sendDatabaseUnavailable } from './database-unavailable.js';

/**
 * Every error leaves the API in the contract's shape: `{message}` (plus `errors` for 422).
 * Anything unexpected is a 500 with a generic message; its stack goes to the logs table, never to the client.
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

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const payload =
        typeof body === 'object' && body !== null && 'message' in body && !('statusCode' in body)
          ? body
          : { message: typeof body === 'string' ? body : exception.message };
      response.status(status).json(payload);
      return;
    }

    const databaseDown = await this.availability.explains(exception);
    await this.logs
      .error('http', `${request.method} ${request.originalUrl}`, exception, { user_id: request.user?.id ?? null })
      .catch(() => undefined);
    if (databaseDown) sendDatabaseUnavailable(request, response);
    else response.status(500).json({ message: MESSAGES.http.serverError });
  }
}
