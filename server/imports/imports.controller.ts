import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { MESSAGES } from '../../shared/messages.js';
import { ACCESS } from '../../shared/roles.js';
import { Roles } from '../common/auth/decorators.js';
import { IdPipe } from '../common/http/id.pipe.js';
import { ChangesState } from '../common/security/state-change.js';
import { ExternalMessagesService } from './external-messages.service.js';
import { ImportJob } from './import-job.js';
import { ImportsService } from './imports.service.js';

/** The imports' routes beyond the generic resource (spec 01 §7 "Imports"; administrator and manager, spec 01 §6). */
@Controller('imports')
@Roles(...ACCESS.administratorAndManager)
export class ImportsController {
  constructor(
    @Inject(ImportsService) private readonly imports: ImportsService,
    @Inject(ImportJob) private readonly job: ImportJob,
  ) {}

  /** GET /api/imports/data → {vendors: [{id, name, types: [{id, name}]}]} */
  @Get('data')
  data() {
    return this.imports.data();
  }

  /** GET /api/imports/update-items → {message}: the administrator's «Обновить данные поставщиков». */
  @Get('update-items')
  @ChangesState()
  @Roles(...ACCESS.administratorOnly)
  updateItems() {
    return this.imports.updateItems();
  }

  /** GET /api/imports/restart → {message}: the administrator's «Перезапустить импорты» — a fresh run of every active import. */
  @Get('restart')
  @ChangesState()
  @Roles(...ACCESS.administratorOnly)
  async restart() {
    await this.job.restartAll();
    return { message: MESSAGES.imports.restarted };
  }

  /** GET /api/imports/{id}/logs → {data: [{id, created_at, message, status, status_name}]} */
  @Get(':id/logs')
  logs(@Param('id', IdPipe) id: number) {
    return this.imports.logs(id);
  }
}

/** The live calls to a supplier's service (issue 31). */
@Controller('external-services')
export class ExternalServicesController {
  constructor(
    @Inject(ImportsService) private readonly imports: ImportsService,
    @Inject(ExternalMessagesService) private readonly messages: ExternalMessagesService,
  ) {}

  /** POST /api/external-services/{vendor_id}/search {type, query} → {data: [{id, name}]}: the imports form's search. */
  @Post(':vendor_id/search')
  @HttpCode(200)
  @Roles(...ACCESS.administratorAndManager)
  search(@Param('vendor_id', IdPipe) vendorId: number, @Body() body: unknown) {
    return this.imports.search(vendorId, body);
  }

  /** GET /api/external-services/{applicationId}/messages → {data: [{id, type, date, author, is_our, text}], types}: every role that reads applications. */
  @Get(':applicationId/messages')
  messagesOf(@Param('applicationId', IdPipe) applicationId: number) {
    return this.messages.list(applicationId);
  }

  /** POST /api/external-services/{applicationId}/messages {type, text} → 201 {data: message}. */
  @Post(':applicationId/messages')
  @HttpCode(201)
  send(@Param('applicationId', IdPipe) applicationId: number, @Body() body: unknown) {
    return this.messages.send(applicationId, body);
  }
}
