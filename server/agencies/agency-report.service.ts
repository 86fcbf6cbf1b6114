import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { agencyReportFileName, agencyReportQuerySchema } from '../../shared/resources/agency-report.js';
import { parseInput, ValidationFailed } from '../common/http/errors.js';
import { rowsInBatches, streamXlsx, XLSX_SUM } from '../exports/xlsx.js';
import { AGENCY_REPORT_COLUMNS, AGENCY_REPORT_FIELDS, AGENCY_REPORT_MONEY_KEYS, AGENCY_REPORT_PAID, agencyReportCells, type AgencyReportRow } from './agency-report-rows.js';
import { OFFICE_TIME_ZONE } from '../../shared/calendar.js';

const R = MESSAGES.agencies.report;

/** A batch of the agency's applications created in the month (Moscow time), cancelled ones left out, by id through `ix_applications_agency_id (agency_id, id)`. */
export const AGENCY_REPORT_SQL = `
  SELECT ${AGENCY_REPORT_FIELDS}
    FROM applications a
   ${AGENCY_REPORT_PAID}
   WHERE a.agency_id = $1
     AND a.created_at >= make_timestamp($2, $3, 1, 0, 0, 0) AT TIME ZONE '${OFFICE_TIME_ZONE}'
     AND a.created_at < (make_timestamp($2, $3, 1, 0, 0, 0) + interval '1 month') AT TIME ZONE '${OFFICE_TIME_ZONE}'
     AND a.status <> ${ApplicationStatus.Cancelled}
     AND a.id > $4
   ORDER BY a.id
   LIMIT $5`;

/** GET /agencies/applications/report (spec 01 §2.4, §3, §6, §9): the agency's monthly report, streamed as xlsx. */
@Injectable()
export class AgencyReportService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async report(response: Response, raw: Record<string, unknown>): Promise<void> {
    const query = parseInput(agencyReportQuerySchema(), raw);
    const [agency] = await this.db.query<{ legal_name: string }[]>('SELECT legal_name FROM agencies WHERE id = $1', [query.agency_id]);
    if (!agency) throw new ValidationFailed({ agency_id: [MESSAGES.validation.oneOf] });

    const batches = rowsInBatches<AgencyReportRow>((afterId, limit) => this.db.query(AGENCY_REPORT_SQL, [query.agency_id, query.year, query.month, afterId, limit]));
    async function* rows() {
      for await (const row of batches) yield agencyReportCells(row);
    }
    await streamXlsx(response, {
      fileName: agencyReportFileName(agency.legal_name, query.year, query.month),
      sheetName: R.sheet,
      columns: AGENCY_REPORT_COLUMNS,
      rows: rows(),
      totals: { number: R.totals, ...Object.fromEntries(AGENCY_REPORT_MONEY_KEYS.map((key) => [key, XLSX_SUM])) },
    });
  }
}
