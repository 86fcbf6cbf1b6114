/**
 * The renderer half of the version check (ARCHITECTURE.md §7): a save answered 409 because a
 * colleague saved the record first. The dialog says who and when (the server's message), and offers
 * to load the record as it is now, or to keep editing — the form keeps what the user typed and the
 * next save carries the new version, so it overwrites the colleague's change knowingly.
 */
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { AppDialog } from '../AppDialog';
import type { VersionConflictBody } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { ApiError } from '../../api/http';

export interface VersionConflictDialogProps {
  /** The 409 body; null keeps the dialog closed. */
  conflict: VersionConflictBody | null;
  /** Replace the form's values with the record as it is now (`conflict.data`). */
  onReload(): void;
  /** Close, keeping the form's values; the next save carries `conflict.data.version`. */
  onKeepEditing(): void;
}

export function VersionConflictDialog({ conflict, onReload, onKeepEditing }: VersionConflictDialogProps) {
  return (
    <AppDialog
      isOpen={conflict !== null}
      onClose={onKeepEditing}
      title={MESSAGES.version.title}
      canOutsideClickClose={false}
      className="version-conflict-dialog"
      style={{ width: 480 }}
    >
      <DialogBody>
        <p>{conflict?.message}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MESSAGES.version.keepEditing} onClick={onKeepEditing} />
            <Button intent={Intent.PRIMARY} text={MESSAGES.version.reload} onClick={onReload} autoFocus />
          </>
        }
      />
    </AppDialog>
  );
}

/**
 * The conflict a failed save ran into: the body of a 409 that carries the current record (as the
 * record's GET answers it: `Stored`), else null.
 */
export function versionConflictOf<Stored = Record<string, unknown>>(error: unknown): VersionConflictBody<Stored> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<VersionConflictBody> | null;
  return body && typeof body.message === 'string' && typeof body.data === 'object' && body.data !== null ? (body as VersionConflictBody<Stored>) : null;
}

/** The version a record read from the API carries (undefined for records that have none). */
export const versionOf = (record: unknown): number | undefined =>
  record !== null && typeof record === 'object' && 'version' in record && typeof record.version === 'number' ? record.version : undefined;
