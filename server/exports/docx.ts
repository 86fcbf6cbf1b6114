/**
 * Word exports (ARCHITECTURE.md §7 "Export path"): a document built with the `docx` package on the
 * server and sent as an attachment, which the renderer saves through the native dialog or a download
 * (renderer/src/common/exportFile.ts). The package is loaded when a document is made, not at start-up.
 */
import type { Response } from 'express';
import type * as Docx from 'docx';
import { contentDisposition } from '../files/files.controller.js';
import { xmlSafePackage } from './xml-text.js';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Who a document says made it (File → Properties): the product, never the package's 'Un-named'. */
export const DOCUMENT_AUTHOR = 'Тур Бэк-офис';

/**
 * The package as a builder gets it: its `Document` names the product as creator and last editor
 * (a builder may still give its own), so every document sent here says who made it.
 */
function withAuthor(docx: typeof Docx): typeof Docx {
  class Document extends docx.Document {
    constructor(options: ConstructorParameters<typeof Docx.Document>[0]) {
      super({ creator: DOCUMENT_AUTHOR, lastModifiedBy: DOCUMENT_AUTHOR, ...options });
    }
  }
  return { ...docx, Document };
}

/**
 * Builds the document with the loaded package and sends it; a failure before sending is an ordinary
 * error reply. `docx` escapes `<` and `&` but writes control characters as they are, so the package's
 * XML goes through xml-text.ts (a name stored with U+0007 before issue 15 would make Word refuse the file).
 */
export async function sendDocx(response: Response, fileName: string, build: (docx: typeof Docx) => Docx.Document | Promise<Docx.Document>): Promise<void> {
  const docx = await import('docx');
  const buffer = await xmlSafePackage(await docx.Packer.toBuffer(await build(withAuthor(docx))));
  response.status(200);
  response.setHeader('Content-Type', DOCX_CONTENT_TYPE);
  response.setHeader('Content-Disposition', contentDisposition('attachment', fileName));
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Content-Length', String(buffer.length));
  response.end(buffer);
}
