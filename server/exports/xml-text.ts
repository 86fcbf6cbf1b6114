/**
 * What every export writer (xlsx.ts, docx.ts) does to text before it becomes XML: XML 1.0 holds tab,
 * line feed, carriage return and the characters from U+0020 up, but not the other C0 controls,
 * U+FFFE, U+FFFF or half of a surrogate pair. One of them in a cell or a run makes the whole file
 * invalid XML, which Word and Excel refuse to open. Input is refused with them since issue 15
 * (server/common/input/json-input.ts), but rows stored before that, or written by other programs
 * sharing the database, still hold them — so the writers drop them, here, in one place.
 */

/** Characters XML 1.0 cannot hold (a surrogate only when it is not half of a pair). */
// eslint-disable-next-line no-control-regex -- matching what XML forbids is this helper's purpose
export const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const XML_FORBIDDEN_ALL = new RegExp(XML_FORBIDDEN.source, 'g');

/** The text without the characters XML 1.0 cannot hold (the same string when it has none). */
export function xmlSafeText(text: string): string {
  return XML_FORBIDDEN.test(text) ? text.replace(XML_FORBIDDEN_ALL, '') : text;
}

/** Parts of an OOXML package that are XML text (the rest — images, fonts — are left as they are). */
const XML_PART = /\.(xml|rels)$/i;

/**
 * An OOXML package (docx, xlsx) built by a library that escapes `<` and `&` but not the characters
 * XML forbids (the `docx` package): each XML part without them. A package that has none is returned
 * as it is, without being unzipped and zipped again.
 */
export async function xmlSafePackage(buffer: Buffer): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(buffer);
  let changed = false;
  for (const file of Object.values(zip.files)) {
    if (file.dir || !XML_PART.test(file.name)) continue;
    const text = await file.async('string');
    const safe = xmlSafeText(text);
    if (safe === text) continue;
    zip.file(file.name, safe);
    changed = true;
  }
  return changed ? zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) : buffer;
}
