/**
 * Applications written straight into a test database. Every raw insert of an application in the tests
 * goes through `insertApplication`, so a column the applications model adds (NOT NULL, with its
 * default for the tests) is adapted here once.
 */
import { randomBytes } from 'node:crypto';
import type { Sql } from './transport-fixtures.js';

export interface NewTourist {
  last_name: string;
  first_name: string;
  patronymic?: string | null;
  birthday_date?: string | null;
  document?: number;
  document_number?: string | null;
  citizenship?: number;
  gender?: number;
}

export interface ApplicationOverrides {
  number?: string;
  email?: string | null;
  tourists?: NewTourist[];
  /** A bus-tour application (type 3) of this transport; otherwise an "Авиа" one (type 5, no product). */
  transportId?: number;
}

export interface InsertedApplication {
  id: number;
  number: string;
  /** The tourists' ids in the order given. */
  tourists: number[];
}

/** An application (number, contacts) with its tourists, for a client made for it. */
export async function insertApplication(db: Sql, overrides: ApplicationOverrides = {}): Promise<InsertedApplication> {
  const number = overrides.number ?? `A-${randomBytes(4).toString('hex')}`;
  const [row] = await db.query<{ id: number }>(
    `WITH client AS (INSERT INTO clients (surname, name, phone, is_new) VALUES ('Заказчиков', 'Тест', '+7' || lpad(floor(random() * 1e10)::bigint::text, 10, '0'), false) RETURNING id)
     INSERT INTO applications (number, email, type, transport_id, client_id) SELECT $1, $2, $3, $4, client.id FROM client RETURNING id`,
    [number, overrides.email ?? null, overrides.transportId ? 3 : 5, overrides.transportId ?? null],
  );
  const tourists: number[] = [];
  for (const tourist of overrides.tourists ?? []) {
    const [inserted] = await db.query<{ id: number }>(
      `INSERT INTO tourists (application_id, last_name, first_name, patronymic, birthday_date, document, document_number, citizenship, gender)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [row!.id, tourist.last_name, tourist.first_name, tourist.patronymic ?? null, tourist.birthday_date ?? null, tourist.document ?? 1, tourist.document_number ?? null, tourist.citizenship ?? 1, tourist.gender ?? 1],
    );
    tourists.push(inserted!.id);
  }
  return { id: row!.id, number, tourists };
}

/** A transport item of an application: the leg riding its transport's route from position `from` to `to` on the trip of `date`. */
export async function insertTransportItem(
  db: Sql,
  item: { applicationId: number; leg?: 'forth' | 'back'; transportId: number; date: string; from: number; to: number; startAt?: string; finishAt?: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO application_transports (application_id, leg, transport_id, departure_date, from_route_id, to_route_id, from_city_id, to_city_id, start_at, finish_at)
     SELECT $1, $2, $3, $4, f.id, t.id, f.point_city_id, t.point_city_id, $7, $8
       FROM transport_route_points f, transport_route_points t
      WHERE f.transport_id = $3 AND f.position = $5 AND t.transport_id = $3 AND t.position = $6
     RETURNING id`,
    [item.applicationId, item.leg ?? 'forth', item.transportId, item.date, item.from, item.to, item.startAt ?? item.date, item.finishAt ?? item.date],
  );
  return row!.id;
}
