import { Button, Classes, Dialog, type DialogProps } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useId, type ReactNode } from 'react';

/**
 * Blueprint's Dialog with its header rebuilt: Blueprint labels the close cross 'Close' in English and
 * takes no label for it, so the header (title and the cross, 'Закрыть') is drawn here the same way.
 * Every dialog of the app uses this one. The dialog never grows past the window: its body scrolls
 * and the footer with the save button stays in view (1366×768 screens).
 */
export function AppDialog({
  title,
  children,
  onClose,
  className,
  closable = true,
  ...props
}: Omit<DialogProps, 'title' | 'isCloseButtonShown'> & {
  title: ReactNode;
  /** false: no cross, no Esc, no click outside (the sign-in dialog of an expired session). */
  closable?: boolean;
}) {
  const titleId = useId();
  const closing = closable ? {} : { canEscapeKeyClose: false, canOutsideClickClose: false };
  return (
    <Dialog {...props} {...closing} onClose={onClose} aria-labelledby={titleId} className={[className, 'app-dialog'].filter(Boolean).join(' ')}>
      <div className={Classes.DIALOG_HEADER}>
        <h6 id={titleId} className={Classes.HEADING}>
          {title}
        </h6>
        {closable && <Button variant="minimal" icon="small-cross" className={Classes.DIALOG_CLOSE_BUTTON} aria-label={MESSAGES.list.close} title={MESSAGES.list.close} onClick={onClose} />}
      </div>
      {children}
    </Dialog>
  );
}
