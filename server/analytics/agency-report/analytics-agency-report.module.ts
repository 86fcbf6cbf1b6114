import { Module } from '@nestjs/common';
import { AnalyticsAgencyReportController } from './analytics-agency-report.controller.js';
import { AnalyticsAgencyReportService } from './analytics-agency-report.service.js';

/** GET /api/analytics/agency-report: the agencies' applications of a period as an xlsx (issue 29). */
@Module({ controllers: [AnalyticsAgencyReportController], providers: [AnalyticsAgencyReportService] })
export class AnalyticsAgencyReportModule {}
