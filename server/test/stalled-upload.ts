/**
 * An upload that stalls: the multipart head and the first bytes of a video are sent, then nothing —
 * a large file over slow office Wi-Fi. Used by the connection-pool tests and the bench's bystander
 * scenario. `abort()` drops the connection as a closed laptop would.
 */
import http from 'node:http';
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/api.js';
import type { ApiClient } from './api-client.js';

export interface StalledUpload {
  /** The server's answer, when it gives one before the abort (a refusal: 429, 503, 422…). */
  answer: Promise<{ status: number; body: string } | null>;
  abort(): void;
}

/** Starts a `POST path` of a video `declaredBytes` long (type field `type`), sending only `sentBytes`. */
export function startStalledUpload(client: ApiClient, path: string, options: { type?: string; declaredBytes?: number; sentBytes?: number } = {}): StalledUpload {
  const declared = options.declaredBytes ?? 50 * 1024 * 1024;
  const sent = options.sentBytes ?? 64 * 1024;
  const boundary = `----stalled${Date.now()}${Math.random().toString(16).slice(2)}`;
  const typeField = options.type === undefined ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${options.type}\r\n`;
  const head = Buffer.from(`${typeField}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ролик.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = `\r\n--${boundary}--\r\n`;
  const cookies = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const request = http.request(new URL(path, client.baseUrl), {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': head.length + declared + tail.length,
      Cookie: cookies,
      [XSRF_HEADER]: decodeURIComponent(client.cookies.get(XSRF_COOKIE) ?? ''),
      Accept: 'application/json',
    },
  });
  const answer = new Promise<{ status: number; body: string } | null>((resolve) => {
    request.on('response', (response) => {
      let body = '';
      response.on('data', (piece) => (body += piece));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    request.on('close', () => setTimeout(() => resolve(null), 100));
  });
  const first = Buffer.alloc(sent);
  Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00', 'latin1').copy(first);
  request.write(head);
  request.write(first);
  return { answer, abort: () => request.destroy() };
}
