/**
 * The exports that froze the office (issue 37), as fixtures for its server test
 * (server/exports/export-freeze.test.ts) and its bench scenario (server/bench/scenarios/export-freeze.ts):
 * applications created today for the analytics export, the largest tour calculator the schema allows
 * for its Word export, and a big application's printed facts for the generated PDFs.
 */
import { ANALYTICS_PATHS } from '../../shared/analytics/analytics.js';
import { pinnedCalculator } from '../../shared/tour-calculators/pinned-example.js';
import type { CalculatorRecord } from '../../shared/tour-calculators/types.js';
import type { DocumentData } from '../applications/documents/document-data.js';
import type { ApiClient } from './api-client.js';
import { insertTourGround } from './tour-fixtures.js';
import type { Sql } from './transport-fixtures.js';
import { officeToday } from '../../shared/calendar.js';

export interface ExportLoad {
  /** GET of the analytics export over today's applications (the inserted ones). */
  analyticsPath: string;
  /** GET of the largest calculator's Word export. */
  calculatorPath: string;
}

/** `applications` applications created now (one SQL statement), and the largest calculator saved through the API by `admin`. */
export async function insertExportLoad(db: Sql, admin: ApiClient, applications: number): Promise<ExportLoad> {
  const [{ id: clientId }] = (await db.query<{ id: number }>(
    `INSERT INTO clients (surname, name, phone, is_new) VALUES ('Выгрузкин', 'Тест', '+79000000000', false) RETURNING id`,
  )) as [{ id: number }];
  // Numbered in a year of their own so they never meet a saved one.
  await db.query(
    `INSERT INTO applications (number, type, client_id, price_total, email)
     SELECT '1998-' || lpad(g::text, 9, '0'), 5, $1, 1000 + g, 'a' || g || '@example.test' FROM generate_series(1, $2::int) g`,
    [clientId, applications],
  );
  // The largest calculator the schema allows: 60 days with long descriptions and their rows.
  const ground = await insertTourGround(db);
  const day = (index: number) => ({
    name: `День ${index + 1}`,
    description: 'Программа дня с подробным описанием.\n'.repeat(100),
    tour_guide_price: '999999',
    meals: Array.from({ length: 3 }, (_, meal) => ({ name: `Питание ${meal + 1}`, sum: '999999.99' })),
    services: Array.from({ length: 5 }, (_, service) => ({ name: `Услуга ${service + 1}`, type: 1 + (service % 2), adult_price: 1, total_price: 2 })),
    additional_services: [{ name: `Доп. услуга ${index + 1}`, sum: '100.00' }],
  });
  const created = await admin.post<{ data: CalculatorRecord }>('/api/tours/calculators', {
    ...pinnedCalculator(ground.hotelIds[0]!),
    duration: 60,
    days: Array.from({ length: 60 }, (_, index) => day(index)),
  });
  if (created.status !== 201) throw new Error(`The calculator's save answered ${created.status}: ${JSON.stringify(created.body).slice(0, 300)}`);
  const today = officeToday();
  return {
    analyticsPath: `/api${ANALYTICS_PATHS.export}?date_from=${today}&date_to=${today}`,
    calculatorPath: `/api/tours/calculators/${created.body.data.id}/export`,
  };
}

/** A big application's printed facts: 100 tourists, 30 stays, 50 services — drawing it is real work. */
export const BIG_DOCUMENT: DocumentData = {
  number: '2026-000777',
  type: 1,
  requester_type: 'agency',
  requester: 'ООО «Ромашка»',
  agency_user: 'Иванова Мария',
  product: 'Гостиница «Море»',
  tour_date: '01.07.2027',
  phone: '+7 (900) 000-00-00',
  email: 'agency@example.test',
  tourists: Array.from({ length: 100 }, (_, index) => ({ name: `Туристов Турист ${index + 1}`, birthday: '01.01.1990' })),
  stays: Array.from({ length: 30 }, (_, index) => ({ hotel: `Гостиница ${index + 1}`, room: 'Стандарт, двухместный', meal: 'Завтрак', start: '01.07.2027', finish: '15.07.2027', adults: 2, children: 1 })),
  transports: [],
  transfers: [],
  services: Array.from({ length: 50 }, (_, index) => ({ name: `Экскурсия ${index + 1}`, count: '2.00', price_total: '1500.00' })),
  meals: [],
  price_without_discount: '150000.00',
  discount: '0.00',
  price_total: '150000.00',
  prepayment: null,
  agency_commission: '15000.00',
  agency_to_pay: '135000.00',
};
