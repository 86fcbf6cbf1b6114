import { OverlayToaster, Position, type Intent, type ToastProps, type Toaster } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

let toaster: Promise<Toaster> | undefined;

/**
 * The failure toasts of saves still on screen (their keys). A successful save clears them, so an old
 * red 'Ошибка сохранения…' never stands beside the green toast of the save that fixed it.
 */
const saveFailures = new Set<string>();

function instance(): Promise<Toaster> {
  return (toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 5 }));
}

/**
 * A toast with an optional bold title line, as the spec's messages come in pairs ('Ошибка' / 'Обратитесь к разработчикам.'),
 * and `details` on lines of their own under the message (a refused form's reasons).
 */
export function notify(intent: Intent, message: string, title?: string, options: { saveFailure?: boolean; details?: readonly string[] } = {}): void {
  const details = options.details ?? [];
  void instance().then((t) => {
    const key = t.show({
      intent,
      icon: intent === 'success' ? 'tick-circle' : intent === 'danger' ? 'error' : intent === 'warning' ? 'warning-sign' : 'info-sign',
      message:
        title || details.length > 0 ? (
          <>
            {title && <strong>{title}</strong>}
            <div>{message}</div>
            {details.map((detail) => (
              <div key={detail} className="toast-detail">
                {detail}
              </div>
            ))}
          </>
        ) : (
          message
        ),
      timeout: intent === 'danger' || intent === 'warning' ? 6000 : 3000,
      // Blueprint's own close button is labelled in English ('Close'): the same cross as the toast's
      // action, labelled in Russian (the action's props reach its button, the type just omits aria).
      isCloseButtonShown: false,
      action: { icon: 'cross', 'aria-label': MESSAGES.list.close, title: MESSAGES.list.close } as ToastProps['action'],
      onDismiss: () => saveFailures.delete(key),
    });
    if (options.saveFailure) saveFailures.add(key);
  });
}

/** A toast that stays until the returned function closes it (an export waiting its turn, exportFile.ts). */
export function notifyWhile(message: string): () => void {
  const shown = instance().then((t) => t.show({ intent: 'none', icon: 'time', message, timeout: 0, isCloseButtonShown: false }));
  return () => void shown.then((key) => instance().then((t) => t.dismiss(key)));
}

/** Closes the failure toasts of earlier saves (a save has just succeeded). */
export function clearSaveFailures(): void {
  if (saveFailures.size === 0) return;
  const keys = [...saveFailures];
  saveFailures.clear();
  void instance().then((t) => keys.forEach((key) => t.dismiss(key)));
}

export const toast = {
  success: (message: string, title?: string) => notify('success', message, title),
  error: (message: string, title?: string) => notify('danger', message, title),
  info: (message: string, title?: string) => notify('primary', message, title),
  warning: (message: string, title?: string) => notify('warning', message, title),
  /** A save that failed: cleared by the next successful save (`saved`). */
  saveFailed: (message: string, title?: string, details?: readonly string[]) => notify('danger', message, title, { saveFailure: true, details }),
  /** A save that succeeded: the failure toasts of earlier tries go, then the success is said. */
  saved: (message: string, title?: string) => {
    clearSaveFailures();
    notify('success', message, title);
  },
};
