/**
 * The application's server core (issue 18; spec 03 §2.3, §7 "Applications"): one record, the
 * editor's save on the aggregate kit (one transaction: the rules needing stored data, the pricing
 * engine, the rows with their shares and the breakdown, the seats through the seat store) and the
 * totals block (calc-totals, stored or unsaved), which prices with the same loader and engine and
 * writes nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ApplicationStatus,
  LEGS,
  PaymentStatus,
  RequesterType,
  canEditAgencyCommission,
  canEditPrepayment,
  canChangePayments,
  canEditPrice,
  type Leg,
} from '../../shared/applications/constants.js';
import { applicationSchema, calcTotalsSchema, seatsKey, transportKey, type ApplicationForm } from '../../shared/applications/schema.js';
import type { ApplicationRecord, ApplicationTotals } from '../../shared/applications/types.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import type { FieldErrors } from '../../shared/validation.js';
import { readAggregates, writeAggregate } from '../common/aggregate/aggregate-store.js';
import { parsePayload } from '../common/aggregate/payload.js';
import { saveAggregate, type SavedAggregate } from '../common/aggregate/save-aggregate.js';
import type { Actor, AuthUser } from '../common/auth/decorators.js';
import { forbidden, notFound, parseInput, ValidationFailed } from '../common/http/errors.js';
import { SeatNotInScheme, SeatRepeated, SeatTaken, syncApplicationSeats } from '../seats/seat-store.js';
import { loadGround, type Ground, type Sql } from './application-ground.js';
import { APPLICATION_AGGREGATE, applicationNode, applicationRecord, totalsOf, type SaveFacts } from './application.aggregate.js';
import { groundRequest, lockErrors, paymentsChanged, priceForm, rideOf, seatErrors, startDateOf, type Priced, type PricedForm, type StoredState } from './application-rules.js';
import type { PricingResult } from './pricing/index.js';

const A = MESSAGES.applications;

/** What a save reads of the stored application in one statement: the rules' state and what the save keeps. */
interface StoredApplication extends StoredState {
  number: string;
  payload: unknown;
  source: string | null;
  source_payload: unknown;
  external_id: string | null;
  created_by_id: number | null;
  tourist_ids: number[];
  legs: { kind: 'transports' | 'transfers'; leg: Leg; id: number; payload: unknown }[];
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

const SEATS_SQL = `
  SELECT b.id, b.number, b.transport_id, b.leg, b.tourist_id,
    CASE WHEN t.id IS NULL THEN NULL ELSE t.last_name || ' ' || t.first_name || coalesce(' ' || t.patronymic, '') END AS tourist_name
  FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id WHERE b.application_id = $1 ORDER BY b.leg DESC, b.number`;

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

const isPrivileged = (user: { role: number }) => user.role === Role.Administrator || user.role === Role.Accountant;

/** The product's city: a hotel's, a tour's, a sea tour's; a bus transport's finish city; none for avia and railway. */
const cityOf = (ground: Ground) => (ground.product && ground.product.kind !== 'none' ? (ground.product.city_id ?? null) : null);

/** Number, requester's name (the client, or the agency's employee — not the agency), phone, e-mail, tourists' names. */
function searchText(number: string, form: ApplicationForm, ground: Ground): string {
  const requester = ground.requester?.type === RequesterType.Client ? ground.requester.full_name : (ground.agencyUser?.full_name ?? null);
  const tourists = form.tourists.map((tourist) => [tourist.last_name, tourist.first_name, tourist.patronymic].filter(Boolean).join(' '));
  return [number, requester, form.phone, form.email, ...tourists].filter((part) => part !== null && part !== undefined && part !== '').join(' ');
}

/** The fields of a form the cancelled application's save compares: everything but payments and what the server keeps itself. */
function comparable(form: ApplicationForm) {
  const { version: _version, id: _id, payments: _payments, vendor_payments: _vendorPayments, payment_status: _status, source: _source, source_payload: _sourcePayload, external_id: _external, ...rest } = form;
  return JSON.stringify({
    ...rest,
    accommodations: rest.accommodations.map(({ payload: _payload, ...stay }) => stay),
    transport_forth: rest.transport_forth && { ...rest.transport_forth, payload: undefined, id: undefined },
    transport_back: rest.transport_back && { ...rest.transport_back, payload: undefined, id: undefined },
    transfer_forth: rest.transfer_forth && { ...rest.transfer_forth, id: undefined },
    transfer_back: rest.transfer_back && { ...rest.transfer_back, id: undefined },
    seats_forth: rest.seats_forth.map(({ number }) => number),
    seats_back: rest.seats_back.map(({ number }) => number),
  });
}

@Injectable()
export class ApplicationsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The application as `viewer` reads it, or 404; one query at a time on the caller's connection. */
  async read(manager: EntityManager, id: number, viewer: Pick<AuthUser, 'role'>): Promise<ApplicationRecord> {
    const [stored] = await readAggregates(manager, APPLICATION_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const seats = await manager.query<ApplicationRecord['seats_forth']>(SEATS_SQL, [id]);
    const status = Number(stored.row.status);
    const hasPayments = (stored.collections.payments ?? []).length > 0;
    // Deletable while nothing was paid either way (the list's `can_delete`, issue 19).
    const hasVendorPayments = (stored.collections.vendor_payments ?? []).length > 0;
    return applicationRecord(stored, {
      seats,
      canEditPrice: canEditPrice(status, hasPayments, isPrivileged(viewer)),
      canEditAgencyCommission: canEditAgencyCommission(status, hasPayments, isPrivileged(viewer)),
      canEditPrepayment: canEditPrepayment(status, hasPayments),
      canDelete: !hasPayments && !hasVendorPayments,
      showSource: viewer.role === Role.Administrator,
    });
  }

  /** GET /applications/{id}. */
  async show(id: number, viewer: AuthUser): Promise<{ data: ApplicationRecord }> {
    return { data: await this.read(this.db.manager, id, viewer) };
  }

  /** POST /applications {payload}; `raw` is the payload as received (stored for an outside source). */
  create(form: ApplicationForm, raw: unknown, actor: Actor): Promise<{ data: SavedAggregate<ApplicationRecord> }> {
    return this.save(form, actor, undefined, raw);
  }

  /** PUT /applications/{id} {payload}: 409 with the current record when its `version` is stale. */
  update(id: number, form: ApplicationForm, actor: Actor): Promise<{ data: SavedAggregate<ApplicationRecord> }> {
    return this.save(form, actor, id);
  }

  private async save(form: ApplicationForm, actor: Actor, id?: number, raw?: unknown): Promise<{ data: SavedAggregate<ApplicationRecord> }> {
    // The ground the build loaded, for the seats written after the rows.
    let ground: Ground | null = null;
    // A cancelled application released its seats (the cancel action) and takes payment changes only: no seats to write.
    let cancelled = false;
    const data = await saveAggregate(this.db, {
      declaration: APPLICATION_AGGREGATE,
      actor,
      id,
      version: form.version,
      input: form,
      read: (manager, savedId) => this.read(manager, savedId, actor.user),
      build: async (manager) => {
        const built = await this.build(manager, form, actor, id, raw);
        ground = built.ground;
        cancelled = built.cancelled;
        return built.node;
      },
      afterWrite: async (manager, savedId) => {
        if (!cancelled) await this.writeSeats(manager, savedId, form, ground!, actor, id !== undefined);
      },
    });
    return { data };
  }

  private async build(manager: EntityManager, form: ApplicationForm, actor: Actor, id: number | undefined, raw: unknown) {
    const [stored] = id === undefined ? [] : await manager.query<StoredApplication[]>(STORED_SQL, [id]);
    if (id !== undefined && !stored) throw notFound();
    // Spec 03 §6: payments are the administrator's and the accountant's. Another role's save may leave
    // them out or send them as stored (a GET → PUT round trip); one that changes them is refused whole.
    if (form.payments !== undefined && !canChangePayments(actor.user.role)) {
      if (paymentsChanged(form.payments, stored?.payments ?? [])) throw forbidden(A.paymentsLocked);
      form = { ...form, payments: undefined };
    }
    const cancelled = stored?.status === ApplicationStatus.Cancelled;
    if (cancelled && comparable(parseInput(applicationSchema, await this.read(manager, id!, actor.user))) !== comparable(form)) {
      throw new ValidationFailed({ status: [A.cancelledLocked] });
    }
    const errors: FieldErrors = {
      ...lockErrors(form, stored ?? null, actor.user),
      // Its seats were released by the cancel: the rule of a seat per rider no longer applies.
      ...(cancelled ? {} : seatErrors(form, new Set(stored?.tourist_ids ?? []))),
    };
    const ground = await loadGround(manager, groundRequest(form));
    const priced = priceForm(form, ground, stored ? stored.manual_price_without_discount : null, errors);

    return { node: await this.node(manager, form, ground, priced, stored, raw, actor.user.id), ground, cancelled };
  }

  /** The rows of a save: the form, the engine's result, and what the save keeps or derives (the number, raw payloads, start date, city, search text). */
  private async node(manager: EntityManager, form: ApplicationForm, ground: Ground, priced: Priced, stored: StoredApplication | undefined, raw: unknown, actorId: number | null) {
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
      payment_status: stored?.payment_status ?? PaymentStatus.Unpaid,
      // Raw as received, from outside sources only; kept as first received.
      payload: stored ? stored.payload : form.source ? raw : null,
      source: stored ? stored.source : (form.source ?? null),
      source_payload: stored ? stored.source_payload : form.source ? (form.source_payload ?? null) : null,
      external_id: stored ? stored.external_id : form.external_id,
      created_by_id: stored ? stored.created_by_id : actorId,
      start_date: startDateOf(form, ground),
      city_id: cityOf(ground),
      search_text: searchText(number, form, ground),
      legIds,
      rawPayloads,
      // Rows' raw payloads are what an outside source sent, kept as first received like the
      // application's own: written by the outside source's creation (with its `source`); every later
      // save keeps the stored rows' payloads and adds none, whatever it sends and whoever sends it.
      writesRawPayloads: !stored && Boolean(form.source),
      keptPayments: stored?.payments ?? [],
      keptVendorPayments: stored?.vendor_payments ?? [],
    };
    return applicationNode(form, priced, ground, facts);
  }

  /**
   * Re-prices a stored application as it now is, in the caller's transaction, and stores its totals,
   * shares and breakdown (APPLICATION_REPRICER: the route change of a transport item). The discount
   * is judged against the new price (a 422 on `discount` when it no longer fits).
   */
  async reprice(manager: EntityManager, id: number): Promise<void> {
    const [stored] = await manager.query<StoredApplication[]>(STORED_SQL, [id]);
    if (!stored) throw notFound();
    // The record with its raw payloads (the administrator's reading), so the rewrite keeps them.
    const form = parseInput(applicationSchema, await this.read(manager, id, { role: Role.Administrator }));
    const ground = await loadGround(manager, groundRequest(form));
    const priced = priceForm(form, ground, undefined);
    await writeAggregate(manager, APPLICATION_AGGREGATE, await this.node(manager, form, ground, priced, stored, null, null), id);
  }

  /**
   * Each leg's seats through the seat store, in the save's transaction, once the tourists have ids
   * (a seat names a tourist by id, or by its index in the form). A leg without a transport item
   * keeps no seat. A seat taken meanwhile is a 422 on its number, never a double sale.
   */
  private async writeSeats(manager: EntityManager, applicationId: number, form: ApplicationForm, ground: Ground, actor: Actor, isUpdate: boolean): Promise<void> {
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
          createdById: actor.user.id,
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
   * POST /applications/{id}/calc-totals: the four fields (and the service lists when sent) laid over
   * the stored application, priced as a save would; nothing written.
   */
  async calcStoredTotals(id: number, body: unknown, viewer: AuthUser): Promise<{ data: ApplicationTotals }> {
    const changes = parseInput(calcTotalsSchema, body ?? {});
    const manager = this.db.manager;
    const stored = parseInput(applicationSchema, await this.read(manager, id, viewer));
    const [previous] = await manager.query<{ manual: string | null }[]>(`SELECT manual_price_without_discount::text AS manual FROM applications WHERE id = $1`, [id]);
    const form: PricedForm = {
      ...stored,
      discount: changes.discount,
      manual_price_without_discount: changes.manual_price_without_discount,
      manual_agency_commission: changes.manual_agency_commission,
      services: changes.services ?? stored.services,
      required_services: changes.required_services ?? stored.required_services,
      additional_services: changes.additional_services ?? stored.additional_services,
    };
    return { data: await this.totals(manager, form, previous?.manual ?? null) };
  }

  /** POST /applications/calc-totals {payload}: a whole unsaved form (an edited one judged against its stored manual price). */
  async calcFormTotals(body: unknown): Promise<{ data: ApplicationTotals }> {
    const form = parsePayload(applicationSchema, body);
    const manager = this.db.manager;
    const [previous] = form.id == null ? [] : await manager.query<{ manual: string | null }[]>(`SELECT manual_price_without_discount::text AS manual FROM applications WHERE id = $1`, [form.id]);
    return { data: await this.totals(manager, form, previous?.manual ?? null) };
  }

  private async totals(sql: Sql, form: PricedForm, previousManual: string | null): Promise<ApplicationTotals> {
    const ground = await loadGround(sql, groundRequest(form));
    return totalsFromResult(priceForm(form, ground, previousManual).result);
  }
}

/** The totals block of the engine's result (the same shape GET's `totals` answers). */
export function totalsFromResult(result: PricingResult): ApplicationTotals {
  return totalsOf(result as unknown as Record<string, unknown>);
}

