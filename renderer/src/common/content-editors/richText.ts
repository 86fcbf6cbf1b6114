/**
 * The pure logic of the rich-text editor and the uploaders: link addresses, table sizes within the
 * spec's limits, and the message a failed upload shows. Plain TypeScript for the unit tests.
 */
import { RICH_TEXT_LIMITS } from '../../../../shared/files';

/** Link schemes the editor writes; anything else (javascript:, data:, file:) is refused. */
const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

/**
 * The address a typed link becomes, or null when it cannot be a safe link:
 * `example.ru/page` → `https://example.ru/page`; `/cities` and `#faq` stay as they are;
 * `info@example.ru` → `mailto:info@example.ru`; `javascript:…` → null.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  if (text.startsWith('#')) return text;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme) {
    if (!ALLOWED_SCHEMES.includes(`${scheme}:`)) return null;
    if (scheme === 'http' || scheme === 'https') {
      try {
        const url = new URL(text);
        return url.hostname ? text : null;
      } catch {
        return null;
      }
    }
    return text.length > scheme.length + 1 ? text : null;
  }
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(text)) return `mailto:${text}`;
  const candidate = `https://${text.replace(/^\/\//, '')}`;
  try {
    const url = new URL(candidate);
    return url.hostname.includes('.') ? candidate : null;
  } catch {
    return null;
  }
}

const clamp = (value: number, min: number, max: number, fallback: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;

/** A table size within the spec's limits: columns 1–10, rows 1–30 (spec 01 §5). */
export function clampTableSize(size: { rows: number; cols: number }): { rows: number; cols: number } {
  const { tableRows: rows, tableColumns: cols } = RICH_TEXT_LIMITS;
  return {
    rows: clamp(size.rows, rows.min, rows.max, rows.default),
    cols: clamp(size.cols, cols.min, cols.max, cols.default),
  };
}

/** The caption an inserted image starts with: its file name without the extension. */
export function altFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).slice(0, 50);
}
