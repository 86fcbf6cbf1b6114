import { Controller, Get } from '@nestjs/common';
import type { IdName } from '../../shared/api.js';
import { LOG_LEVEL_OPTIONS } from '../../shared/resources/logs.js';

@Controller('logs/levels')
export class LogLevelsController {
  /** GET /api/logs/levels/list → {data: [{id, name}]}: the options of the level filter. */
  @Get('list')
  list(): { data: IdName[] } {
    return { data: LOG_LEVEL_OPTIONS };
  }
}
