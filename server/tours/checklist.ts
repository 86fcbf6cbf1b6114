/**
 * A tour's checklist (spec 03 §2.5 "Checklist tab", issue 17): a point per tour date and item of the
 * tour — its services (both lists), hotels, meals and transports there and back — with a checkbox
 * and a note, kept outside the tour's payload.
 *
 * Points are keyed by (date, kind, item): creating the checklist, and every later save of a tour that
 * has one, adds the points that are missing and removes those whose item left the tour (a date's
 * points go with the date: ON DELETE CASCADE). Each point has a version of its own, so a PATCH whose
 * points a colleague changed since they were read saves nothing and names those points (409).
 * The per-date counts the list reads are kept by the trigger on the points table.
 */
import { HttpException, HttpStatus } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { MESSAGES } from '../../shared/messages.js';
import { todayIso } from '../../shared/transport/constants.js';
import { CHECKLIST_ALIASES, CHECKLIST_SERVICE_LABELS, type ChecklistAlias } from '../../shared/tours/constants.js';
import type { ChecklistPatch } from '../../shared/tours/schema.js';
import type { Checklist, ChecklistDate, ChecklistPoint } from '../../shared/tours/types.js';
import type { Actor } from '../common/auth/decorators.js';
import { notFound } from '../common/http/errors.js';
import { actAs } from '../common/version.js';

const T = MESSAGES.tours;

/** The items of a tour a checklist covers, as (alias, id) rows: one SQL source for adding and removing points. */
const TOUR_ITEMS_SQL = `
  SELECT 'tour_service'::varchar AS alias, s.item_id AS item_id FROM tour_service_items s WHERE s.tour_id = $1
  UNION SELECT 'hotel', h.hotel_id FROM tour_hotels h WHERE h.tour_id = $1
  UNION SELECT 'meal', m.id FROM tour_meals m WHERE m.tour_id = $1
  UNION SELECT 'transport', t.transport_forth_id FROM tours t WHERE t.id = $1 AND t.transport_forth_id IS NOT NULL
  UNION SELECT 'transport', t.transport_back_id FROM tours t WHERE t.id = $1 AND t.transport_back_id IS NOT NULL`;

/** What syncChecklist needs: a transaction's manager, or a plain client's rows (the demo's fill). */
export interface Queries {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Brings a tour's points in line with the tour (in the caller's transaction): the missing ones added
 * unchecked, those of items the tour no longer has removed. Nothing when the tour has no checklist.
 */
export async function syncChecklist(manager: Queries, tourId: number): Promise<void> {
  const [tour] = (await manager.query(`SELECT has_checklist FROM tours WHERE id = $1`, [tourId])) as { has_checklist: boolean }[];
  if (!tour?.has_checklist) return;
  await manager.query(
    `DELETE FROM tour_checklist_points p USING tour_dates d
      WHERE d.id = p.tour_date_id AND d.tour_id = $1
        AND (p.checkable_alias, p.checkable_id) NOT IN (SELECT alias, item_id FROM (${TOUR_ITEMS_SQL}) AS items)`,
    [tourId],
  );
  await manager.query(
    `INSERT INTO tour_checklist_points (tour_date_id, checkable_alias, checkable_id)
     SELECT d.id, items.alias, items.item_id FROM tour_dates d CROSS JOIN (${TOUR_ITEMS_SQL}) AS items
      WHERE d.tour_id = $1
     ON CONFLICT ON CONSTRAINT uq_tour_checklist_points_point DO NOTHING`,
    [tourId],
  );
}

interface PointRow {
  id: number;
  checkable_alias: ChecklistAlias;
  checkable_id: number;
  checked: boolean;
  comment: string | null;
  version: number;
  date_id: number;
  start_date: string;
  name: string | null;
  class: number | null;
  vendor_name: string | null;
  days: number[] | null;
  is_forth: boolean | null;
}

/** Every point of the tour with what it checks, by date; one statement. */
async function readPoints(manager: EntityManager, tourId: number): Promise<PointRow[]> {
  return manager.query<PointRow[]>(
    `SELECT p.id, p.checkable_alias, p.checkable_id, p.checked, p.comment, p.version, d.id AS date_id, d.start_date::text AS start_date,
            coalesce(s.name, h.name, m.name, tr.name) AS name,
            s.class, coalesce(sv.name, mv.name) AS vendor_name, m.days,
            CASE WHEN p.checkable_alias = 'transport' THEN p.checkable_id = t.transport_forth_id END AS is_forth
       FROM tour_checklist_points p
       JOIN tour_dates d ON d.id = p.tour_date_id
       JOIN tours t ON t.id = d.tour_id
       LEFT JOIN tour_services s ON p.checkable_alias = 'tour_service' AND s.id = p.checkable_id
       LEFT JOIN vendors sv ON sv.id = s.vendor_id
       LEFT JOIN hotels h ON p.checkable_alias = 'hotel' AND h.id = p.checkable_id
       LEFT JOIN tour_meals m ON p.checkable_alias = 'meal' AND m.id = p.checkable_id
       LEFT JOIN vendors mv ON mv.id = m.vendor_id
       LEFT JOIN transports tr ON p.checkable_alias = 'transport' AND tr.id = p.checkable_id
      WHERE d.tour_id = $1
      ORDER BY d.start_date, d.id, p.id`,
    [tourId],
  );
}

/** A point as GET gives it (spec 03 §3 Checklist point). */
function pointOf(row: PointRow): ChecklistPoint {
  const checkable: ChecklistPoint['checkable'] = { id: row.checkable_id, name: row.name ?? '' };
  if (row.checkable_alias === 'tour_service' && row.class !== null) {
    checkable.class = row.class;
    checkable.class_name = CHECKLIST_SERVICE_LABELS[row.class] ?? '';
    checkable.vendor_name = row.vendor_name;
  }
  if (row.checkable_alias === 'meal') {
    checkable.vendor_name = row.vendor_name;
    checkable.days = row.days ?? [];
  }
  if (row.checkable_alias === 'transport') checkable.is_forth = row.is_forth ?? false;
  return {
    id: row.id,
    checkable_alias: row.checkable_alias,
    checkable,
    checked: row.checked,
    comment: row.comment,
    version: row.version,
    excursion_tour_date: { id: row.date_id, start_date: row.start_date },
  };
}

const sectionOrder = (alias: ChecklistAlias) => CHECKLIST_ALIASES.indexOf(alias);

/** The tour's checklist grouped by date into current (from today on) and past; 404 when there is no such tour. */
export async function readChecklist(manager: EntityManager, tourId: number, today = todayIso()): Promise<Checklist> {
  const [tour] = await manager.query<{ has_checklist: boolean }[]>(`SELECT has_checklist FROM tours WHERE id = $1`, [tourId]);
  if (!tour) throw notFound();
  if (!tour.has_checklist) return { exists: false, current: [], past: [] };
  const dates = new Map<number, ChecklistDate>();
  for (const row of await readPoints(manager, tourId)) {
    const date = dates.get(row.date_id) ?? { id: row.date_id, start_date: row.start_date, complete: true, points: [] };
    date.points.push(pointOf(row));
    date.complete &&= row.checked;
    dates.set(row.date_id, date);
  }
  // A date with no point at all (a tour with no items) is listed too, complete.
  const all = await manager.query<{ id: number; start_date: string }[]>(`SELECT id, start_date::text AS start_date FROM tour_dates WHERE tour_id = $1 ORDER BY start_date`, [tourId]);
  const grouped = all.map((date) => dates.get(date.id) ?? { ...date, complete: true, points: [] });
  for (const date of grouped) date.points.sort((a, b) => sectionOrder(a.checkable_alias) - sectionOrder(b.checkable_alias) || a.checkable.name.localeCompare(b.checkable.name, 'ru') || a.id - b.id);
  return { exists: true, current: grouped.filter((date) => date.start_date >= today), past: grouped.filter((date) => date.start_date < today).reverse() };
}

/** POST /api/tours/{id}/checklist: creates the checklist (its points from the tour as it is); again, it answers the one there is. */
export async function createChecklist(db: DataSource, tourId: number, actor: Actor): Promise<Checklist> {
  return db.transaction(async (manager) => {
    await actAs(manager, actor.user.id);
    // Locks the tour: a save of it (which syncs the points) waits, or is waited for.
    const created = await manager.query<{ id: number }[]>(`WITH created AS (UPDATE tours SET has_checklist = true WHERE id = $1 RETURNING id) SELECT id FROM created`, [tourId]);
    if (created.length === 0) throw notFound();
    await syncChecklist(manager, tourId);
    return readChecklist(manager, tourId);
  });
}

/** The 409 of a PATCH: the points a colleague changed (or removed) since they were read, and the checklist as it is now. */
export class ChecklistConflict extends HttpException {
  constructor(points: { id: number; message: string }[], data: Checklist) {
    super({ message: T.checklistConflict, points, errors: Object.fromEntries(points.map((point) => [`points.${point.id}`, [point.message]])), data }, HttpStatus.CONFLICT);
  }
}

/**
 * PATCH /api/tours/{id}/checklist: the points sent (whole or in part) saved at once, or none of them
 * when any was changed by someone else since it was read (409 naming those points); a 409 on a tour
 * that has no checklist yet.
 */
export async function patchChecklist(db: DataSource, tourId: number, patch: ChecklistPatch, actor: Actor): Promise<Checklist> {
  return db.transaction(async (manager) => {
    await actAs(manager, actor.user.id);
    const [tour] = await manager.query<{ has_checklist: boolean }[]>(`SELECT has_checklist FROM tours WHERE id = $1 FOR SHARE`, [tourId]);
    if (!tour) throw notFound();
    // Nothing of it can be saved: a 409 saying so, not 'Чеклист успешно сохранен'.
    if (!tour.has_checklist) throw new HttpException({ message: T.checklistMissing }, HttpStatus.CONFLICT);
    const ids = patch.points.map((point) => point.id);
    const stored = await manager.query<{ id: number; checked: boolean; comment: string | null; version: number }[]>(
      `SELECT p.id, p.checked, p.comment, p.version FROM tour_checklist_points p JOIN tour_dates d ON d.id = p.tour_date_id
        WHERE d.tour_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.id FOR UPDATE OF p`,
      [tourId, ids],
    );
    const byId = new Map(stored.map((point) => [point.id, point]));
    const conflicts = patch.points.flatMap((point): { id: number; message: string }[] => {
      const current = byId.get(point.id);
      if (!current) return [{ id: point.id, message: T.checklistPointUnknown }];
      return point.version !== null && point.version !== current.version ? [{ id: point.id, message: T.checklistPointChanged }] : [];
    });
    if (conflicts.length > 0) throw new ChecklistConflict(conflicts, await readChecklist(manager, tourId));
    const changes = patch.points
      .map((point) => {
        const current = byId.get(point.id)!;
        return { id: point.id, checked: point.checked ?? current.checked, comment: point.comment === undefined ? current.comment : point.comment };
      })
      .filter((point) => {
        const current = byId.get(point.id)!;
        return point.checked !== current.checked || point.comment !== current.comment;
      });
    if (changes.length > 0) {
      await manager.query(
        `UPDATE tour_checklist_points p
            SET checked = v.checked, comment = v.comment, version = p.version + 1, updated_at = now(), updated_by_id = nullif(current_setting('app.user_id', true), '')::int
           FROM jsonb_to_recordset($1::jsonb) AS v(id integer, checked boolean, comment varchar)
          WHERE p.id = v.id`,
        [JSON.stringify(changes)],
      );
    }
    return readChecklist(manager, tourId);
  });
}
