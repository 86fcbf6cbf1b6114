/**
 * Spreadsheet exports (spec 01 §2.4, §2.6): GET /api{path} as a file, then in the desktop app the
 * native save dialog (window.desktop, shared/desktop-bridge.ts), in a browser an ordinary download.
 * Any answered failure shows 'Произошла непредвиденная ошибка' (spec 01 §8) — but a 422 goes to
 * `onFieldErrors` when the caller gives it (a report dialog shows it under its fields).
 * Answers whether the file was delivered.
 */
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { api, ApiError } from '../api/http';
import { notifyFailure } from './failure';

const FILTERS: Record<string, { name: string; extensions: string[] }> = {
  xlsx: { name: 'Excel', extensions: ['xlsx'] },
  docx: { name: 'Word', extensions: ['docx'] },
};

export async function exportFile(path: string, fileName: string, options: { onFieldErrors?(errors: FieldErrors): void } = {}): Promise<boolean> {
  try {
    const blob = await api.file(path);
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
    if (options.onFieldErrors && error instanceof ApiError && error.status === 422) options.onFieldErrors(error.fieldErrors);
    else notifyFailure(error, MESSAGES.errors.unexpected, { write: false, fixed: true, evenOn5xx: true });
    return false;
  }
}
