import { Module } from '@nestjs/common';
import { AnalyticsReportsController } from './analytics-reports.controller.js';
import { DateReportService } from './date-report.service.js';

/** Analytics (spec 03 §2.12): so far its date report, streamed as xlsx through server/exports/xlsx.ts. */
@Module({
  controllers: [AnalyticsReportsController],
  providers: [DateReportService],
})
export class AnalyticsModule {}
