import { Button, Classes, Dialog, type DialogProps } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { focusFirstField } from './form/focus';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * Blueprint's Dialog with two things done differently, for every dialog of the app:
 * - the header (title and the close cross) is drawn here: Blueprint labels the cross 'Close' in
 *   English and takes no label for it; here it is 'Закрыть';
 * - Esc is handled here. Blueprint's dialog takes every Esc pressed inside it for itself and stops it
 *   there, so a select's list or a calendar opened in the form never hears it and the dialog with the
 *   typed data closes instead. Here an Esc closes the dialog only when none of its lists or calendars
 *   is open and the key was pressed in the dialog itself; otherwise the popover closes itself.
 * The dialog never grows past the window: its body scrolls and the footer with the save button stays
 * in view (1366×768 screens). When it opens, the cursor is in its first field (unless a field of it
 * already has it), so every form dialog starts where a person starts typing.
 */
export function AppDialog({
  title,
  children,
  onClose,
  className,
  closable = true,
  canEscapeKeyClose = true,
  ...props
}: Omit<DialogProps, 'title' | 'isCloseButtonShown' | 'onClose'> & {
  title: ReactNode;
  /** Closing asked for (the cross, Esc, a click outside): no dialog needs the event that asked. */
  onClose?(): void;
  /** false: no cross, no Esc, no click outside (the sign-in dialog of an expired session). */
  closable?: boolean;
}) {
  const titleId = useId();
  const headerRef = useRef<HTMLDivElement>(null);
  const closeOnEscape = closable && canEscapeKeyClose && props.isOpen;
  const latestClose = useRef(onClose);
  latestClose.current = onClose;

  useEffect(() => {
    if (!closeOnEscape) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = headerRef.current?.closest(`.${Classes.DIALOG}`);
      const own = headerRef.current?.closest(`.${Classes.PORTAL}`);
      if (event.key !== 'Escape' || event.defaultPrevented || !dialog || !own) return;
      // Pressed in this dialog (not in a dialog over it, not in a popover's own portal), none of its popovers open.
      if (!own.contains(event.target as Node) || dialog.querySelector(`.${Classes.POPOVER_OPEN}`)) return;
      latestClose.current?.();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [closeOnEscape]);

  const opened = (element: HTMLElement) => {
    props.onOpened?.(element);
    // After Blueprint has moved the focus into the dialog (its container).
    requestAnimationFrame(() => focusFirstField(headerRef.current?.closest<HTMLElement>(`.${Classes.DIALOG}`) ?? null));
  };

  return (
    <Dialog
      {...props}
      onOpened={opened}
      canEscapeKeyClose={false}
      canOutsideClickClose={closable && (props.canOutsideClickClose ?? true)}
      onClose={onClose}
      aria-labelledby={titleId}
      className={[className, 'app-dialog'].filter(Boolean).join(' ')}
    >
      <div className={Classes.DIALOG_HEADER} ref={headerRef}>
        <h6 id={titleId} className={Classes.HEADING}>
          {title}
        </h6>
        {closable && <Button variant="minimal" icon="small-cross" className={Classes.DIALOG_CLOSE_BUTTON} aria-label={MESSAGES.list.close} title={MESSAGES.list.close} onClick={() => onClose?.()} />}
      </div>
      {children}
    </Dialog>
  );
}
