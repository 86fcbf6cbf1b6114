import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

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
    }),
  );
}

export const toast = {
  success: (message: string, title?: string) => notify('success', message, title),
  error: (message: string, title?: string) => notify('danger', message, title),
  info: (message: string, title?: string) => notify('primary', message, title),
  warning: (message: string, title?: string) => notify('warning', message, title),
};
