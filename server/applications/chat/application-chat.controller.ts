import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { RequesterType } from '../../../shared/applications/constants.js';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentActor, Roles, type Actor } from '../../common/auth/decorators.js';
import { ApplicationChatService } from './application-chat.service.js';

/**
 * The chat with an application's requester, by the requester's type as spec 03 §7 names the paths
 * (`/clients/chat`, `/agencies/chat`), the bulk message and the unread counts (issue 19). All three
 * roles work with applications (spec 03 §6).
 */
@Controller()
@Roles(...ACCESS.everyone)
export class ApplicationChatController {
  constructor(@Inject(ApplicationChatService) private readonly chat: ApplicationChatService) {}

  /** GET /api/clients/chat?application_id= → {data: ChatMessage[]}, newest first. */
  @Get('clients/chat')
  clientChat(@Query() query: unknown) {
    return this.chat.list(RequesterType.Client, query);
  }

  /** GET /api/agencies/chat?application_id= → {data: ChatMessage[]}, newest first. */
  @Get('agencies/chat')
  agencyChat(@Query() query: unknown) {
    return this.chat.list(RequesterType.Agency, query);
  }

  /** POST /api/clients/chat {application_id, message} → {message, data: ChatMessage}. */
  @Post('clients/chat')
  @HttpCode(201)
  sendToClient(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.chat.send(RequesterType.Client, body, actor);
  }

  /** POST /api/agencies/chat {application_id, message} → {message, data: ChatMessage}. */
  @Post('agencies/chat')
  @HttpCode(201)
  sendToAgency(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.chat.send(RequesterType.Agency, body, actor);
  }

  /** POST /api/clients/chat/read-all {application_id} → {data: {read}}. */
  @Post('clients/chat/read-all')
  @HttpCode(200)
  readClientChat(@Body() body: unknown) {
    return this.chat.readAll(RequesterType.Client, body);
  }

  /** POST /api/agencies/chat/read-all {application_id} → {data: {read}}. */
  @Post('agencies/chat/read-all')
  @HttpCode(200)
  readAgencyChat(@Body() body: unknown) {
    return this.chat.readAll(RequesterType.Agency, body);
  }

  /** POST /api/applications/send-message {applications_ids, message} → {message, data: {sent, skipped_inactive}}. */
  @Post('applications/send-message')
  @HttpCode(200)
  sendBulk(@Body() body: unknown, @CurrentActor() actor: Actor) {
    return this.chat.sendBulk(body, actor);
  }

  /** POST /api/applications/chats/unread-messages {applications_ids} → {data: [{id, unread_messages_count}]}. */
  @Post('applications/chats/unread-messages')
  @HttpCode(200)
  unreadCounts(@Body() body: unknown) {
    return this.chat.unreadCounts(body);
  }
}
