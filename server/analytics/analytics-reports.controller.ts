import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ACCESS } from '../../shared/roles.js';
import { Roles } from '../common/auth/decorators.js';
import { DateReportService } from './date-report.service.js';

/** The analytics' spreadsheet reports (spec 03 §7 "Analytics"): all three roles (spec 03 §6). */
@Controller('analytics')
export class AnalyticsReportsController {
  constructor(@Inject(DateReportService) private readonly dateReport: DateReportService) {}

  /** GET /api/analytics/date-report?start_date= → `Отчет на дату DD.MM.YYYY.xlsx`; 422 on start_date without a date. */
  @Get('date-report')
  @Roles(...ACCESS.everyone)
  async report(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await this.dateReport.report(response, query);
  }
}
