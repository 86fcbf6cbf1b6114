/**
 * The 'Чат' button of the application's edit page (spec 03 §2.2, §9; issue 19): the requester's
 * unread count, read every 60 s from the count the database keeps, and the chat it opens.
 */
import { Button, Tag } from '@blueprintjs/core';
import { CHAT_PATHS, type UnreadCount } from '@shared/applications/chat';
import { APPLICATION_LIMITS, RequesterType } from '@shared/applications/constants';
import type { ApplicationRecord } from '@shared/applications/types';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/http';
import { ChatDialog, type ChatApplication } from './ChatDialog';
import { CHAT_KEYS } from './queries';

const C = MESSAGES.applicationChat;

/** The chat's view of the editor's stored record. */
export function chatApplicationOf(record: ApplicationRecord): ChatApplication {
  return {
    id: record.id,
    number: record.number,
    requester_type: record.requestorable.type === 'agencies' ? RequesterType.Agency : RequesterType.Client,
    requester_name: record.requestorable.full_name,
    requester_active: record.requestorable.is_active,
  };
}

export function ChatButton({ application }: { application: ChatApplication }) {
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: [...CHAT_KEYS.unread, [application.id]],
    queryFn: async () => (await api.post<{ data: UnreadCount[] }>(CHAT_PATHS.unread, { applications_ids: [application.id] })).data[0]?.unread_messages_count ?? 0,
    refetchInterval: APPLICATION_LIMITS.unreadPollMs,
    refetchOnWindowFocus: false,
  });
  const count = unread.data ?? 0;
  return (
    <>
      <Button
        icon="chat"
        text={C.chatButton}
        data-testid="chat-button"
        title={count > 0 ? C.unreadTitle(count) : undefined}
        endIcon={
          count > 0 ? (
            <Tag round intent="danger" data-testid="chat-unread">
              {count}
            </Tag>
          ) : undefined
        }
        onClick={() => setOpen(true)}
      />
      <ChatDialog application={open ? application : null} onClose={() => setOpen(false)} />
    </>
  );
}
