/**
 * Word exports (ARCHITECTURE.md §7 "Export path"): a document built with the `docx` package and sent
 * as an attachment, which the renderer saves through the native dialog or a download
 * (renderer/src/common/exportFile.ts). The build runs in the export worker (server/export-worker.ts,
 * docx-build.ts): the package's import and a big document's build took 250–370 ms of the event loop
 * (issue 37). It takes its turn among the exports being made (export-slots.ts).
 */
import type { Response } from 'express';
import { contentDisposition } from '../files/files.controller.js';
import type { DocxTask } from './docx-build.js';
import { exportTurn } from './export-slots.js';
import { runInExportWorker } from './export-worker-pool.js';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Builds `task`'s document of `input` in the worker and sends it. A failure before anything was sent
 * is an ordinary error reply; after headers sent for a queued export, the response is aborted.
 */
export async function sendDocx<Input>(response: Response, fileName: string, task: DocxTask<Input>, input: Input): Promise<void> {
  const sendHeaders = () => {
    response.status(200);
    response.setHeader('Content-Type', DOCX_CONTENT_TYPE);
    response.setHeader('Content-Disposition', contentDisposition('attachment', fileName));
    response.setHeader('Cache-Control', 'no-store');
  };
  let release: () => void;
  try {
    release = await exportTurn(response, sendHeaders);
  } catch (error) {
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  let buffer: Buffer;
  try {
    buffer = await runInExportWorker({ docx: task.name }, input);
  } catch (error) {
    if (!response.headersSent) throw error;
    response.destroy(error instanceof Error ? error : new Error(String(error)));
    return;
  } finally {
    release();
  }
  if (!response.headersSent) {
    sendHeaders();
    response.setHeader('Content-Length', String(buffer.length));
  }
  response.end(buffer);
}
