/**
 * 'Отправка сообщения' (spec 03 §2.1; issue 19): one message to the chats of the selected
 * applications, written by the server in one transaction. Applications whose requester is inactive
 * are skipped by the server; the dialog says how many.
 */
import { Button, Classes, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { bulkMessageSchema, CHAT_PATHS, type BulkMessageResult } from '@shared/applications/chat';
import { APPLICATION_LIMITS } from '@shared/applications/constants';
import { MESSAGES } from '@shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../api/http';
import { AppDialog } from '../../../common/AppDialog';
import { notifyFailure } from '../../../common/failure';
import { toast } from '../../../common/toaster';
import { refreshChatCounts } from './queries';

const C = MESSAGES.applicationChat;

/**
 * Props: `applicationIds` — the selected applications (1 to APPLICATION_LIMITS.chatApplications);
 * `isOpen` (default true: render the dialog only while it is open); `onClose` — cancel or after a
 * send; `onSent` — after a send, with what the server did (e.g. to clear the selection).
 */
export interface BulkMessageDialogProps {
  applicationIds: readonly number[];
  isOpen?: boolean;
  onClose(): void;
  onSent?(result: BulkMessageResult): void;
}

export function BulkMessageDialog({ applicationIds, isOpen = true, onClose, onSent }: BulkMessageDialogProps) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (message: string) => api.post<{ message: string; data: BulkMessageResult }>(CHAT_PATHS.bulk, { applications_ids: applicationIds, message }),
    onSuccess: (answer) => {
      toast.success(C.sent);
      if (answer.data.skipped_inactive.length > 0) toast.warning(C.skippedInactive(answer.data.skipped_inactive.length));
      refreshChatCounts(queryClient);
      setText('');
      setError(undefined);
      onSent?.(answer.data);
      onClose();
    },
    onError: (failure) => {
      const errors = failure instanceof ApiError ? failure.fieldErrors : {};
      setError(errors.message?.[0]);
      // An application gone or every requester inactive: the spec's text with the reason under it.
      const idsError = Object.entries(errors).find(([path]) => path.startsWith('applications_ids'))?.[1][0];
      if (idsError) toast.error(idsError, C.bulkFailed);
      else notifyFailure(failure, C.bulkFailed, { fixed: true });
    },
  });

  const submit = () => {
    // The shared schema's checks (required, at most 200) before anything is sent.
    const checked = bulkMessageSchema.shape.message.safeParse(text);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    send.mutate(checked.data);
  };

  return (
    <AppDialog isOpen={isOpen} onClose={onClose} title={C.bulkTitle} style={{ width: 520 }}>
      <div className={Classes.DIALOG_BODY}>
        <FormGroup
          label={C.placeholder}
          labelFor="bulk-message"
          labelInfo="*"
          helperText={error ?? `${text.length} / ${APPLICATION_LIMITS.bulkMessage}`}
          intent={error ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="bulk-message"
            fill
            rows={4}
            maxLength={APPLICATION_LIMITS.bulkMessage}
            value={text}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        </FormGroup>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={MESSAGES.list.cancel} onClick={onClose} />
          <Button intent={Intent.PRIMARY} icon="send-message" text={C.send} loading={send.isPending} disabled={applicationIds.length === 0} onClick={submit} />
        </div>
      </div>
    </AppDialog>
  );
}
