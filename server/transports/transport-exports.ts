/**
 * The schedule's unloading tab (spec 02 §7): the EGAIS passenger list of a departure as xlsx
 * (date-name-direction.xlsx) and the seating plan as docx, both through the export path
 * (server/exports). exceljs and docx are loaded when an export runs.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { formatDate } from '../../shared/format.js';
import { egaisExportSchema, egaisFileName, seatingExportSchema, seatingFileName } from '../../shared/transport/schedules.js';
import { nameOf, TOURIST_CITIZENSHIPS, TOURIST_DOCUMENTS, TOURIST_GENDERS } from '../../shared/tourists.js';
import { notFound, parseInput } from '../common/http/errors.js';
import { sendDocx } from '../exports/docx.js';
import { streamXlsx } from '../exports/xlsx.js';
import { SEATING_DOCX } from './seating-docx.js';
import { loadTransport, pointMoment, tripMoment, type LoadedTransport } from './transport-read.js';

/** Columns of a passenger list for transport security (EGAIS / АЦБПДП). */
export const EGAIS_COLUMNS = [
  { key: 'last_name', header: 'Фамилия', width: 18 },
  { key: 'first_name', header: 'Имя', width: 16 },
  { key: 'patronymic', header: 'Отчество', width: 18 },
  { key: 'birthday', header: 'Дата рождения', width: 15 },
  { key: 'document', header: 'Вид документа', width: 28 },
  { key: 'document_number', header: 'Номер документа', width: 18 },
  { key: 'citizenship', header: 'Гражданство', width: 14 },
  { key: 'gender', header: 'Пол', width: 10 },
  { key: 'from', header: 'Пункт отправления', width: 20 },
  { key: 'to', header: 'Пункт назначения', width: 20 },
  { key: 'departure', header: 'Дата и время отправления', width: 24 },
  { key: 'seat', header: 'Место', width: 8, type: 'number' },
] as const;

interface Passenger {
  booking_id: number;
  number: number;
  from_position: number;
  to_position: number;
  leg: 'forth' | 'back' | null;
  /** An application's seat whose tourist is not entered yet is named by the application. */
  application_number: string | null;
  tourist_id: number | null;
  last_name: string | null;
  first_name: string | null;
  patronymic: string | null;
  birthday_date: string | null;
  document: number | null;
  document_number: string | null;
  citizenship: number | null;
  gender: number | null;
}

/** `YYYY-MM-DD HH:mm` → `DD.MM.YYYY HH:mm`. */
const displayMoment = (moment: string) => `${formatDate(moment.slice(0, 10))}${moment.slice(10)}`;

@Injectable()
export class TransportExports {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  private async transport(id: number): Promise<LoadedTransport> {
    const transport = await loadTransport(this.db.manager, id);
    if (!transport) throw notFound();
    return transport;
  }

  /** Every booking of the departure with its tourist (manual bookings have none), by seat. */
  private bookings(transportId: number, date: string, leg?: 'forth' | 'back'): Promise<Passenger[]> {
    return this.db.query(
      `SELECT b.id AS booking_id, b.number, b.from_position, b.to_position, b.leg, a.number AS application_number, b.tourist_id, t.last_name, t.first_name, t.patronymic,
              t.birthday_date::text AS birthday_date, t.document, t.document_number, t.citizenship, t.gender
         FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id LEFT JOIN applications a ON a.id = b.application_id
        WHERE b.transport_id = $1 AND b.departure_date = $2 ${leg ? 'AND b.tourist_id IS NOT NULL AND b.leg = $3' : ''}
        ORDER BY b.number, b.from_position`,
      leg ? [transportId, date, leg] : [transportId, date],
    );
  }

  /** GET /transports/{id}/schedules/export/egais?date=&type=egais-forth|egais-back → date-name-direction.xlsx. */
  async egais(id: number, query: unknown, response: Response): Promise<void> {
    const { date, type } = parseInput(egaisExportSchema, query);
    const transport = await this.transport(id);
    const passengers = await this.bookings(id, date, type === 'egais-forth' ? 'forth' : 'back');
    const city = (position: number) => transport.points.find((point) => point.position === position)?.city_name ?? '';
    async function* rows() {
      for (const passenger of passengers) {
        yield {
          last_name: passenger.last_name,
          first_name: passenger.first_name,
          patronymic: passenger.patronymic,
          birthday: formatDate(passenger.birthday_date),
          document: nameOf(TOURIST_DOCUMENTS, passenger.document),
          document_number: passenger.document_number,
          citizenship: nameOf(TOURIST_CITIZENSHIPS, passenger.citizenship),
          gender: nameOf(TOURIST_GENDERS, passenger.gender),
          from: city(passenger.from_position),
          to: city(passenger.to_position),
          departure: displayMoment(tripMoment(date, pointMoment(transport, passenger.from_position, 'leave'))),
          seat: passenger.number,
        };
      }
    }
    await streamXlsx(response, {
      fileName: egaisFileName(date, transport.row.name, type),
      sheetName: 'Пассажиры',
      columns: EGAIS_COLUMNS.map((column) => ({ ...column })),
      rows: rows(),
    });
  }

  /** GET /transports/{id}/schedules/export?date=&type=seating → the seating plan (docx): the scheme with each seat's passengers (seating-docx.ts). */
  async seating(id: number, query: unknown, response: Response): Promise<void> {
    const { date } = parseInput(seatingExportSchema, query);
    const transport = await this.transport(id);
    const bookings = await this.bookings(id, date);
    await sendDocx(response, seatingFileName(date, transport.row.name), SEATING_DOCX, {
      date,
      name: transport.row.name,
      points: transport.points.map((point) => ({ position: point.position, city_name: point.city_name })),
      transportation: transport.transportation,
      bookings: bookings.map(({ number, from_position, to_position, tourist_id, last_name, first_name, patronymic, application_number }) => ({
        number,
        from_position,
        to_position,
        tourist_id,
        last_name,
        first_name,
        patronymic,
        application_number,
      })),
    });
  }
}
