/**
 * Requests Node's HTTP parser refuses before express sees them: a request line or headers over
 * `maxHeaderSize` (a query string too long), a malformed request, headers that never finished.
 * Node answers them itself with an empty body; this writes the Russian `{message}` every other
 * refusal carries (issue 37 "Smaller").
 */
import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MESSAGES } from '../../../shared/messages.js';

/** The status and message of a parser error, by its code. */
export function parserErrorReply(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.input.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADER_TIMEOUT') return { status: 408, message: MESSAGES.input.requestTimeout };
  return { status: 400, message: MESSAGES.input.badRequest };
}

/** Answers the parser's refusals of `server` as JSON (its 'clientError' event; with a listener Node writes nothing itself). */
export function answerParserErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset connection, or one whose response has begun (a keep-alive's next request), gets nothing more.
    const started = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || started) {
      socket.destroy();
      return;
    }
    const { status, message } = parserErrorReply(error.code);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
