/**
 * The chat with an application's requester (spec 03 §2.2; issue 19). Opening it marks the
 * requester's messages read (read-all, then the messages are read, so their read times show) and the
 * unread counts of the edit page and the list are read again. The server answers newest first; the
 * dialog shows them oldest first, the newest at the bottom. The input shows only while the requester
 * is active.
 */
import { Button, Classes, FormGroup, Intent, NonIdealState, Spinner, TextArea } from '@blueprintjs/core';
import { CHAT_PATHS, type ChatMessage } from '@shared/applications/chat';
import { APPLICATION_LIMITS, type RequesterType } from '@shared/applications/constants';
import { formatDateTime } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../../api/http';
import { AppDialog } from '../../../common/AppDialog';
import { notifyFailure } from '../../../common/failure';
import { CHAT_KEYS, refreshChatCounts } from './queries';
import './chat.css';

const C = MESSAGES.applicationChat;

/** What the chat needs of an application: a list row or the editor's record gives it (`chatApplicationOf`). */
export interface ChatApplication {
  id: number;
  number: string;
  requester_type: RequesterType;
  /** The requester's full name (an agency's legal name). */
  requester_name: string;
  /** The input shows only while the requester is active. */
  requester_active: boolean;
}

/**
 * Props: `application` — the chat to show, or null for none (the dialog is closed);
 * `onClose` — the dialog's cross, Esc or a click outside.
 * Usage from a list row: `<ChatDialog application={chatRow} onClose={() => setChatRow(null)} />`.
 */
export interface ChatDialogProps {
  application: ChatApplication | null;
  onClose(): void;
}

export function ChatDialog({ application, onClose }: ChatDialogProps) {
  return (
    <AppDialog
      isOpen={application !== null}
      onClose={onClose}
      title={application ? C.title(application.number, application.requester_name) : ''}
      className="application-chat-dialog"
      style={{ width: 640 }}
    >
      {application && <ChatBody key={`${application.requester_type}-${application.id}`} application={application} />}
    </AppDialog>
  );
}

function ChatBody({ application }: { application: ChatApplication }) {
  const queryClient = useQueryClient();
  const key = CHAT_KEYS.chat(application.requester_type, application.id);
  const chat = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      // Opening is reading: the requester's messages are marked read first, so their read times show.
      try {
        await api.post(CHAT_PATHS.readAll(application.requester_type), { application_id: application.id });
        refreshChatCounts(queryClient);
      } catch (error) {
        notifyFailure(error, C.readAllFailed, { fixed: true });
      }
      return (await api.get<{ data: ChatMessage[] }>(CHAT_PATHS.chat(application.requester_type), { application_id: application.id }, signal)).data;
    },
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (message: string) => api.post<{ data: ChatMessage }>(CHAT_PATHS.chat(application.requester_type), { application_id: application.id, message }),
    onSuccess: (answer) => {
      queryClient.setQueryData<ChatMessage[]>(key, (messages) => [answer.data, ...(messages ?? [])]);
      setText('');
      setError(undefined);
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fieldErrors.message?.[0] : undefined;
      setError(field);
      notifyFailure(failure, C.sendFailed, { fixed: true });
    },
  });

  // Oldest first on screen, the newest in view at the bottom.
  const shown = chat.data ? [...chat.data].reverse() : [];
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A block body: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.
    end.current?.scrollIntoView({ block: 'end' });
  }, [chat.data]);

  const submit = () => {
    if (text.trim() !== '' && !send.isPending) send.mutate(text);
  };

  return (
    <>
      <div className={`${Classes.DIALOG_BODY} application-chat`} data-testid="chat-messages">
        {chat.isPending ? (
          <Spinner size={24} />
        ) : chat.isError ? (
          <NonIdealState icon="error" description={C.readAllFailed} />
        ) : shown.length === 0 ? (
          <NonIdealState icon="chat" description={C.empty} />
        ) : (
          shown.map((message) => <MessageItem key={message.id} message={message} />)
        )}
        <div ref={end} />
      </div>
      {!application.requester_active && (
        <div className={`${Classes.DIALOG_FOOTER} ${Classes.TEXT_MUTED}`} data-testid="chat-inactive">
          {C.requesterInactive}
        </div>
      )}
      {application.requester_active && (
        <div className={`${Classes.DIALOG_FOOTER} application-chat-input`}>
          <FormGroup helperText={error ?? `${text.length} / ${APPLICATION_LIMITS.chatMessage}`} intent={error ? Intent.DANGER : Intent.NONE}>
            <TextArea
              id="chat-message"
              aria-label={C.placeholder}
              placeholder={C.placeholder}
              fill
              rows={3}
              maxLength={APPLICATION_LIMITS.chatMessage}
              value={text}
              intent={error ? Intent.DANGER : Intent.NONE}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
              }}
            />
          </FormGroup>
          <Button intent={Intent.PRIMARY} icon="send-message" text={C.send} disabled={text.trim() === ''} loading={send.isPending} onClick={submit} />
        </div>
      )}
    </>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  const author = message.from_requester ? message.requester?.full_name : message.user?.full_name;
  return (
    <div className={`application-chat-message ${message.from_requester ? 'from-requester' : 'from-office'}`} data-testid="chat-message">
      <div className="application-chat-author">{author ?? '—'}</div>
      <div className="application-chat-text">{message.message}</div>
      <div className={`application-chat-times ${Classes.TEXT_MUTED}`}>
        <span>
          {C.sentAt}: {formatDateTime(message.created_at)}
        </span>
        <span data-testid="chat-read-at">{message.read_at ? `${C.readAt}: ${formatDateTime(message.read_at)}` : C.notRead}</span>
      </div>
    </div>
  );
}
