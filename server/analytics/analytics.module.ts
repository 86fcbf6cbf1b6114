import { Module } from '@nestjs/common';
import { AnalyticsReportsController } from './analytics-reports.controller.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { DateReportService } from './date-report.service.js';

/** Analytics (spec 03 §2.12): totals, table, charts, filters' dictionaries, the table's export and the date report. */
@Module({
  controllers: [AnalyticsReportsController, AnalyticsController],
  providers: [DateReportService, AnalyticsService],
})
export class AnalyticsModule {}
