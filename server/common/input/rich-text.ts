/**
 * Rich text is sanitized on write (issue 8 "Stored content"): the public site reads the same
 * database and may not escape what our renderer escapes, so `<script>`, `onerror=`, `<iframe>` and
 * `javascript:` links never reach a row.
 *
 * The allow-list is what the rich-text editor (renderer/src/common/content-editors/RichTextEditor.tsx:
 * TipTap's StarterKit with headings H1–H4, links, TableKit, Image) writes, so the editor's own HTML
 * passes unchanged in meaning; anything else is dropped, keeping its text. sanitize-html
 * (a parser-based allow-list sanitizer, maintained for a decade and used by Apostrophe CMS) does the
 * parsing: a regular expression cannot sanitize HTML.
 *
 * Importing this module installs the sanitizer into the shared schemas (`richText()`,
 * `optionalRichText()` of shared/validation.ts), so every schema parsed on the server cleans its
 * rich-text fields. server/common/http/errors.ts (parseInput) imports it. sanitize-html itself (with
 * its HTML parser and postcss) is loaded when the first rich text is cleaned, not at start-up.
 */
import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';
import { installRichTextCleaner } from '../../../shared/validation.js';
import { FORBIDDEN_CONTROL_CHARACTERS } from './control-characters.js';

type SanitizeHtml = typeof sanitizeHtml;
let loaded: { sanitize: SanitizeHtml; options: sanitizeHtml.IOptions } | undefined;

/** sanitize-html and the options built from its defaults, on first use (synchronous: zod transforms are). */
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
    // StarterKit: paragraphs, line breaks, headings (H1–H4 in the editor), marks, lists, quotes, code.
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'hr', 'ul', 'ol', 'li',
    // Link, Image, TableKit.
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
  // The link schemes the editor accepts (richText.ts normalizeLink); relative links (/cities, #faq) stay.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // selfClosing: sanitize-html's defaults and `col`, added when it is loaded (sanitizer()).
  // An image left without a source (a `data:` one refused) is no image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  // Dropped with their content, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    // A link opening a new tab must not hand the site `window.opener` (the editor's own default rel).
    a: (tagName, attribs) =>
      attribs.target === undefined
        ? { tagName, attribs }
        : { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } },
  },
};

const CONTROL_CHARACTERS = new RegExp(FORBIDDEN_CONTROL_CHARACTERS.source, 'g');

/**
 * The HTML with everything outside the editor's allow-list removed. Idempotent. A control character
 * typed raw is refused before any schema runs (json-input.ts); one written as an entity (`&#7;`) is
 * decoded by the parser and dropped here, so stored rich text never holds one either.
 */
export function sanitizeRichText(html: string): string {
  const { sanitize, options } = sanitizer();
  return sanitize(html, options).replace(CONTROL_CHARACTERS, '');
}

installRichTextCleaner(sanitizeRichText);
