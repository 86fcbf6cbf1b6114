import { Module } from '@nestjs/common';
import { LogLevelsController } from './logs.controller.js';

/** `/logs/levels/list`; the list, show and delete come from the generic resource (server/resources.ts). */
@Module({ controllers: [LogLevelsController] })
export class LogsModule {}
