import { Controller, Get } from '@nestjs/common';
import type { NewItemsCounters } from '../../shared/api.js';

/**
 * GET /api/new-items/check (spec 01 §3 "Counters"), polled by the header every 3 minutes.
 * Applications, clients and agencies do not exist yet, so there is nothing new to count:
 * each counter becomes a real count when its feature lands.
 */
@Controller('new-items')
export class CountersController {
  @Get('check')
  check(): NewItemsCounters {
    return { applications: { unwatched_count: 0 }, clients: { new_count: 0 }, agencies: { new_count: 0 } };
  }
}
