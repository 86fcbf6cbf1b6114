/**
 * Frozen for migration 1764300000000-StoredContent: the rich-text allow-list of
 * server/common/input/rich-text.ts as it was on 2026-11-24 (see ./README.md) — what the editor
 * (TipTap's StarterKit with headings H1–H4, links, TableKit, Image) wrote then. Everything else is
 * dropped, keeping its text. sanitize-html does the parsing and is loaded on first use, as in the
 * server: importing the migrations at start-up must not load it (server/startup.test.ts).
 */
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

type SanitizeHtml = typeof sanitizeHtml;
let loaded: { sanitize: SanitizeHtml; options: sanitizeHtml.IOptions } | undefined;

function sanitizer() {
  if (!loaded) {
    const sanitize = createRequire(import.meta.url)('sanitize-html') as SanitizeHtml;
    loaded = { sanitize, options: { ...OPTIONS, selfClosing: [...sanitize.defaults.selfClosing, 'col'] } };
  }
  return loaded;
}

/** Sizes TipTap writes into table and column styles (`min-width: 25px`, `width: 120px`). */
const PIXELS = [/^\d{1,5}(?:\.\d{1,3})?px$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'hr', 'ul', 'ol', 'li',
    'a', 'img', 'table', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
    table: ['style'],
    col: ['style', 'width'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedStyles: {
    table: { width: PIXELS, 'min-width': PIXELS },
    col: { width: PIXELS, 'min-width': PIXELS },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // selfClosing: sanitize-html's defaults and `col`, added when it is loaded (sanitizer()).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } },
  },
};

/** The HTML with everything outside the 2026-11 allow-list removed. Idempotent. */
export function sanitizeRichText202611(html: string): string {
  const { sanitize, options } = sanitizer();
  return sanitize(html, options);
}
