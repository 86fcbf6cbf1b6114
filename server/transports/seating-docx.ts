/**
 * The seating plan of a departure as a Word document (spec 02 §7, GET /transports/{id}/schedules/export
 * ?type=seating; transport-exports.ts reads it, the export worker builds it: server/export-worker.ts):
 * the bus's scheme with each seat's passengers, then the list of passengers.
 */
import type * as Docx from 'docx';
import { formatDate } from '../../shared/format.js';
import { seatGrid, seatLayout, type SeatSchemeParams } from '../../shared/transport/seat-scheme.js';
import { docxTask } from '../exports/docx-build.js';

/** A booked seat as the plan prints it (a manual booking has neither tourist nor application). */
export interface SeatingPassenger {
  number: number;
  from_position: number;
  to_position: number;
  tourist_id: number | null;
  last_name: string | null;
  first_name: string | null;
  patronymic: string | null;
  application_number: string | null;
}

/** What the plan is drawn from (plain data, copied to the worker). */
export interface SeatingInput {
  date: string;
  name: string;
  points: { position: number; city_name: string }[];
  transportation: SeatSchemeParams & { name: string };
  bookings: SeatingPassenger[];
}

function seatingDocument(docx: typeof Docx, input: SeatingInput): Docx.Document {
  const { date, name, points, transportation, bookings } = input;
  const city = (position: number) => points.find((point) => point.position === position)?.city_name ?? '';
  const segment = (booking: SeatingPassenger) => `${city(booking.from_position)} → ${city(booking.to_position)}`;
  const person = (booking: SeatingPassenger) =>
    booking.tourist_id !== null
      ? [booking.last_name, booking.first_name, booking.patronymic].filter(Boolean).join(' ')
      : booking.application_number !== null
        ? `Заявка ${booking.application_number}`
        : 'Бронь';
  const bySeat = new Map<number, SeatingPassenger[]>();
  for (const booking of bookings) bySeat.set(booking.number, [...(bySeat.get(booking.number) ?? []), booking]);
  const grid = seatGrid(transportation);
  const wholeRoute = (booking: SeatingPassenger) => booking.from_position === 0 && booking.to_position === points.length - 1;
  const { AlignmentType, BorderStyle, Document, HeadingLevel, PageOrientation, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } = docx;
  const cellWidth = Math.floor(9000 / grid[0]!.length);
  const seatCell = (line: number, column: number) => {
    const number = grid[line]![column];
    if (column === 0) {
      const text = line === 4 ? 'Водитель' : line === 0 ? 'Дверь' : '';
      return new TableCell({ width: { size: cellWidth, type: WidthType.DXA }, children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text, italics: true, size: 16 })] })] });
    }
    if (number === null || number === undefined) {
      const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
      return new TableCell({ width: { size: cellWidth, type: WidthType.DXA }, borders: { top: none, bottom: none, left: none, right: none }, children: [new Paragraph('')] });
    }
    const riders = bySeat.get(number) ?? [];
    return new TableCell({
      width: { size: cellWidth, type: WidthType.DXA },
      shading: riders.length > 0 ? { type: ShadingType.CLEAR, color: 'auto', fill: riders.some((rider) => rider.tourist_id !== null) ? 'F4CCCC' : 'FCE5CD' } : undefined,
      children: [
        new Paragraph({ children: [new TextRun({ text: String(number), bold: true, size: 20 })] }),
        ...riders.map((rider) => new Paragraph({ children: [new TextRun({ text: wholeRoute(rider) ? person(rider) : `${person(rider)} (${segment(rider)})`, size: 16 })] })),
      ],
    });
  };
  const scheme = new Table({
    width: { size: 9000, type: WidthType.DXA },
    rows: grid.map((line, lineIndex) => new TableRow({ children: line.map((_, column) => seatCell(lineIndex, column)) })),
  });
  const header = (text: string) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold: true })] })] });
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const list = new Table({
    width: { size: 9000, type: WidthType.DXA },
    rows: [
      new TableRow({ tableHeader: true, children: ['Место', 'Пассажир', 'Откуда', 'Куда'].map(header) }),
      ...bookings.map((booking) => new TableRow({ children: [cell(String(booking.number)), cell(person(booking)), cell(city(booking.from_position)), cell(city(booking.to_position))] })),
    ],
  });
  const layout = seatLayout(transportation);
  return new Document({
    title: `Рассадка: ${name}`,
    sections: [
      {
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(`Рассадка: ${name}`)] }),
          new Paragraph(`Дата отправления: ${formatDate(date)}`),
          new Paragraph(`Маршрут: ${points.map((point) => point.city_name).join(' → ')}`),
          new Paragraph(`Транспорт: ${transportation.name}, мест: ${layout.places.length}, занято: ${bySeat.size}`),
          new Paragraph(''),
          scheme,
          new Paragraph(''),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun('Пассажиры')] }),
          list,
        ],
      },
    ],
  });
}

/** The departure's seating plan (built in the export worker). */
export const SEATING_DOCX = docxTask('seating-docx', seatingDocument);
