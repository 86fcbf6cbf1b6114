import { Button, Classes, Dialog, type DialogProps } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useId, useRef, type ReactNode, type SyntheticEvent } from 'react';

/**
 * Whether an Esc belongs to a list or calendar of the dialog rather than to the dialog: one is open,
 * or the key came from inside one (popovers live outside the dialog's element but inside its React
 * tree, so their keys reach the dialog too). The popover closes itself; the dialog stays.
 */
function escapeOfPopover(event: SyntheticEvent<HTMLElement> | undefined, dialog: HTMLElement | null): boolean {
  if (event?.type !== 'keydown' || !dialog) return false;
  return dialog.querySelector(`.${Classes.POPOVER_OPEN}`) !== null || !dialog.contains(event.target as Node);
}

/**
 * Blueprint's Dialog with its header rebuilt: Blueprint labels the close cross 'Close' in English and
 * takes no label for it, so the header (title and the cross, 'Закрыть') is drawn here the same way.
 * Every dialog of the app uses this one. The dialog never grows past the window: its body scrolls
 * and the footer with the save button stays in view (1366×768 screens). Esc in one of its popovers
 * closes the popover only.
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
  const headerRef = useRef<HTMLDivElement>(null);
  const closing = closable ? {} : { canEscapeKeyClose: false, canOutsideClickClose: false };
  const close = (event: SyntheticEvent<HTMLElement>) => {
    if (!escapeOfPopover(event, headerRef.current?.closest(`.${Classes.DIALOG}`) ?? null)) onClose?.(event);
  };
  return (
    <Dialog {...props} {...closing} onClose={close} aria-labelledby={titleId} className={[className, 'app-dialog'].filter(Boolean).join(' ')}>
      <div className={Classes.DIALOG_HEADER} ref={headerRef}>
        <h6 id={titleId} className={Classes.HEADING}>
          {title}
        </h6>
        {closable && <Button variant="minimal" icon="small-cross" className={Classes.DIALOG_CLOSE_BUTTON} aria-label={MESSAGES.list.close} title={MESSAGES.list.close} onClick={onClose} />}
      </div>
      {children}
    </Dialog>
  );
}
