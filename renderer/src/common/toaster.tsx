import { OverlayToaster, Position, type Intent, type ToastProps, type Toaster } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

let toaster: Promise<Toaster> | undefined;

function instance(): Promise<Toaster> {
  return (toaster ??= OverlayToaster.create({ position: Position.TOP_RIGHT, maxToasts: 5 }));
}

/** A toast with an optional bold title line, as the spec's messages come in pairs ('Ошибка' / 'Обратитесь к разработчикам.'). */
export function notify(intent: Intent, message: string, title?: string): void {
  void instance().then((t) =>
    t.show({
      intent,
      icon: intent === 'success' ? 'tick-circle' : intent === 'danger' ? 'error' : intent === 'warning' ? 'warning-sign' : 'info-sign',
      message: title ? (
        <>
          <strong>{title}</strong>
          <div>{message}</div>
        </>
      ) : (
        message
      ),
      timeout: intent === 'danger' || intent === 'warning' ? 6000 : 3000,
      // Blueprint's own close button is labelled in English ('Close'): the same cross as the toast's
      // action, labelled in Russian (the action's props reach its button, the type just omits aria).
      isCloseButtonShown: false,
      action: { icon: 'cross', 'aria-label': MESSAGES.list.close, title: MESSAGES.list.close } as ToastProps['action'],
    }),
  );
}

export const toast = {
  success: (message: string, title?: string) => notify('success', message, title),
  error: (message: string, title?: string) => notify('danger', message, title),
  info: (message: string, title?: string) => notify('primary', message, title),
  warning: (message: string, title?: string) => notify('warning', message, title),
};
