import { Alert, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

/**
 * "Delete?" asked of a row of an editor (a room, a period, a premises): `index` is the row asked
 * about, null while nothing is asked.
 */
export function ConfirmDelete({ index, message, onCancel, onConfirm }: { index: number | null; message?: string; onCancel(): void; onConfirm(index: number): void }) {
  return (
    <Alert
      isOpen={index !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={MESSAGES.list.delete}
      cancelButtonText={MESSAGES.list.cancel}
      canEscapeKeyCancel
      canOutsideClickCancel
      onCancel={onCancel}
      onConfirm={() => (index === null ? onCancel() : onConfirm(index))}
    >
      <p>{message ?? MESSAGES.list.confirmDelete}</p>
    </Alert>
  );
}
