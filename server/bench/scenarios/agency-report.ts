/**
 * The agencies' monthly report (issue 28; server/agencies/agency-report.service.ts) of an agency with
 * 20 000 applications in the month, each with two tourists and a payment, beside 2 000 in the month
 * before and cancelled ones the report leaves out: time to the last byte and the server's peak
 * memory over idle, streamed. Targets: < 5 s and < 150 MB. The bench's own data, inserted in bulk by
 * SQL (generate_series), not through the application commands.
 */
import { AGENCY_REPORT_PATH } from '../../../shared/resources/agency-report.js';
import type { BenchScenario } from '../context.js';
import { MB, measureDownload } from '../download.js';

const TARGET_SECONDS = 5;
const TARGET_MB = 150;
const IN_MONTH = 20_000;

export const agencyReportScenario: BenchScenario = {
  name: 'agency-report',
  stage: 'full',
  async run({ baseUrl, cookie, sql, log }) {
    const {
      rows: [agency],
    } = await sql.query<{ id: number }>(`INSERT INTO agencies (legal_name, commission_type, commission_sum) VALUES ('ООО «Отчет на 20 000»', 2, 10) RETURNING id`);
    // March 2025 in Moscow: IN_MONTH spread over the month, a tenth of them cancelled on top; 2 000 in February.
    const inserted = await sql.query<{ id: number }>(
      `INSERT INTO applications (type, agency_id, status, price_total, agency_commission, agency_to_pay, created_at)
       SELECT 5, $1, CASE WHEN i > $2 AND i <= $2 * 1.1 THEN 7 ELSE 1 + i % 6 END,
              10000 + (i % 997) + 0.55, 1000 + (i % 97) + 0.05, 9000 + (i % 997) - (i % 97) + 0.50,
              CASE WHEN i <= $2 * 1.1 THEN timestamptz '2025-03-01 00:00:00+03' + (i % 2678) * interval '1000 seconds'
                   ELSE timestamptz '2025-02-01 00:00:00+03' + (i % 2419) * interval '1000 seconds' END
         FROM generate_series(1, $2 * 1.1 + 2000) i
       RETURNING id`,
      [agency!.id, IN_MONTH],
    );
    const ids = inserted.rows.map((row) => row.id);
    await sql.query(
      `INSERT INTO tourists (application_id, last_name, first_name, patronymic, position)
       SELECT id, 'Иванов' || n, 'Пётр', 'Сергеевич', n FROM unnest($1::int[]) id, generate_series(0, 1) n`,
      [ids],
    );
    await sql.query(`INSERT INTO payments (application_id, status, sum) SELECT id, 2, 5000.25 FROM unnest($1::int[]) id`, [ids]);
    await sql.query('ANALYZE applications, tourists, payments');
    log(`  agency-report: ${ids.length} applications of agency ${agency!.id}, ${IN_MONTH} of them in 03.2025 and not cancelled`);

    const { seconds, bytes, overMb, idleMb, collected } = await measureDownload(`${baseUrl}/api${AGENCY_REPORT_PATH}?agency_id=${agency!.id}&year=2025&month=3`, cookie);
    const title = `agency monthly report, ${IN_MONTH.toLocaleString('en')} applications (${(bytes / MB).toFixed(1)} MB)`;
    return [
      { scenario: `${title}: time`, target: `< ${TARGET_SECONDS} s`, met: seconds < TARGET_SECONDS, note: `${seconds.toFixed(2)} s` },
      {
        scenario: `${title}: peak RSS over idle`,
        target: `< ${TARGET_MB} MB`,
        met: overMb < TARGET_MB,
        note: `+${overMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB${collected ? '' : ', no --expose-gc'})`,
      },
    ];
  },
};
