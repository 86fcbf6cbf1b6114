import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Outgoing mail for every feature (clients' and agencies' "send login and password"). */
@Global()
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
