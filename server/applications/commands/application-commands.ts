/**
 * The application's commands (issue 26; ARCHITECTURE.md §7 "The application's commands"): the only
 * way to change an application. Controllers, the seats and list routes, the demo's fake data and (to
 * come) jobs and connectors call these; nothing else writes an application's tables — except, by
 * name, the watched mark (list/), the chat and its unread-count triggers (chat/), and the documents
 * (documents/: uploads outside the save and its version, under the same row lock, in the same
 * history; the generated ones made by their job, which clears the mark the save sets). The bench's
 * million applications are filled in SQL (server/bench/fill/), the one documented exception.
 *
 * Each command is one transaction (or runs in the caller's: `reprice`), takes an actor
 * (./actor.ts) and judges its changes by the rule table (shared/applications/field-rules.ts) and the
 * rules needing stored data (../application-rules.ts). Re-pricing is the save's own loader and engine.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APPLICATION_STATUSES, ApplicationStatus, LEGS, PaymentStatus, RequesterType, canEditPrice } from '../../../shared/applications/constants.js';
import { APPLICATION_FIELD_RULES, APPLICATION_FIELDS, statusTakesChange } from '../../../shared/applications/field-rules.js';
import type { ApplicationActionReply } from '../../../shared/applications/list.js';
import { paymentState, type CountedPayment } from '../../../shared/applications/payment-status.js';
import { saveRuleErrors } from '../../../shared/applications/persons.js';
import { applicationSchema, paymentSchema, seatsKey, transportKey, type ApplicationForm } from '../../../shared/applications/schema.js';
import { vendorPaymentErrors } from '../../../shared/applications/vendor-payments.js';
import type { RouteChange, SeatChange } from '../../../shared/applications/seats.js';
import type { ApplicationRecord, ApplicationSeat, ApplicationTransportItem } from '../../../shared/applications/types.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { writeAggregate } from '../../common/aggregate/aggregate-store.js';
import { saveAggregate, type SavedAggregate } from '../../common/aggregate/save-aggregate.js';
import { forbidden, notFound, parseInput, ValidationFailed } from '../../common/http/errors.js';
import { actAs, assertCurrentVersion } from '../../common/version.js';
import {
  holdTransport,
  lockApplicationBookings,
  lockBooking,
  moveBookingsToSegment,
  moveBookingToSeat,
  releaseApplicationSeats,
  SeatNotInScheme,
  SeatRepeated,
  SeatTaken,
  syncApplicationSeats,
} from '../../seats/seat-store.js';
import { loadTransport, rideDates } from '../../transports/transport-read.js';
import { loadGround, type Ground } from '../application-ground.js';
import { APPLICATION_AGGREGATE } from '../aggregate/declaration.js';
import { applicationNode, type SaveFacts } from '../aggregate/write.js';
import { addedPaymentErrors, groundRequest, lockErrors, paidStatusErrors, priceForm, rideOf, seatErrors, startDateOf, type Priced, type StoredState } from '../application-rules.js';
import { ApplicationsService } from '../applications.service.js';
import { segmentOf } from '../seats/segment.js';
import { actorMayChange, actorUserId, type ApplicationActor } from './actor.js';
import { capAgencyCommission } from './agency-commission-cap.js';
import { changedFields } from './changes.js';
import { audited, readAudited, recordChanges, recordDeleted, type AuditedState } from './history.js';
import type { DocumentData } from '../documents/document-data.js';
import { markDocumentsIfNeeded, printedBefore } from '../documents/documents-mark.js';
import { removeUnreferencedUploads } from '../../files/files.service.js';

const A = MESSAGES.applications;

export interface SaveOptions {
  /** The application to update; absent to create. */
  id?: number;
  /** The payload as an outside source sent it (stored on creation). */
  raw?: unknown;
  /** When a new application was made, where not now: an import's booking time, the demo's history. */
  createdAt?: string;
  /** The payload's top-level `confirm_overpayment`: paying a vendor above its net was confirmed. */
  confirmOverpayment?: boolean;
}

/** What a save reads of the stored application in one statement: the rules' state and what the save keeps. */
interface StoredApplication extends StoredState {
  number: string;
  payload: unknown;
  source: string | null;
  source_payload: unknown;
  external_id: string | null;
  created_by_id: number | null;
  tourist_ids: number[];
  legs: { kind: 'transports' | 'transfers'; leg: 'forth' | 'back'; id: number; payload: unknown }[];
  /** The raw payloads of the stored accommodations that have one, by the row's id. */
  stay_payloads: Record<string, unknown>;
  payments: NonNullable<ApplicationForm['payments']>;
  vendor_payments: NonNullable<ApplicationForm['vendor_payments']>;
}

const STORED_SQL = `
  SELECT a.status, a.payment_status, a.payment_method, a.user_id, a.manual_price_without_discount::text, a.discount::text, a.manual_agency_commission::text, a.prepayment::text,
    a.number, a.payload, a.source, a.source_payload, a.external_id, a.created_by_id,
    EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id) AS has_payments,
    coalesce((SELECT json_agg(t.id) FROM tourists t WHERE t.application_id = a.id), '[]') AS tourist_ids,
    coalesce((SELECT json_agg(l) FROM (
      SELECT 'transports' AS kind, leg, id, payload FROM application_transports WHERE application_id = a.id
      UNION ALL SELECT 'transfers', leg, id, NULL FROM application_transfers WHERE application_id = a.id) l), '[]') AS legs,
    coalesce((SELECT json_object_agg(s.id, s.payload) FROM application_accommodations s WHERE s.application_id = a.id AND s.payload IS NOT NULL), '{}') AS stay_payloads,
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'status', p.status, 'sum', p.sum::text, 'is_online', p.is_online, 'date', p.date::text)) FROM payments p WHERE p.application_id = a.id), '[]') AS payments,
    coalesce((SELECT json_agg(json_build_object('id', v.id, 'vendor_id', v.vendor_id, 'sum', v.sum, 'date', v.date::text, 'payment_method', v.payment_method)) FROM vendor_payments v WHERE v.application_id = a.id), '[]') AS vendor_payments
  FROM applications a WHERE a.id = $1`;

/** The column default of `applications.number` (the year and the sequence), read from the catalogue once. */
let numberDefault: string | null = null;
async function nextNumber(manager: EntityManager): Promise<string> {
  if (numberDefault === null) {
    const [row] = await manager.query<{ expression: string }[]>(
      `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
       WHERE d.adrelid = 'applications'::regclass AND a.attname = 'number'`,
    );
    numberDefault = row!.expression;
  }
  const [row] = await manager.query<{ number: string }[]>(`SELECT ${numberDefault} AS number`);
  return row!.number;
}

/** The product's city: a hotel's, a tour's, a sea tour's; a bus transport's finish city; none for avia and railway. */
const cityOf = (ground: Ground) => (ground.product && ground.product.kind !== 'none' ? (ground.product.city_id ?? null) : null);

/** Number, requester's name (the client, or the agency's employee — not the agency), phone, e-mail, tourists' names. */
function searchText(number: string, form: ApplicationForm, ground: Ground): string {
  const requester = ground.requester?.type === RequesterType.Client ? ground.requester.full_name : (ground.agencyUser?.full_name ?? null);
  const tourists = form.tourists.map((tourist) => [tourist.last_name, tourist.first_name, tourist.patronymic].filter(Boolean).join(' '));
  return [number, requester, form.phone, form.email, ...tourists].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
}

/**
 * The user the staff's state rules see (the price locks, the manager rule): the staff user, or for the
 * system and a supplier an unlimited one — they are not held by the office's roles.
 */
const rulesUser = (actor: ApplicationActor): { id: number; role: number } => (actor.kind === 'staff' ? actor.user : { id: 0, role: Role.Administrator });

/** The payment status a save stores: of the payments it writes (the stored ones when the form leaves them out) and what the priced application owes. */
function derivedPaymentStatus(form: ApplicationForm, priced: Priced, stored: Pick<StoredApplication, 'payments'> | undefined): PaymentStatus {
  const basis = { status: form.status, requester_type: form.requester_type, price_total: priced.result.price_total, agency_to_pay: priced.result.agency_to_pay };
  return paymentState(basis, form.payments ?? stored?.payments ?? []).payment_status;
}

/** Whom the record is read for in a command's reply: the staff user's role (what it may see), the administrator's for the system and a supplier. */
const viewerOf = (actor: ApplicationActor): { role: Role } => ({ role: actor.kind === 'staff' ? actor.user.role : Role.Administrator });

interface LockedApplication {
  id: number;
  status: number;
  has_payments: boolean;
}

const SEAT_COLUMNS = `b.id, b.number, b.transport_id, b.leg, b.tourist_id,
  CASE WHEN t.id IS NULL THEN NULL ELSE concat_ws(' ', t.last_name, t.first_name, t.patronymic) END AS tourist_name`;

@Injectable()
export class ApplicationCommands {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ApplicationsService) private readonly reads: ApplicationsService,
  ) {}

  // -------------------------------------------------------------------------------------------
  // Save

  /**
   * Creates (no `id`) or updates an application from the office or an outside source: one
   * transaction — the version check (409), the rule table and the rules needing stored data, the
   * engine, the rows with their shares and the breakdown, the seats through the seat store. `raw` is
   * the payload as an outside source sent it (stored on creation).
   */
  async save(form: ApplicationForm, actor: ApplicationActor, options: SaveOptions = {}): Promise<{ data: SavedAggregate<ApplicationRecord> }> {
    const { id, raw, createdAt, confirmOverpayment = false } = options;
    // The ground the build loaded and the form it priced, for the seats written after the rows.
    let built: { ground: Ground; form: ApplicationForm; cancelled: boolean } | null = null;
    // The audited fields as stored, read under the version check's row lock (none for a new application): the history's "before".
    let history: AuditedState | null = null;
    // What the made generated documents print, read under the same lock: a change marks them stale.
    let printed: DocumentData | null = null;
    const viewer = viewerOf(actor);
    const data = await saveAggregate(this.db, {
      declaration: APPLICATION_AGGREGATE,
      actor: { user: { id: actorUserId(actor) } },
      id,
      version: form.version,
      input: form,
      read: (manager, savedId) => this.reads.read(manager, savedId, viewer),
      build: async (manager) => {
        if (id !== undefined) [history, printed] = [await readAudited(manager, id), await printedBefore(manager, id)];
        const result = await this.build(manager, form, actor, id, raw, createdAt, confirmOverpayment);
        built = result;
        return result.node;
      },
      afterWrite: async (manager, savedId) => {
        const done = built!;
        // A cancelled application released its seats (the cancel): no seats to write.
        if (!done.cancelled) await this.writeSeats(manager, savedId, done.form, done.ground, actor, id !== undefined);
        await recordChanges(manager, savedId, history, actor);
        await markDocumentsIfNeeded(manager, savedId, printed);
      },
    });
    return { data };
  }

  /**
   * A supplier's version of its booking (imports, issue 31): saved as an outside source, with the
   * rows' raw payloads it sends written — the one save after the creation that writes them.
   */
  saveFromSupplier(form: ApplicationForm, vendorId: number, options: SaveOptions = {}) {
    return this.save(form, { kind: 'supplier', vendorId }, options);
  }

  private async build(manager: EntityManager, sent: ApplicationForm, actor: ApplicationActor, id: number | undefined, raw: unknown, createdAt?: string, confirmOverpayment = false) {
    const [stored] = id === undefined ? [] : await manager.query<StoredApplication[]>(STORED_SQL, [id]);
    if (id !== undefined && !stored) throw notFound();
    const cancelled = stored?.status === ApplicationStatus.Cancelled;
    let form = sent;
    // The fields to judge: every one on a cancelled application (against the whole stored record), else
    // only those the actor may not change — read from the stored row the save has read anyway.
    const judged = cancelled ? APPLICATION_FIELDS : APPLICATION_FIELDS.filter((field) => !actorMayChange(field, actor));
    const before: Partial<ApplicationForm> | null = !stored
      ? null
      : cancelled
        ? parseInput(applicationSchema, await this.reads.read(manager, id!, { role: Role.Administrator }))
        : { payment_method: stored.payment_method, payment_status: stored.payment_status, payments: stored.payments, vendor_payments: stored.vendor_payments };
    const changed = judged.length === 0 ? [] : changedFields(sent, before, judged);
    // The rule table: a change the actor's role may not make refuses the whole save (403) — a role-limited
    // list left out or sent as stored is kept; a cancelled application takes only its money.
    const refused: Record<string, string[]> = {};
    for (const field of changed) {
      const rule = APPLICATION_FIELD_RULES[field];
      if (!actorMayChange(field, actor) && rule.refusal?.status === 403) throw forbidden(rule.refusal.message);
      if (!actorMayChange(field, actor) && rule.refusal) refused[field] = [rule.refusal.message];
      if (!statusTakesChange(field, cancelled)) throw new ValidationFailed({ status: [A.cancelledLocked] });
    }
    for (const field of ['payments', 'vendor_payments'] as const) if (!actorMayChange(field, actor)) form = { ...form, [field]: undefined };

    const errors = {
      ...refused,
      ...lockErrors(form, stored ?? null, rulesUser(actor)),
      // Its seats were released by the cancel: the rule of a seat per rider no longer applies; nor do
      // the persons and product-row rules to a record that takes only its money.
      ...(cancelled ? {} : seatErrors(form, new Set(stored?.tourist_ids ?? []))),
      ...(cancelled ? {} : saveRuleErrors(form, { office: actor.kind === 'staff', creating: !stored })),
      // An outside source is a staff client's creation with a `source`, as the product-row rules tell it.
      ...addedPaymentErrors(form, new Set((stored?.payments ?? []).map((row) => row.id!)), actor.kind !== 'staff' || (!stored && Boolean(form.source))),
    };
    const ground = await loadGround(manager, groundRequest(form));
    const priced = priceForm(form, ground, stored ? stored.manual_price_without_discount : null, errors);
    // Against this save's nets; `confirm_overpayment` is the payload's own flag, not a form field.
    const vendorPaid = vendorPaymentErrors(form.vendor_payments, stored?.vendor_payments ?? [], priced.result.breakdown.vendors, confirmOverpayment);
    const paidErrors = { ...paidStatusErrors(form, stored ?? null, derivedPaymentStatus(form, priced, stored)), ...vendorPaid.errors };
    if (Object.keys(paidErrors).length > 0) throw new ValidationFailed(paidErrors, vendorPaid.codes);
    return { node: await this.node(manager, form, ground, priced, stored, raw, actor, createdAt), ground, form, cancelled };
  }

  /** The rows of a save: the form, the engine's result, and what the save keeps or derives (the number, raw payloads, start date, city, search text). */
  private async node(manager: EntityManager, form: ApplicationForm, ground: Ground, priced: Priced, stored: StoredApplication | undefined, raw: unknown, actor: ApplicationActor, createdAt?: string) {
    const product = ground.product;
    const autoConfirm = !stored && form.source && product && 'application_auto_confirm' in product && product.application_auto_confirm ? product.auto_confirm_status : null;
    const number = stored?.number ?? (await nextNumber(manager));
    const legIds: SaveFacts['legIds'] = { transports: {}, transfers: {} };
    const rawPayloads: SaveFacts['rawPayloads'] = { accommodations: new Map(Object.entries(stored?.stay_payloads ?? {}).map(([rowId, payload]) => [Number(rowId), payload])), transports: {} };
    for (const leg of stored?.legs ?? []) {
      legIds[leg.kind][leg.leg] = leg.id;
      if (leg.kind === 'transports' && leg.payload !== null) rawPayloads.transports[leg.leg] = leg.payload;
    }
    const facts: SaveFacts = {
      number,
      status: autoConfirm ?? form.status,
      // Derived from the rows this save keeps and what it now owes; whatever was sent is ignored.
      payment_status: derivedPaymentStatus(form, priced, stored),
      // Raw as received, from outside sources only; kept as first received.
      payload: stored ? stored.payload : form.source ? raw : null,
      source: stored ? stored.source : (form.source ?? null),
      source_payload: stored ? stored.source_payload : form.source ? (form.source_payload ?? null) : null,
      external_id: stored ? stored.external_id : form.external_id,
      created_by_id: stored ? stored.created_by_id : actorUserId(actor),
      created_at: stored ? undefined : createdAt,
      start_date: startDateOf(form, ground),
      city_id: cityOf(ground),
      search_text: searchText(number, form, ground),
      legIds,
      rawPayloads,
      // Rows' raw payloads are what an outside source sent, kept as first received like the
      // application's own: written by the outside source's creation (with its `source`) and by a
      // supplier's save; every other save keeps the stored rows' payloads and adds none, whatever it
      // sends and whoever sends it.
      writesRawPayloads: actor.kind === 'supplier' || (!stored && Boolean(form.source)),
      keptPayments: stored?.payments ?? [],
      keptVendorPayments: stored?.vendor_payments ?? [],
    };
    return applicationNode(form, priced, ground, facts);
  }

  /**
   * Each leg's seats through the seat store, in the save's transaction, once the tourists have ids
   * (a seat names a tourist by id, or by its index in the form). A leg without a transport item
   * keeps no seat. A seat taken meanwhile is a 422 on its number, never a double sale.
   */
  private async writeSeats(manager: EntityManager, applicationId: number, form: ApplicationForm, ground: Ground, actor: ApplicationActor, isUpdate: boolean): Promise<void> {
    const hasSeats = LEGS.some((leg) => form[transportKey(leg)] !== null);
    // A new application without transport items has no seats to drop.
    if (!hasSeats && !isUpdate) return;
    const touristIds = form.tourists.some((tourist) => tourist.id == null)
      ? (await manager.query<{ id: number }[]>(`SELECT id FROM tourists WHERE application_id = $1 ORDER BY position, id`, [applicationId])).map((row) => row.id)
      : form.tourists.map((tourist) => tourist.id!);
    for (const leg of LEGS) {
      const item = form[transportKey(leg)];
      const key = seatsKey(leg);
      const ride = item ? rideOf(ground.transports.get(item.transport_id)!, item)! : null;
      const wanted = item
        ? form[key].map((seat) => ({ number: seat.number, touristId: seat.tourist_id ?? (seat.tourist_index == null ? null : (touristIds[seat.tourist_index] ?? null)) }))
        : [];
      try {
        await syncApplicationSeats(manager, {
          applicationId,
          leg,
          transportId: item?.transport_id ?? 0,
          departureDate: item?.departure_date ?? '',
          from: ride?.from_position ?? 0,
          to: ride?.to_position ?? 0,
          wanted,
          createdById: actorUserId(actor),
        });
      } catch (error) {
        if (error instanceof SeatTaken) throw new ValidationFailed({ [`${key}.${error.index ?? 0}.number`]: [A.seatTaken] });
        if (error instanceof SeatRepeated) throw new ValidationFailed({ [`${key}.${error.index}.number`]: [A.seatTwice] });
        if (error instanceof SeatNotInScheme) throw new ValidationFailed({ [`${key}.${error.index}.number`]: [MESSAGES.transport.noSuchSeat] });
        throw error;
      }
    }
  }

  /**
   * Re-prices a stored application as it now is, in the caller's transaction, and stores its totals,
   * shares and breakdown (the route change of a transport item; a job after a price change). The
   * discount is judged against the new price (a 422 on `discount` when it no longer fits).
   */
  async reprice(manager: EntityManager, id: number, actor: ApplicationActor = { kind: 'system', userId: null }): Promise<void> {
    const [stored] = await manager.query<StoredApplication[]>(STORED_SQL, [id]);
    if (!stored) throw notFound();
    const form = parseInput(applicationSchema, await this.reads.read(manager, id, { role: Role.Administrator }));
    const ground = await loadGround(manager, groundRequest(form));
    const priced = priceForm(form, ground, undefined);
    // The stored rows are written as the system's (no role limits); the history names who asked.
    const system: ApplicationActor = { kind: 'system', userId: null };
    await audited(manager, id, actor, async () => writeAggregate(manager, APPLICATION_AGGREGATE, await this.node(manager, form, ground, priced, stored, null, system), id));
  }

  // -------------------------------------------------------------------------------------------
  // The list's row actions

  /** Status 7 and every seat released, in one transaction (the version check locks the row first, as a save does); a cancelled application is a 422. */
  async cancel(id: number, version: number | null | undefined, actor: ApplicationActor): Promise<ApplicationActionReply> {
    return this.db.transaction(async (manager) => {
      await actAs(manager, actorUserId(actor));
      await assertCurrentVersion(manager, 'applications', id, version, () => this.reads.read(manager, id, viewerOf(actor)));
      const [stored] = await manager.query<{ status: number }[]>(`SELECT status FROM applications WHERE id = $1`, [id]);
      if (!stored) throw notFound();
      if (stored.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ status: [A.alreadyCancelled] });
      await releaseApplicationSeats(manager, id);
      // A cancelled application owes nothing: money left on it is a refund owed (4).
      const payments = await manager.query<CountedPayment[]>(`SELECT status, sum::text AS sum FROM payments WHERE application_id = $1`, [id]);
      const { payment_status } = paymentState({ status: ApplicationStatus.Cancelled, requester_type: RequesterType.Client, price_total: 0, agency_to_pay: 0 }, payments);
      const [row] = await audited(manager, id, actor, () =>
        manager.query<{ version: number }[]>(
          `WITH changed AS (UPDATE applications SET status = $2, payment_status = $3 WHERE id = $1 RETURNING version) SELECT version FROM changed`,
          [id, ApplicationStatus.Cancelled, payment_status],
        ),
      );
      const status = APPLICATION_STATUSES.find((item) => item.id === ApplicationStatus.Cancelled)!;
      return { message: A.cancelled, data: { id, status: status.id, status_name: status.name, version: row!.version } };
    });
  }

  /**
   * Deletes an application (the route lets only the administrator): refused with 403 while it has
   * payments or vendor payments (`can_delete`); its seats released through the seat store, then the
   * application and its rows (they cascade), and the files its documents kept, in one transaction.
   */
  async remove(id: number, actor: ApplicationActor): Promise<{ message: string }> {
    return this.db.transaction(async (manager) => {
      await actAs(manager, actorUserId(actor));
      const [stored] = await manager.query<{ paid: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id) OR EXISTS (SELECT 1 FROM vendor_payments v WHERE v.application_id = a.id) AS paid
           FROM applications a WHERE a.id = $1 FOR UPDATE OF a`,
        [id],
      );
      if (!stored) throw notFound();
      if (stored.paid) throw forbidden(A.deleteHasPayments);
      await releaseApplicationSeats(manager, id);
      await recordDeleted(manager, id, actor);
      const documents = await manager.query<{ path: string }[]>(`SELECT path FROM application_documents WHERE application_id = $1 AND path IS NOT NULL`, [id]);
      await manager.query(`DELETE FROM applications WHERE id = $1`, [id]);
      // The documents went with the application; their uploads would otherwise stay stored for nothing.
      await removeUnreferencedUploads(manager, documents.map((document) => document.path));
      return { message: A.deleted };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Seats and routes (issue 18 "Seats"): each raises the version, so a colleague's open copy is stale.
  // Locks in the save's order — the application, the transport (FOR SHARE), its bookings — so a change
  // and a save of one application queue instead of deadlocking.

  /** The application's row locked against other writers for the rest of the transaction. */
  private async lockApplication(manager: EntityManager, id: number): Promise<LockedApplication | null> {
    const [row] = await manager.query<LockedApplication[]>(
      `SELECT a.id, a.status, EXISTS (SELECT 1 FROM payments p WHERE p.application_id = a.id) AS has_payments FROM applications a WHERE a.id = $1 FOR NO KEY UPDATE OF a`,
      [id],
    );
    return row ?? null;
  }

  /** Raises the version (a seat or route change is an edit) and keeps `start_date`, the earliest start of its items, as a save stores it. */
  private async touchApplication(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `UPDATE applications SET version = version + 1,
              start_date = (SELECT min(start_at) FROM (
                SELECT start_at FROM application_accommodations WHERE application_id = $1
                UNION ALL SELECT start_at FROM application_transports WHERE application_id = $1
                UNION ALL SELECT start_at FROM application_transfers WHERE application_id = $1) AS starts)
        WHERE id = $1`,
      [id],
    );
  }

  /**
   * The seat change: the application's booking moves to seat `number` — same tourist, leg and
   * segment. Refused (422 on `number`) when the seat is not in the scheme, is already one of the
   * application's on this trip, or is taken on an overlapping segment (the seat store decides).
   */
  async changeSeat(transportId: number, input: SeatChange, actor: ApplicationActor): Promise<{ message: string; data: ApplicationSeat }> {
    return this.db.transaction(async (manager) => {
      const notOurs = () => new ValidationFailed({ transport_seat_id: [A.notApplicationSeat] });
      const [owner] = await manager.query<{ application_id: number | null }[]>(`SELECT application_id FROM seat_bookings WHERE id = $1 AND transport_id = $2`, [input.transport_seat_id, transportId]);
      if (!owner) {
        if (!(await holdTransport(manager, transportId))) throw notFound();
        throw notOurs();
      }
      if (owner.application_id === null) throw notOurs();
      const application = await this.lockApplication(manager, owner.application_id);
      if (!application) throw notOurs();
      if (application.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ number: [A.cancelledLocked] });
      if (!(await holdTransport(manager, transportId))) throw notFound();
      const booking = await lockBooking(manager, transportId, input.transport_seat_id);
      // Gone or handed over between the first read and the locks: not this application's seat any more.
      if (!booking || booking.application_id !== application.id) throw notOurs();
      const [mine] = await manager.query<unknown[]>(`SELECT 1 FROM seat_bookings WHERE application_id = $1 AND transport_id = $2 AND departure_date = $3 AND number = $4`, [
        application.id,
        transportId,
        booking.departure_date,
        input.number,
      ]);
      if (mine) throw new ValidationFailed({ number: [A.seatTwice] });
      await actAs(manager, actorUserId(actor));
      try {
        await moveBookingToSeat(manager, booking, input.number);
      } catch (error) {
        if (error instanceof SeatNotInScheme) throw new ValidationFailed({ number: [MESSAGES.transport.noSuchSeat] });
        if (error instanceof SeatTaken) throw new ValidationFailed({ number: [A.seatTaken] });
        throw error;
      }
      await this.touchApplication(manager, application.id);
      const [seat] = await manager.query<ApplicationSeat[]>(`SELECT ${SEAT_COLUMNS} FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id WHERE b.id = $1`, [booking.id]);
      return { message: A.seatChanged, data: seat! };
    });
  }

  /**
   * The route change of a transport item: it rides between other points of its transport, and all
   * its seats move to that segment together — or none, with 'Невозможно поменять маршрут…' when any
   * is taken there. The item's cities and dates follow from the points; the application is re-priced
   * while its prices may change (`can_edit_price`).
   */
  async changeRoute(applicationId: number, itemId: number, input: Pick<RouteChange, 'from_route_id' | 'to_route_id'>, actor: ApplicationActor): Promise<{ message: string; data: ApplicationTransportItem }> {
    return this.db.transaction(async (manager) => {
      const application = await this.lockApplication(manager, applicationId);
      if (!application) throw notFound();
      const printed = await printedBefore(manager, applicationId);
      const [item] = await manager.query<{ id: number; leg: 'forth' | 'back'; transport_id: number; departure_date: string }[]>(
        `SELECT id, leg, transport_id, departure_date::text AS departure_date FROM application_transports WHERE id = $1 AND application_id = $2 FOR UPDATE`,
        [itemId, applicationId],
      );
      if (!item) throw notFound();
      if (application.status === ApplicationStatus.Cancelled) throw new ValidationFailed({ to_route_id: [A.cancelledLocked] });
      if (!(await holdTransport(manager, item.transport_id))) throw notFound();
      const transport = (await loadTransport(manager, item.transport_id))!;
      const { from, to } = segmentOf(transport, input.from_route_id, input.to_route_id);

      const bookings = (await lockApplicationBookings(manager, applicationId, { leg: item.leg, transportId: item.transport_id })).filter((booking) => booking.departure_date === item.departure_date);
      await actAs(manager, actorUserId(actor));
      try {
        await moveBookingsToSegment(
          manager,
          bookings.map((booking) => booking.id),
          from.position,
          to.position,
        );
      } catch (error) {
        if (error instanceof SeatTaken) throw new ValidationFailed({ to_route_id: [A.routeChangeImpossible] });
        throw error;
      }
      const dates = rideDates(transport, item.departure_date, from.position, to.position);
      await manager.query(`UPDATE application_transports SET from_route_id = $2, to_route_id = $3, from_city_id = $4, to_city_id = $5, start_at = $6, finish_at = $7 WHERE id = $1`, [
        item.id,
        from.id,
        to.id,
        from.point_city_id,
        to.point_city_id,
        dates.start_at,
        dates.finish_at,
      ]);
      const user = rulesUser(actor);
      const privileged = user.role === Role.Administrator || user.role === Role.Accountant;
      // Re-pricing writes the application as a save does (its version and start date too); otherwise the change touches it.
      if (canEditPrice(application.status, application.has_payments, privileged)) await this.reprice(manager, applicationId, actor);
      else await this.touchApplication(manager, applicationId);
      // The ride's cities and dates are printed on the documents.
      await markDocumentsIfNeeded(manager, applicationId, printed);
      return { message: A.routeChanged, data: await this.reads.transportItem(manager, item.id) };
    });
  }

  // -------------------------------------------------------------------------------------------
  // Money and paper (issue 28 builds its screens on these)

  /**
   * Records one customer payment (the Payments tab's "add", a bank import): a save of the stored
   * application with the payment added, so the rule table's roles (403 otherwise), the version check
   * (`version`, or the one just read: a change in between is a 409) and a cancelled application's
   * rules are the save's. Answers the application as the actor reads it.
   */
  async recordPayment(id: number, payment: unknown, version: number | null | undefined, actor: ApplicationActor): Promise<{ data: SavedAggregate<ApplicationRecord> }> {
    const row = parseInput(paymentSchema, payment);
    const stored = parseInput(applicationSchema, await this.reads.read(this.db.manager, id, { role: Role.Administrator }));
    return this.save({ ...stored, version: version ?? stored.version, payments: [...(stored.payments ?? []), { ...row, id: undefined }] }, actor, { id });
  }

  /**
   * Caps a stored application's agency commission at its price (issue 37; ./agency-commission-cap.ts):
   * the commission, `agency_to_pay` and the commission shares change, the prices stay. False when it was
   * not above the price.
   */
  async capAgencyCommission(id: number, actor: ApplicationActor = { kind: 'system', userId: null }): Promise<boolean> {
    return this.db.transaction((manager) => capAgencyCommission(manager, id, actor));
  }

  /** Marks the application's documents to be generated (the document job reads the mark): a mark outside the version, one statement. */
  async markDocumentsNeeded(id: number): Promise<void> {
    const [row] = await this.db.query<{ id: number }[]>(`WITH changed AS (UPDATE applications SET need_generate_docs = true WHERE id = $1 RETURNING id) SELECT id FROM changed`, [id]);
    if (!row) throw notFound();
  }
}
