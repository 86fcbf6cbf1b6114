/**
 * The offer of GET /api/tours/calculators/{id}/export (issue 30), built in the export worker
 * (server/export-worker.ts; tour-calculator-export.ts sends it): the offer as a Word document a manager sends to
 * the customer as it is — the title and the group, the programme day by day, the hotels with their
 * days and meal, what is included, the additionally paid services and the prices. The cost and the
 * commission, the office's own figures, stay out of it.
 */
import type * as Docx from 'docx';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { CalculatorServiceType } from '../../shared/tour-calculators/constants.js';
import type { CalculatorRecord } from '../../shared/tour-calculators/types.js';
import { docxTask } from '../exports/docx-build.js';

const R = MESSAGES.tourCalculators.results;
/** The results a customer reads: the prices and the total, then the additionally paid services. */
const INTERNAL = new Set<string>([R.cost, R.commission]);


const days = (count: number) => `${count} ${count % 10 === 1 && count % 100 !== 11 ? 'день' : [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100) ? 'дня' : 'дней'}`;

/** The group in words: «15 взрослых, 4 детей, 1 пенсионер; сопровождающих: 1». */
function groupText(calculator: CalculatorRecord): string {
  const parts = [
    calculator.adult_count > 0 ? `взрослых: ${calculator.adult_count}` : '',
    calculator.child_count > 0 ? `детей: ${calculator.child_count}` : '',
    calculator.retiree_count > 0 ? `пенсионеров: ${calculator.retiree_count}` : '',
    calculator.free_count > 0 ? `сопровождающих (бесплатно): ${calculator.free_count}` : '',
  ].filter(Boolean);
  return `Группа: ${parts.join(', ')}`;
}

/** What the price includes: transport and guide where paid for, the meals, the services, the stays. */
function included(calculator: CalculatorRecord): string[] {
  const lines = new Set<string>();
  if (calculator.days.some((day) => Number(day.auto_price) > 0)) lines.add('Транспортное обслуживание по программе');
  if (calculator.days.some((day) => Number(day.tour_guide_price) > 0)) lines.add('Услуги гида');
  if (calculator.hotels.length > 0) lines.add('Проживание в гостиницах по программе');
  for (const day of calculator.days) for (const meal of day.meals) lines.add(`Питание: ${meal.name}`);
  for (const service of [...calculator.days.flatMap((day) => day.services), ...calculator.services]) lines.add(service.name);
  return [...lines];
}

/** The offer: title and group, the programme, the stays, what is included, the extras, the prices. */
function calculatorDocument(docx: typeof Docx, calculator: CalculatorRecord): Docx.Document {
  const { Document, HeadingLevel, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = docx;
  const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_2) => new Paragraph({ heading: level, children: [new TextRun(text)] });
  const bullet = (text: string) => new Paragraph({ text, bullet: { level: 0 } });
  const lines = (text: string | null) => (text ?? '').split('\n').filter((line) => line.trim() !== '').map((line) => new Paragraph(line));
  const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });

  const programme = calculator.days.flatMap((day, index) => [
    heading(`День ${index + 1}. ${day.name}`, HeadingLevel.HEADING_3),
    ...lines(day.description),
    ...(day.meals.length > 0 ? [new Paragraph(`Питание: ${day.meals.map((meal) => meal.name).join(', ')}`)] : []),
    ...(day.services.length > 0 ? [new Paragraph(`Включено: ${day.services.map((service) => service.name).join(', ')}`)] : []),
  ]);
  const hotels = calculator.hotels.flatMap((hotel) => [
    new Paragraph({
      children: [
        new TextRun({ text: hotel.hotel_name, bold: true }),
        new TextRun(` — заезд в ${hotel.arrival_day}-й день, выезд в ${hotel.departure_day}-й день${hotel.meal_name ? `, питание: ${hotel.meal_name}` : ''}`),
      ],
    }),
    ...hotel.rooms.map((room) => bullet(`${room.name}: ${room.count} ном., ночей: ${room.duration}`)),
  ]);
  const extras = [
    ...calculator.additional_services,
    ...calculator.days.flatMap((day, index) => day.additional_services.map((service) => ({ ...service, name: `${service.name} (день ${index + 1})` }))),
  ];
  const perPerson = [...calculator.days.flatMap((day) => day.services), ...calculator.services].some((service) => service.type === CalculatorServiceType.PerPerson);
  const prices = calculator.results.filter((line) => !INTERNAL.has(line.title) && !extras.some((extra) => extra.name === line.title));
  const priceTable = new Table({
    width: { size: 9000, type: WidthType.DXA },
    rows: [new TableRow({ tableHeader: true, children: [cell('Стоимость', true), cell('Сумма', true)] }), ...prices.map((line) => new TableRow({ children: [cell(line.title), cell(formatMoney(line.value))] }))],
  });

  return new Document({
    title: calculator.name,
    sections: [
      {
        children: [
          heading(calculator.name, HeadingLevel.TITLE),
          new Paragraph(`Продолжительность: ${days(calculator.duration)}`),
          new Paragraph(groupText(calculator)),
          ...(programme.length > 0 ? [heading('Программа тура'), ...programme] : []),
          ...(hotels.length > 0 ? [heading('Проживание'), ...hotels] : []),
          heading('В стоимость включено'),
          ...included(calculator).map(bullet),
          ...(perPerson ? [new Paragraph({ children: [new TextRun({ text: 'Входные билеты и услуги — по ценам для каждой возрастной категории.', italics: true })] })] : []),
          ...(extras.length > 0 ? [heading('Дополнительно оплачиваемые услуги'), ...extras.map((extra) => bullet(`${extra.name} — ${formatMoney(extra.sum)} с человека`))] : []),
          heading('Стоимость'),
          priceTable,
        ],
      },
    ],
  });
}

/** The calculator's offer as a Word document (built in the export worker). */
export const CALCULATOR_DOCX = docxTask('calculator-docx', calculatorDocument);
