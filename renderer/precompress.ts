/**
 * Vite plugin of the renderer build: writes `name.br` (brotli, best quality) and `name.gz` (gzip -9)
 * beside every text file of the output, so the server sends a compressed file as it is
 * (server/static-files/renderer-files.ts) instead of compressing on every request or sending it raw.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text formats. Images and woff/woff2 fonts are compressed already; the ttf/eot copies of the icon
 * fonts are never fetched by Chromium (it takes woff2), so compressing them would only slow the build.
 */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not worth sending; the server falls back to the file itself.
  await Promise.all([br.length < content.length && writeFile(`${file}.br`, br), gz.length < content.length && writeFile(`${file}.gz`, gz)]);
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.has(path.extname(fileName)))
          .map((fileName) => compressFile(path.join(outDir, fileName))),
      );
    },
  };
}
