/**
 * The version check's dialog (ARCHITECTURE.md §7): a colleague saved the record after it was opened.
 * Says who and when, and offers to load the current data (dropping one's own changes) or to keep
 * editing (the next save will be refused again until the data is reloaded).
 */
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { AppDialog } from '../AppDialog';
import type { VersionConflictBody } from '@shared/api';
import { MESSAGES } from '@shared/messages';

export interface VersionConflictDialogProps {
  conflict: VersionConflictBody | null;
  onReload(): void;
  onKeepEditing(): void;
}

export function VersionConflictDialog({ conflict, onReload, onKeepEditing }: VersionConflictDialogProps) {
  return (
    <AppDialog isOpen={conflict !== null} onClose={onKeepEditing} title={MESSAGES.version.title} canOutsideClickClose={false}>
      <DialogBody>
        <p>{conflict?.message}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MESSAGES.version.keepEditing} onClick={onKeepEditing} />
            <Button intent={Intent.PRIMARY} text={MESSAGES.version.reload} onClick={onReload} />
          </>
        }
      />
    </AppDialog>
  );
}
