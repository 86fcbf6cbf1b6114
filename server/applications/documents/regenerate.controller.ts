import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ACCESS } from '../../../shared/roles.js';
import { CurrentActor, Roles, type Actor } from '../../common/auth/decorators.js';
import { IdPipe } from '../../common/http/id.pipe.js';
import { ChangesState } from '../../common/security/state-change.js';
import { staffActor } from '../commands/actor.js';
import { RegenerateDocuments } from './regenerate.js';

/** The generated documents' route (issue 28; spec 03 §6: administrator and manager). */
@Controller('applications')
export class RegenerateDocumentsController {
  constructor(@Inject(RegenerateDocuments) private readonly documents: RegenerateDocuments) {}

  /**
   * GET /api/applications/{id}/documents/regenerate → {message}: queues the missing voucher and contract.
   * A GET that changes state: it asks for the CSRF proof of a write (the renderer's api.getChanging).
   */
  @Get(':id/documents/regenerate')
  @ChangesState()
  @Roles(...ACCESS.administratorAndManager)
  regenerate(@Param('id', IdPipe) id: number, @CurrentActor() actor: Actor) {
    return this.documents.regenerate(id, staffActor(actor));
  }
}
