/**
 * "Send notification" of a departure (spec 02 §7: GET /transports/{id}/date/{dateId}/notify): a job
 * of the job queue mails the contacts of the date's applications — those the departure row lists
 * that still have a seat on that transport and date (a seat cancelled after the row was saved leaves
 * nobody to tell), or, when it lists none, every application with a seat there — through the
 * mail service (kept in the outbox when there is no SMTP server), and notes the result on /logs.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatDate } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import type { DateDataRow } from '../../shared/transport/schedules.js';
import { isSafeUrl } from '../../shared/validation.js';
import { defineJob, JobQueue } from '../jobs/job-queue.js';
import { LogService } from '../logs/log.service.js';
import { MailService } from '../mail/mail.service.js';

/** One waiting job per departure row (its id is the singleton key): a second click while it waits adds nothing. */
export const NOTIFY_DATE = defineJob<{ transportId: number; dateId: number }>('transport-date-notify', { policy: 'short' });

type Departure = Pick<DateDataRow, 'date' | 'name' | 'number' | 'glonas_url' | 'departure_place' | 'departure_time'> & { transport_name: string };

/**
 * The letter of one departure. The tracking link is included only when it is an http(s) URL: a
 * `javascript:` or `data:` one stored before links were checked never reaches a client's mailbox.
 */
export function departureLetter(departure: Departure, applicationNumber: string): string {
  const lines = [
    'Здравствуйте!',
    '',
    `Информация о рейсе «${departure.transport_name}» ${formatDate(departure.date)} по заявке № ${applicationNumber}:`,
    departure.name || departure.number ? `Автобус: ${[departure.name, departure.number].filter(Boolean).join(', ')}` : null,
    departure.departure_place ? `Место отправления: ${departure.departure_place}` : null,
    departure.departure_time ? `Время отправления: ${departure.departure_time}` : null,
    isSafeUrl(departure.glonas_url) ? `Отслеживание автобуса: ${departure.glonas_url.trim()}` : null,
    '',
    'Хорошей поездки!',
    '',
  ];
  return lines.filter((line) => line !== null).join('\n');
}

@Injectable()
export class DepartureNotifications {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(LogService) private readonly logs: LogService,
    @Inject(JobQueue) jobs: JobQueue,
  ) {
    jobs.register(NOTIFY_DATE, (payload) => this.send(payload.transportId, payload.dateId));
  }

  /** Mails every contact once; a departure deleted meanwhile has nobody to notify. */
  async send(transportId: number, dateId: number): Promise<void> {
    const [departure] = (await this.db.query(
      `SELECT t.name AS transport_name, d.date::text AS date, d.name, d.number, d.glonas_url, d.departure_place, to_char(d.departure_time, 'HH24:MI') AS departure_time
         FROM transport_date_data d JOIN transports t ON t.id = d.transport_id
        WHERE d.id = $1 AND d.transport_id = $2`,
      [dateId, transportId],
    )) as Departure[];
    if (!departure) return;
    const recipients = (await this.db.query(
      `WITH listed AS (SELECT application_id FROM transport_date_data_applications WHERE date_data_id = $1),
            seated AS (SELECT DISTINCT application_id FROM seat_bookings WHERE transport_id = $2 AND departure_date = $3::date AND application_id IS NOT NULL)
       SELECT DISTINCT ON (lower(a.email)) a.number, a.email
         FROM applications a
        WHERE a.email IS NOT NULL AND a.email <> ''
          AND a.id IN (SELECT application_id FROM seated WHERE application_id IN (SELECT application_id FROM listed) OR NOT EXISTS (SELECT 1 FROM listed))
        ORDER BY lower(a.email), a.number`,
      [dateId, transportId, departure.date],
    )) as { number: string; email: string }[];

    let kept = 0;
    for (const recipient of recipients) {
      const { sent } = await this.mail.send({
        to: recipient.email,
        subject: MESSAGES.transport.notifySubject(departure.transport_name, formatDate(departure.date)),
        text: departureLetter(departure, recipient.number),
      });
      if (!sent) kept++;
    }
    await this.logs
      .write('notice', 'transports', MESSAGES.transport.notifyLog(recipients.length, kept), '', { transport_id: transportId, date_data_id: dateId, recipients: recipients.map((recipient) => recipient.email) })
      .catch(() => undefined);
  }
}
