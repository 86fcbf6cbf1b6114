import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { dateReportFileName, dateReportQuerySchema } from '../../shared/analytics/date-report.js';
import { APPLICATION_TYPES, ApplicationStatus } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { parseInput } from '../common/http/errors.js';
import { streamXlsx, type XlsxColumn } from '../exports/xlsx.js';

const C = MESSAGES.dateReport.columns;

export const DATE_REPORT_COLUMNS = [
  { header: C.transport, key: 'transport', width: 28 },
  { header: C.route, key: 'route', width: 30 },
  { header: C.departure, key: 'departure', width: 13 },
  { header: C.seat, key: 'seat', width: 8, type: 'number', format: '0' },
  { header: C.number, key: 'number', width: 16 },
  { header: C.product, key: 'product', width: 28 },
  { header: C.tourist, key: 'tourist', width: 32 },
  { header: C.birthday, key: 'birthday', width: 15, type: 'date' },
  { header: C.requester, key: 'requester', width: 30 },
  { header: C.phone, key: 'phone', width: 16 },
  { header: C.email, key: 'email', width: 24 },
  { header: C.attendantPhone, key: 'attendant_phone', width: 16 },
  { header: C.stay, key: 'stay', width: 36 },
  { header: C.comment, key: 'comment', width: 40 },
] satisfies XlsxColumn[];

interface ReportRow {
  transport: string | null;
  route: string | null;
  departure: string | null;
  seat: number | null;
  number: string;
  type: number;
  product: string | null;
  tourist: string | null;
  birthday: string | null;
  requester: string | null;
  phone: string | null;
  email: string | null;
  attendant_phone: string | null;
  stay: string | null;
  comment: string | null;
}

/**
 * One row per tourist (an application without tourists: one row) of the applications starting on $1,
 * cancelled ones left out, through `ix_applications_start_date (start_date, id)`. The transport is the
 * «Туда» leg's: its bus, from → to, the departure time at the boarding point and the tourist's seat on
 * it. Contacts are the application's own, else its client's, its agency employee's or its agency's.
 * Sorted as the group is met: by bus and departure, by seat, then by application and tourist.
 */
export const DATE_REPORT_SQL = `
  SELECT tr.name AS transport,
         fc.name || ' → ' || tc.name AS route,
         to_char(fp.start_time, 'HH24:MI') AS departure,
         seat.number AS seat,
         a.number, a.type, application_product_name(a) AS product,
         CASE WHEN t.id IS NOT NULL THEN concat_ws(' ', t.last_name, t.first_name, t.patronymic) END AS tourist,
         t.birthday_date::text AS birthday,
         CASE WHEN a.agency_id IS NULL THEN c.full_name ELSE concat_ws(', ', g.legal_name, u.full_name) END AS requester,
         coalesce(a.phone, c.phone, u.phone, g.contact_phone, g.company_phone) AS phone,
         coalesce(a.email, c.email, g.contact_email, g.company_email) AS email,
         a.attendant_phone,
         (SELECT string_agg(h.name || ' ' || to_char(s.start_at, 'DD.MM.YYYY') || '–' || to_char(s.finish_at, 'DD.MM.YYYY'), '; ' ORDER BY s.position, s.id)
            FROM application_accommodations s JOIN hotels h ON h.id = s.hotel_id WHERE s.application_id = a.id) AS stay,
         a.comment
    FROM applications a
    LEFT JOIN clients c ON c.id = a.client_id
    LEFT JOIN agencies g ON g.id = a.agency_id
    LEFT JOIN agency_users u ON u.id = a.agency_user_id
    LEFT JOIN tourists t ON t.application_id = a.id
    LEFT JOIN application_transports i ON i.application_id = a.id AND i.leg = 'forth'
    LEFT JOIN transports tr ON tr.id = i.transport_id
    LEFT JOIN cities fc ON fc.id = i.from_city_id
    LEFT JOIN cities tc ON tc.id = i.to_city_id
    LEFT JOIN transport_route_points fp ON fp.id = i.from_route_id
    LEFT JOIN LATERAL (SELECT min(b.number)::int AS number FROM seat_bookings b
                        WHERE b.tourist_id = t.id AND b.leg = 'forth' AND b.transport_id = i.transport_id) seat ON true
   WHERE a.start_date = $1 AND a.status <> ${ApplicationStatus.Cancelled}
   ORDER BY tr.name NULLS LAST, i.transport_id NULLS LAST, fp.start_time NULLS LAST, seat.number NULLS LAST, a.number, t.position, t.id`;

/** GET /analytics/date-report?start_date= (spec 03 §2.12, §7, §9): the day's arrivals as xlsx, for the staff meeting the group. */
@Injectable()
export class DateReportService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async report(response: Response, raw: Record<string, unknown>): Promise<void> {
    const { start_date: startDate } = parseInput(dateReportQuerySchema, raw);
    const db = this.db;
    // One day's applications (hundreds of tourists, not the order book's million): read in one query, in the report's own order.
    async function* rows() {
      for (const row of (await db.query(DATE_REPORT_SQL, [startDate])) as ReportRow[]) {
        yield { ...row, product: row.product ?? APPLICATION_TYPES.find((type) => type.id === row.type)?.name ?? '' };
      }
    }
    await streamXlsx(response, { fileName: dateReportFileName(startDate), sheetName: MESSAGES.dateReport.sheet, columns: DATE_REPORT_COLUMNS, rows: rows() });
  }
}
