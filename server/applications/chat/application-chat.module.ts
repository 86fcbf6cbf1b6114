import { Module } from '@nestjs/common';
import { ApplicationChatController } from './application-chat.controller.js';
import { ApplicationChatService } from './application-chat.service.js';

/** The chat with requesters, the bulk message and the unread counts (issue 19). */
@Module({
  controllers: [ApplicationChatController],
  providers: [ApplicationChatService],
})
export class ApplicationChatModule {}
