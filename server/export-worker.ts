/**
 * The export worker thread's entry (server/exports/export-worker-pool.ts starts it; bundled by
 * scripts/bundle-node.mjs as dist/server/export-worker.js): builds the Word documents and the generated
 * PDF documents off the event loop, and writes the xlsx workbooks whose rows the main thread reads
 * (issue 37). Every kind it builds is named here.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderApplicationDocument, type ApplicationDocumentInput } from './applications/documents/generate-pdf.js';
import { buildDocx, type DocxTask } from './exports/docx-build.js';
import type { ExportWorkerReply, ExportWorkerRequest, ExportWorkerSessionRequest } from './exports/export-worker-pool.js';
import { writeXlsxFromPort } from './exports/xlsx-writer.js';
import { CALCULATOR_DOCX } from './tour-calculators/calculator-docx.js';
import { SEATING_DOCX } from './transports/seating-docx.js';

const DOCX_TASKS = new Map<string, DocxTask<never>>([CALCULATOR_DOCX, SEATING_DOCX].map((task) => [task.name, task as DocxTask<never>]));

async function make({ task, input }: ExportWorkerRequest): Promise<Buffer> {
  if ('pdf' in task) return renderApplicationDocument(input as ApplicationDocumentInput);
  const docx = DOCX_TASKS.get(task.docx);
  if (!docx) throw new Error(`No Word document «${task.docx}» in the export worker`);
  return buildDocx(docx, input as never);
}

// A document built here is background work: on a loaded machine it must not take the CPU from the
// event loop that answers everyone. Linux keeps a nice value per thread (pid 0 is this thread); on
// Windows and macOS it would lower the whole app, so there the thread keeps the process's priority.
if (process.platform === 'linux') {
  try {
    os.setPriority(0, 10);
  } catch {
    // not allowed here (a container's limits): the worker runs at the process's priority
  }
}

if (!parentPort) throw new Error('server/export-worker.ts runs as a worker thread (export-worker-pool.ts)');
const port = parentPort;
port.on('message', (request: ExportWorkerRequest | ExportWorkerSessionRequest) => {
  if ('warm' in request) {
    void import('exceljs').catch(() => undefined);
    return;
  }
  if ('xlsx' in request) {
    // A workbook: written from its own port's messages (xlsx-writer.ts), beside whatever task runs here.
    const workbookPort = request.xlsx;
    import('exceljs').then(
      ({ default: ExcelJS }) => writeXlsxFromPort(workbookPort, ExcelJS),
      (error: unknown) => {
        workbookPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        workbookPort.close();
      },
    );
    return;
  }
  make(request).then(
    (bytes) => port.postMessage({ id: request.id, bytes } satisfies ExportWorkerReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) },
      } satisfies ExportWorkerReply),
  );
});
