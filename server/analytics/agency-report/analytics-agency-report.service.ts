import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { analyticsAgencyReportFileName, analyticsAgencyReportQuerySchema, type AnalyticsAgencyReportQuery } from '../../../shared/analytics/agency-report.js';
import { ApplicationStatus } from '../../../shared/applications/constants.js';
import { OFFICE_SOURCE } from '../../../shared/applications/list.js';
import { MESSAGES } from '../../../shared/messages.js';
import { decimal, MoneyDecimal } from '../../../shared/money.js';

import {
  AGENCY_REPORT_COLUMNS,
  AGENCY_REPORT_FIELDS,
  AGENCY_REPORT_MONEY_KEYS,
  AGENCY_REPORT_PAID,
  agencyReportCells,
  type AgencyReportMoneyKey,
  type AgencyReportRow,
} from '../../agencies/agency-report-rows.js';
import { parseInput } from '../../common/http/errors.js';
import { rowsInBatches, streamXlsx, XLSX_SUBTOTAL, XLSX_SUM, type XlsxColumn } from '../../exports/xlsx.js';
import { OFFICE_TIME_ZONE } from '../../../shared/calendar.js';

const A = MESSAGES.analyticsAgencyReport;

/** The agencies' monthly report's columns, with the agency first and its employee after the date. */
export const ANALYTICS_AGENCY_REPORT_COLUMNS: XlsxColumn[] = [
  { header: A.agency, key: 'agency', width: 32 },
  ...AGENCY_REPORT_COLUMNS.flatMap((column): XlsxColumn[] => (column.key === 'date' ? [column, { header: A.employee, key: 'employee', width: 28 }] : [column])),
];

/** One group of rows: an agency, or with `by_employees` one employee of it (null: the applications naming none). */
interface Group {
  agency_id: number;
  agency: string;
  employee_id: number | null;
  employee: string | null;
}

/**
 * The report's WHERE over applications `a` from parameter `$first` on, and its parameters: agencies'
 * applications created in the period's Moscow days, cancelled ones left out unless the statuses name them.
 */
function conditions(query: AnalyticsAgencyReportQuery, first: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [query.date_from, query.date_to];
  const sql = [
    'a.agency_id IS NOT NULL',
    `a.created_at >= $${first}::date::timestamp AT TIME ZONE '${OFFICE_TIME_ZONE}'`,
    `a.created_at < ($${first + 1}::date + 1)::timestamp AT TIME ZONE '${OFFICE_TIME_ZONE}'`,
  ];
  const list = (condition: string, values: unknown[]) => {
    params.push(values);
    sql.push(condition.replace('$n', `$${first + params.length - 1}`));
  };
  if (query.status_ids) list('a.status = ANY($n::int[])', query.status_ids);
  else sql.push(`a.status <> ${ApplicationStatus.Cancelled}`);
  if (query.product_types) list('a.type = ANY($n::int[])', query.product_types);
  // `none` is the office's own applications, whose source is null.
  if (query.sources) list(`coalesce(a.source, '${OFFICE_SOURCE}') = ANY($n::text[])`, query.sources);
  return { sql: sql.join(' AND '), params };
}

/** Exact sums of the money columns of a group's rows. */
class Sums {
  private readonly totals = new Map<AgencyReportMoneyKey, MoneyDecimal>(AGENCY_REPORT_MONEY_KEYS.map((key) => [key, new MoneyDecimal(0)]));
  add(cells: Record<AgencyReportMoneyKey, number>) {
    for (const key of AGENCY_REPORT_MONEY_KEYS) this.totals.set(key, this.totals.get(key)!.plus(decimal(cells[key])));
  }
  cells(): Record<AgencyReportMoneyKey, number> {
    return Object.fromEntries(AGENCY_REPORT_MONEY_KEYS.map((key) => [key, this.totals.get(key)!.toNumber()])) as Record<AgencyReportMoneyKey, number>;
  }
}

/**
 * GET /analytics/agency-report (spec 03 §2.12, §7 "Analytics", issue 29): the agencies' applications
 * of the period, per agency (by name) its rows by id and a bold subtotal, with `by_employees` a
 * subtotal per employee within the agency before it, and the exact grand total, streamed as xlsx.
 */
@Injectable()
export class AnalyticsAgencyReportService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async report(response: Response, raw: Record<string, unknown>): Promise<void> {
    const query = parseInput(analyticsAgencyReportQuerySchema(), raw);
    const where = conditions(query, 1);
    // The groups first (one aggregate over the period), then each group's applications in batches by id.
    const employee = query.by_employees;
    const groups = await this.db.query<Group[]>(
      `SELECT a.agency_id, ag.legal_name AS agency, ${employee ? 'a.agency_user_id AS employee_id, u.full_name AS employee' : 'NULL::int AS employee_id, NULL::text AS employee'}
         FROM applications a
         JOIN agencies ag ON ag.id = a.agency_id
         ${employee ? 'LEFT JOIN agency_users u ON u.id = a.agency_user_id' : ''}
        WHERE ${where.sql}
        GROUP BY a.agency_id, ag.legal_name${employee ? ', a.agency_user_id, u.full_name' : ''}
        ORDER BY ag.legal_name, a.agency_id${employee ? ', u.full_name NULLS LAST, a.agency_user_id NULLS LAST' : ''}`,
      where.params,
    );
    const groupWhere = conditions(query, 3);
    const batchSql = `
      SELECT ${AGENCY_REPORT_FIELDS}, u.full_name AS employee
        FROM applications a
        LEFT JOIN agency_users u ON u.id = a.agency_user_id
        ${AGENCY_REPORT_PAID}
       WHERE a.agency_id = $1 ${employee ? 'AND a.agency_user_id IS NOT DISTINCT FROM $2::int' : 'AND $2::int IS NULL'}
         AND ${groupWhere.sql}
         AND a.id > $${3 + groupWhere.params.length}
       ORDER BY a.id
       LIMIT $${4 + groupWhere.params.length}`;
    const db = this.db;

    async function* rows() {
      let agencySums = new Sums();
      for (const [index, group] of groups.entries()) {
        const groupSums = new Sums();
        const batches = rowsInBatches<AgencyReportRow & { employee: string | null }>((afterId, limit) =>
          db.query(batchSql, [group.agency_id, group.employee_id, ...groupWhere.params, afterId, limit]),
        );
        for await (const row of batches) {
          const cells = agencyReportCells(row);
          groupSums.add(cells);
          agencySums.add(cells);
          yield { agency: group.agency, employee: row.employee, ...cells };
        }
        if (employee) yield { [XLSX_SUBTOTAL]: true, agency: group.agency, number: A.employeeTotals, employee: group.employee ?? A.noEmployee, ...groupSums.cells() };
        if (groups[index + 1]?.agency_id !== group.agency_id) {
          yield { [XLSX_SUBTOTAL]: true, agency: group.agency, number: A.agencyTotals, ...agencySums.cells() };
          agencySums = new Sums();
        }
      }
    }
    await streamXlsx(response, {
      fileName: analyticsAgencyReportFileName(query),
      sheetName: A.sheet,
      columns: ANALYTICS_AGENCY_REPORT_COLUMNS,
      rows: rows(),
      totals: { agency: A.totals, ...Object.fromEntries(AGENCY_REPORT_MONEY_KEYS.map((key) => [key, XLSX_SUM])) },
    });
  }
}
