import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { CurrentUser, Roles, type AuthUser } from '../common/auth/decorators.js';
import { AnalyticsService } from './analytics.service.js';

/** Analytics (spec 03 §2.12, §7 "Analytics"): every call is all three roles' (spec 03 §6). Filters: shared/analytics/analytics.ts. */
@Controller('analytics')
@Roles(...ACCESS.everyone)
export class AnalyticsController {
  constructor(@Inject(AnalyticsService) private readonly analytics: AnalyticsService) {}

  /** GET /api/analytics?page=&limit=&orderBy=&ascending=&…filters → {data: AnalyticsRow[], count}, newest first. */
  @Get()
  page(@Query() query: Record<string, unknown>, @CurrentUser() viewer: AuthUser) {
    return this.analytics.page(query, viewer);
  }

  /** GET /api/analytics/totals?…filters → AnalyticsTotals. */
  @Get('totals')
  totals(@Query() query: Record<string, unknown>) {
    return this.analytics.totals(query);
  }

  /** GET /api/analytics/charts?…filters → AnalyticsCharts. */
  @Get('charts')
  charts(@Query() query: Record<string, unknown>) {
    return this.analytics.charts(query);
  }

  /** GET /api/analytics/data?…filters → AnalyticsData. */
  @Get('data')
  data(@Query() query: Record<string, unknown>) {
    return this.analytics.data(query);
  }

  /** GET /api/analytics/users/list?query=&limit= → {data: [{id, name}]}: the manager filter's picker, every member of staff. */
  @Get('users/list')
  users(@Query() query: Record<string, unknown>) {
    return this.analytics.users(query);
  }

  /** GET /api/analytics/export?…filters → `Аналитика DD.MM.YYYY–DD.MM.YYYY.xlsx`. */
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.analytics.export(response, query);
  }
}
