/**
 * The react-query keys the chat refreshes (issue 19). Never the whole `/applications` prefix: that is
 * also the editor's record, and reading it again would reset a form being edited.
 */
import { APPLICATION_PATHS } from '@shared/applications/paths';
import type { QueryClient } from '@tanstack/react-query';

export const CHAT_KEYS = {
  /** The edit page's polled counts: ['applications', 'unread-messages', ids]. */
  unread: ['applications', 'unread-messages'] as const,
  /** One chat's messages. */
  chat: (type: string, applicationId: number) => ['applications', 'chat', type, applicationId] as const,
  /** The applications list (useResourceList's `[path, 'list', params]`): its unread column. */
  list: [APPLICATION_PATHS.create, 'list'] as const,
};

/** After a read-all or a message: the counts shown anywhere are read again. */
export function refreshChatCounts(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.unread });
  void queryClient.invalidateQueries({ queryKey: CHAT_KEYS.list });
}
