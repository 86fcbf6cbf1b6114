import { Alert, Intent, type IconName } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { ReactNode } from 'react';

interface Props {
  isOpen: boolean;
  /** The question. */
  children: ReactNode;
  /** The confirming button ('Да' unless said). */
  confirmText?: string;
  /** The button that keeps things as they are ('Отмена' unless said). */
  cancelText?: string;
  intent?: Intent;
  icon?: IconName;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * An action asked first (a booking cancelled, notifications sent, a page left with unsaved changes):
 * one dialog in Russian, Esc and a click outside keep things as they are.
 */
export function ConfirmDialog({ isOpen, children, confirmText = MESSAGES.list.yes, cancelText = MESSAGES.list.cancel, intent = Intent.PRIMARY, icon, onConfirm, onCancel }: Props) {
  return (
    <Alert isOpen={isOpen} intent={intent} icon={icon} confirmButtonText={confirmText} cancelButtonText={cancelText} canEscapeKeyCancel canOutsideClickCancel onCancel={onCancel} onConfirm={onConfirm}>
      <p>{children}</p>
    </Alert>
  );
}
