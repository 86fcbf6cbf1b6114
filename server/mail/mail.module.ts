import { Global, Module } from '@nestjs/common';
import { CabinetAccessService } from './cabinet-access.service.js';
import { MailService } from './mail.service.js';

/** Outgoing mail for every feature, and the one "send login and password" of clients and agencies. */
@Global()
@Module({ providers: [MailService, CabinetAccessService], exports: [MailService, CabinetAccessService] })
export class MailModule {}
