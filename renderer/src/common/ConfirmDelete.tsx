import { Alert, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';

/**
 * "Delete?" asked before anything is deleted — a list's row, a departure, a room, a period, a
 * premises: `item` is what is asked about (a row, an index), null while nothing is asked.
 */
export function ConfirmDelete<Item>({ item, message, onCancel, onConfirm }: { item: Item | null; message?: string; onCancel(): void; onConfirm(item: Item): void }) {
  return (
    <Alert
      isOpen={item !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText={MESSAGES.list.delete}
      cancelButtonText={MESSAGES.list.cancel}
      canEscapeKeyCancel
      canOutsideClickCancel
      onCancel={onCancel}
      onConfirm={() => (item === null ? onCancel() : onConfirm(item))}
    >
      <p>{message ?? MESSAGES.list.confirmDelete}</p>
    </Alert>
  );
}
