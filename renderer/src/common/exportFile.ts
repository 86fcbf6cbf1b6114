/**
 * Spreadsheet exports (spec 01 §2.4, §2.6): GET /api{path} as a file, then in the desktop app the
 * native save dialog (window.desktop, shared/desktop-bridge.ts), in a browser an ordinary download.
 * Any answered failure shows 'Произошла непредвиденная ошибка' (spec 01 §8) — but a 422 goes to
 * `onInvalid` when the caller gives it (a report dialog shows it under its fields).
 * An export the server queues behind the ones it is making (issue 37, `X-Export-Queue`) says
 * «В очереди (N)» until its file comes: to `onQueued` (a dialog's button), or in a toast.
 * Answers whether the file was delivered.
 */
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { api, ApiError } from '../api/http';
import { notifyFailure } from './failure';
import { notifyWhile } from './toaster';

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  xlsx: { name: 'Excel', extensions: ['xlsx'] },
  docx: { name: 'Word', extensions: ['docx'] },
};

/**
 * `onInvalid`: a report dialog's 422 goes under its fields (spec 03 §8: 'The two report dialogs answer
 * 422 on their fields') instead of the failure toast. Whether the file was handed over (a dialog stays open otherwise).
 */
export async function exportFile(
  path: string,
  fileName: string,
  options: { onInvalid?(errors: FieldErrors): void; onQueued?(place: number | null): void } = {},
): Promise<boolean> {
  let closeToast: (() => void) | undefined;
  const queued =
    options.onQueued ??
    ((place: number | null) => {
      if (place !== null) closeToast ??= notifyWhile(MESSAGES.list.exportQueued(place));
      else closeToast?.();
    });
  try {
    const blob = await api.file(path, undefined, queued);
    const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
    if (window.desktop) {
      const filter = FILTERS[extension];
      await window.desktop.saveFile({
        defaultName: fileName,
        data: new Uint8Array(await blob.arrayBuffer()),
        filters: filter ? [filter] : undefined,
      });
      return true;
    }
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch (error) {
    if (options.onInvalid && error instanceof ApiError && error.status === 422) {
      options.onInvalid(error.fieldErrors);
      return false;
    }
    notifyFailure(error, MESSAGES.errors.unexpected, { write: false, fixed: true, evenOn5xx: true });
    return false;
  }
}
