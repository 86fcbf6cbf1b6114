/**
 * How a Word document is built, in the export worker (server/export-worker.ts): a builder gets the
 * loaded `docx` package and its input (plain data, copied to the worker), the package's zip is made and
 * its XML cleaned of characters XML forbids (xml-text.ts). docx.ts sends the bytes from the main thread.
 */
import type * as Docx from 'docx';
import { xmlSafePackage } from './xml-text.js';

/** Who a document says made it (File → Properties): the product, never the package's 'Un-named'. */
export const DOCUMENT_AUTHOR = 'Тур Бэк-офис';

/** A kind of Word document the worker builds: its name (the worker's key) and its builder. */
export interface DocxTask<Input> {
  name: string;
  build: (docx: typeof Docx, input: Input) => Docx.Document | Promise<Docx.Document>;
}

export const docxTask = <Input>(name: string, build: DocxTask<Input>['build']): DocxTask<Input> => ({ name, build });

/**
 * The package as a builder gets it: its `Document` names the product as creator and last editor
 * (a builder may still give its own), so every document says who made it.
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
 * The document's bytes. `docx` escapes `<` and `&` but writes control characters as they are, so the
 * package's XML goes through xml-text.ts (a name stored with U+0007 before issue 15 would make Word refuse the file).
 */
export async function buildDocx<Input>(task: DocxTask<Input>, input: Input): Promise<Buffer> {
  const docx = await import('docx');
  return xmlSafePackage(await docx.Packer.toBuffer(await task.build(withAuthor(docx), input)));
}
