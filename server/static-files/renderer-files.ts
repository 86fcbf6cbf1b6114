/**
 * The built renderer (dist/renderer) as a browser should get it (issue 9 "Renderer"):
 * - precompressed: the build writes `name.br` and `name.gz` beside each text file
 *   (renderer/precompress.ts); a reply is the brotli or gzip file when the browser accepts it, with
 *   Content-Encoding and `Vary: Accept-Encoding`, and the original otherwise;
 * - files whose names carry a content hash (Vite's `assets/` folder) are cached for good
 *   (`immutable`, a year): a new build has new names;
 * - index.html and other files without a hash are revalidated on every load (`no-cache` + ETag),
 *   so a new build reaches the next page load;
 * - every other GET outside /api answers index.html (history-mode routes), but a missing file under
 *   `assets/` is a 404: a page of an older build asking for a chunk that is gone must fail as such.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '../../shared/api.js';

/** Content encodings the build writes, in the order we prefer them (brotli is the smaller). */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;
type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Vite writes every file with a content hash in its name to this folder. */
const HASHED_FOLDER = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

interface RendererFile {
  file: string;
  /** The precompressed copies that exist beside it. */
  encoded: Partial<Record<Encoding, string>>;
  immutable: boolean;
}

/** The renderer's files by URL path; built once (the folder changes only with a new build). */
function listFiles(rendererDir: string): Map<string, RendererFile> {
  const files = new Map<string, RendererFile>();
  if (!existsSync(rendererDir)) return files;
  const compressed = new Set<string>(PRECOMPRESSED.map(({ extension }) => extension));
  for (const entry of readdirSync(rendererDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || compressed.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(rendererDir, file).split(path.sep).join('/')}`;
    const encoded: RendererFile['encoded'] = {};
    for (const { encoding, extension } of PRECOMPRESSED) if (existsSync(file + extension)) encoded[encoding] = file + extension;
    files.set(urlPath, { file, encoded, immutable: urlPath.startsWith(HASHED_FOLDER) });
  }
  return files;
}

/** The preferred precompressed copy the request accepts (Accept-Encoding, q-values honoured). */
export function chooseEncoding(acceptEncoding: string | undefined, available: Partial<Record<Encoding, string>>): Encoding | undefined {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (name) quality.set(name, q ? Number(q.slice(2)) : 1);
  }
  return PRECOMPRESSED.find(({ encoding }) => available[encoding] && (quality.get(encoding) ?? quality.get('*') ?? 0) > 0)?.encoding;
}

function send(request: Request, response: Response, next: NextFunction, file: RendererFile): void {
  const encoding = chooseEncoding(request.get('accept-encoding'), file.encoded);
  response.setHeader('Cache-Control', file.immutable ? IMMUTABLE : REVALIDATE);
  if (Object.keys(file.encoded).length > 0) response.setHeader('Vary', 'Accept-Encoding');
  // The type of the original (app.js), whichever copy goes out (app.js.br).
  response.type(path.extname(file.file));
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.sendFile(encoding ? file.encoded[encoding]! : file.file, { cacheControl: false }, (error) => {
    if (error && !response.headersSent) next(error);
  });
}

/** Serves the renderer from `rendererDir` for every GET and HEAD outside /api. */
export function rendererFiles(rendererDir: string): RequestHandler {
  let files = listFiles(rendererDir);
  return (request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.path === API_PREFIX || request.path.startsWith(`${API_PREFIX}/`)) return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.path);
    } catch {
      urlPath = request.path;
    }
    const file = files.get(urlPath);
    if (file) return send(request, response, next, file);
    if (urlPath.startsWith(HASHED_FOLDER)) {
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    // A server started before the first build picks the renderer up once it is built.
    if (!files.has('/index.html')) files = listFiles(rendererDir);
    const index = files.get('/index.html');
    if (!index) {
      response.status(503).type('text/plain').send('The renderer is not built: run `npm run build`.');
      return;
    }
    send(request, response, next, index);
  };
}
