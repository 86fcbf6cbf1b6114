/**
 * A report's dialog (the agencies' monthly report, the analytics' date and agency reports): its fields,
 * then Отмена and Скачать. Скачать runs `download` (busy meanwhile), which answers whether the file was
 * handed over (exportFile): the dialog closes then, and stays open on a refusal, its reasons shown.
 */
import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { useState, type ReactNode } from 'react';
import { AppDialog } from './AppDialog';

interface Props {
  title: string;
  width: number;
  onClose: () => void;
  /** `onQueued` goes to exportFile: the button says «В очереди (N)» while the server queues the file. */
  download: (onQueued: (place: number | null) => void) => Promise<boolean>;
  children: ReactNode;
}

export function ReportDialog({ title, width, onClose, download, children }: Props) {
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      if (await download(setQueued)) onClose();
    } finally {
      setBusy(false);
      setQueued(null);
    }
  };
  return (
    <AppDialog isOpen onClose={onClose} title={title} style={{ width }}>
      <DialogBody>{children}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MESSAGES.list.cancel} onClick={onClose} />
            {queued !== null ? (
              <Button intent={Intent.PRIMARY} icon="time" text={MESSAGES.list.exportQueued(queued)} disabled />
            ) : (
              <Button intent={Intent.PRIMARY} icon="download" text={MESSAGES.list.download} loading={busy} onClick={() => void run()} />
            )}
          </>
        }
      />
    </AppDialog>
  );
}
