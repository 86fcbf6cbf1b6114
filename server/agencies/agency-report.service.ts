import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { APPLICATION_TYPES, ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { moneyNumber } from '../../shared/money.js';
import { agencyReportFileName, agencyReportQuerySchema, REPORT_TIME_ZONE, ROUBLE_FORMAT } from '../../shared/resources/agency-report.js';
import { parseInput, ValidationFailed } from '../common/http/errors.js';
import { rowsInBatches, streamXlsx, XLSX_SUM, type XlsxColumn } from '../exports/xlsx.js';

const R = MESSAGES.agencies.report;

/** The report's money columns: each a numeric cell in roubles, summed exactly into the totals row (XLSX_SUM). */
const MONEY_KEYS = ['price_total', 'commission', 'to_pay', 'paid', 'balance'] as const;
type MoneyKey = (typeof MONEY_KEYS)[number];

export const AGENCY_REPORT_COLUMNS = [
  { header: 'Номер заявки', key: 'number', width: 16 },
  { header: 'Дата создания', key: 'date', width: 14, type: 'date' },
  { header: 'Туристы', key: 'tourists', width: 40 },
  { header: 'Продукт', key: 'product', width: 32 },
  { header: 'Стоимость', key: 'price_total', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Комиссия', key: 'commission', width: 14, type: 'number', format: ROUBLE_FORMAT },
  { header: 'К оплате', key: 'to_pay', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Оплачено', key: 'paid', width: 16, type: 'number', format: ROUBLE_FORMAT },
  { header: 'Остаток', key: 'balance', width: 16, type: 'number', format: ROUBLE_FORMAT },
] satisfies XlsxColumn[];

type ReportRow = { id: number; number: string; date: string; tourists: string | null; type: number; product: string | null } & Record<MoneyKey, string>;

/**
 * A batch of the agency's applications created in the month (Moscow time), cancelled ones left out,
 * by id through `ix_applications_agency_id (agency_id, id)`. Money stays numeric in SQL and comes as
 * text: paid is the payment status's own `application_paid` (migrations/1765600000000-DerivedPaymentStatus.ts:
 * Σ paid rows − Σ refunds, pending rows count nothing); the balance is what the agency still owes, to pay − paid (negative when it overpaid).
 */
export const AGENCY_REPORT_SQL = `
  SELECT a.id, a.number, (a.created_at AT TIME ZONE '${REPORT_TIME_ZONE}')::date::text AS date,
         (SELECT string_agg(concat_ws(' ', t.last_name, t.first_name, t.patronymic), ', ' ORDER BY t.position, t.id)
            FROM tourists t WHERE t.application_id = a.id) AS tourists,
         a.type,
         application_product_name(a) AS product,
         a.price_total::text AS price_total, a.agency_commission::text AS commission, a.agency_to_pay::text AS to_pay,
         p.paid::text AS paid, (a.agency_to_pay - p.paid)::text AS balance
    FROM applications a
   CROSS JOIN LATERAL (SELECT application_paid(a.id) AS paid) p
   WHERE a.agency_id = $1
     AND a.created_at >= make_timestamp($2, $3, 1, 0, 0, 0) AT TIME ZONE '${REPORT_TIME_ZONE}'
     AND a.created_at < (make_timestamp($2, $3, 1, 0, 0, 0) + interval '1 month') AT TIME ZONE '${REPORT_TIME_ZONE}'
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

    const batches = rowsInBatches<ReportRow>((afterId, limit) => this.db.query(AGENCY_REPORT_SQL, [query.agency_id, query.year, query.month, afterId, limit]));
    async function* rows() {
      for await (const row of batches) {
        // numeric(12,2) text as its number: exact kopecks, which the totals row sums as decimals.
        const money = Object.fromEntries(MONEY_KEYS.map((key) => [key, moneyNumber(row[key])]));
        yield {
          number: row.number,
          date: row.date,
          tourists: row.tourists,
          product: row.product ?? APPLICATION_TYPES.find((type) => type.id === row.type)?.name ?? '',
          ...money,
        };
      }
    }
    await streamXlsx(response, {
      fileName: agencyReportFileName(agency.legal_name, query.year, query.month),
      sheetName: R.sheet,
      columns: AGENCY_REPORT_COLUMNS,
      rows: rows(),
      totals: { number: R.totals, ...Object.fromEntries(MONEY_KEYS.map((key) => [key, XLSX_SUM])) },
    });
  }
}
