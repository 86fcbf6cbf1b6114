/** The chat with requesters and the bulk message (issue 19), for the list page and the editor. */
export { BulkMessageDialog, type BulkMessageDialogProps } from './BulkMessageDialog';
export { ChatButton, chatApplicationOf } from './ChatButton';
export { ChatDialog, type ChatApplication, type ChatDialogProps } from './ChatDialog';
export { CHAT_KEYS, refreshChatCounts } from './queries';
