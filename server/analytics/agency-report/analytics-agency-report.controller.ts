import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../../shared/roles.js';
import { Roles } from '../../common/auth/decorators.js';
import { AnalyticsAgencyReportService } from './analytics-agency-report.service.js';

/** The analytics' agency report (spec 03 §6: analytics is every role's). */
@Controller('analytics')
export class AnalyticsAgencyReportController {
  constructor(@Inject(AnalyticsAgencyReportService) private readonly reports: AnalyticsAgencyReportService) {}

  /** GET /api/analytics/agency-report?date_from=&date_to=&status_ids=&product_types=&sources=&by_employees= → `Отчет по агентствам DD.MM.YYYY–DD.MM.YYYY.xlsx`. */
  @Get('agency-report')
  @Roles(...ACCESS.everyone)
  async report(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.reports.report(response, query);
  }
}
