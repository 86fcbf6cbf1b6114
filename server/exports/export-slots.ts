/**
 * At most two exports are made at once per instance (issue 37): a workbook over thousands of rows or
 * a big Word document takes the CPU in slices (xlsx.ts yields every few milliseconds, the docx and PDF
 * builds run in export-worker.ts), and more of them at once only make every one of them and every
 * other request slower. The next one waits its turn — a queue, not a refusal: its reply sends its
 * headers at once with `X-Export-Queue: N` (its place, 1 for the next), so the renderer shows
 * «В очереди (N)» and no proxy or client timeout fires while it waits; the file follows. A waiting
 * export holds no pooled connection (its rows are read once its turn comes).
 */
import type { Response } from 'express';
import { EXPORT_QUEUE_HEADER } from '../../shared/api.js';

/** Exports made at once per instance; the rest wait in order. */
export const EXPORT_SLOTS = 2;

/** Frees the slot; calling it again does nothing. */
export type ReleaseSlot = () => void;

class ExportSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** How many exports are being made and how many wait (the tests and the bench read it). */
  get state(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** A slot now, or null when every slot is taken. */
  tryTake(): ReleaseSlot | null {
    if (this.running >= this.size) return null;
    this.running++;
    return this.releaser();
  }

  /** Waits in line for a slot; `position` is called with the place taken (1 for the next). Leaving the line: `signal`. */
  async take(signal: AbortSignal, position: (place: number) => void): Promise<ReleaseSlot> {
    const now = this.tryTake();
    if (now) return now;
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener('abort', leave);
        this.running++;
        resolve(this.releaser());
      };
      const leave = () => {
        const index = this.waiting.indexOf(turn);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Error('The client closed the download while it waited its turn'));
      };
      this.waiting.push(turn);
      signal.addEventListener('abort', leave, { once: true });
      position(this.waiting.length);
    });
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.waiting.shift()?.();
    };
  }
}

export const exportSlots = new ExportSlots(EXPORT_SLOTS);

/**
 * The export's turn. With a slot free it returns at once and nothing is sent yet (a failure before the
 * file is still an ordinary error reply). Otherwise `sendHeaders` sets the file's headers, they go out
 * at once with `X-Export-Queue`, and it returns when the turn comes; a client that leaves meanwhile
 * gives its place up (rejects). After queued headers a failure can only abort the response.
 */
export async function exportTurn(response: Response, sendHeaders: () => void): Promise<ReleaseSlot> {
  const now = exportSlots.tryTake();
  if (now) return now;
  const left = new AbortController();
  const onClose = () => left.abort();
  response.once('close', onClose);
  try {
    return await exportSlots.take(left.signal, (place) => {
      response.status(200);
      sendHeaders();
      response.setHeader(EXPORT_QUEUE_HEADER, String(place));
      response.flushHeaders();
    });
  } finally {
    response.off('close', onClose);
  }
}
