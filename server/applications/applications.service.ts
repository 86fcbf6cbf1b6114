/**
 * The application as it is read (issue 18; spec 03 §2.3, §7 "Applications"): one record as a viewer
 * reads it, a transport item as the route change answers it, and the totals block (calc-totals,
 * stored or unsaved), which prices with the save's loader and engine and writes nothing. Every change
 * of an application is a command (./commands/application-commands.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { canEditAgencyCommission, canEditPrepayment, canEditPrice } from '../../shared/applications/constants.js';
import { applicationSchema, calcTotalsSchema } from '../../shared/applications/schema.js';
import type { ApplicationRecord, ApplicationTotals, ApplicationTransportItem } from '../../shared/applications/types.js';
import { moneyNumber } from '../../shared/money.js';
import { Role } from '../../shared/roles.js';
import { readAggregates } from '../common/aggregate/aggregate-store.js';
import { keyed } from '../common/aggregate/declaration.js';
import { parsePayload } from '../common/aggregate/payload.js';
import type { AuthUser } from '../common/auth/decorators.js';
import { notFound, parseInput } from '../common/http/errors.js';
import { loadGround, type Sql } from './application-ground.js';
import { APPLICATION_AGGREGATE } from './aggregate/declaration.js';
import { applicationRecord, totalsOf } from './aggregate/read.js';
import { readDocumentsState } from './documents/application-documents.service.js';
import { groundRequest, priceForm, type PricedForm } from './application-rules.js';
import type { PricingResult } from './pricing/index.js';

const SEATS_SQL = `
  SELECT b.id, b.number, b.transport_id, b.leg, b.tourist_id,
    CASE WHEN t.id IS NULL THEN NULL ELSE t.last_name || ' ' || t.first_name || coalesce(' ' || t.patronymic, '') END AS tourist_name
  FROM seat_bookings b LEFT JOIN tourists t ON t.id = b.tourist_id WHERE b.application_id = $1 ORDER BY b.leg DESC, b.number`;

/** A transport item's share of the totals. */
const SHARE_FIELDS = ['price_without_discount', 'discount_application', 'price_total', 'agency_commission'] as const;
type ShareField = (typeof SHARE_FIELDS)[number];

const isPrivileged = (user: { role: number }) => user.role === Role.Administrator || user.role === Role.Accountant;

@Injectable()
export class ApplicationsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The application as `viewer` reads it, or 404; one query at a time on the caller's connection. */
  async read(manager: EntityManager, id: number, viewer: Pick<AuthUser, 'role'>): Promise<ApplicationRecord> {
    const [stored] = await readAggregates(manager, APPLICATION_AGGREGATE, [id]);
    if (!stored) throw notFound();
    const seats = await manager.query<ApplicationRecord['seats_forth']>(SEATS_SQL, [id]);
    const status = stored.row.status;
    const hasPayments = stored.collections.payments.length > 0;
    // Deletable while nothing was paid either way (the list's `can_delete`, issue 19).
    const hasVendorPayments = stored.collections.vendor_payments.length > 0;
    const documents = await readDocumentsState(manager, id);
    if (!documents) throw notFound();
    return applicationRecord(stored, {
      seats,
      canEditPrice: canEditPrice(status, hasPayments, isPrivileged(viewer)),
      canEditAgencyCommission: canEditAgencyCommission(status, hasPayments, isPrivileged(viewer)),
      canEditPrepayment: canEditPrepayment(status, hasPayments),
      canDelete: !hasPayments && !hasVendorPayments,
      pricesLocked: !canEditPrice(status, hasPayments),
      documents,
      showSource: viewer.role === Role.Administrator,
    });
  }

  /** GET /applications/{id}. */
  async show(id: number, viewer: AuthUser): Promise<{ data: ApplicationRecord }> {
    return { data: await this.read(this.db.manager, id, viewer) };
  }

  /** A transport item as the application's GET answers it (the route change's reply). */
  async transportItem(manager: EntityManager, id: number): Promise<ApplicationTransportItem> {
    const [row] = await manager.query<(Omit<ApplicationTransportItem, ShareField> & Record<ShareField, string>)[]>(
      `SELECT i.id, i.transport_id, tr.name AS transport_name, i.departure_date::text AS departure_date, i.from_route_id, i.to_route_id,
              json_build_object('id', fc.id, 'name', fc.name) AS from_city, json_build_object('id', tc.id, 'name', tc.name) AS to_city,
              i.start_at::text AS start_at, i.finish_at::text AS finish_at, i.price_without_discount, i.discount_application,
              i.total_after_discount AS price_total, i.agency_commission
         FROM application_transports i
         JOIN transports tr ON tr.id = i.transport_id
         JOIN cities fc ON fc.id = i.from_city_id
         JOIN cities tc ON tc.id = i.to_city_id
        WHERE i.id = $1`,
      [id],
    );
    const item = row!;
    // The driver reads numeric as text: money leaves as a number, as GET sends it.
    return { ...item, ...keyed(SHARE_FIELDS, (field) => moneyNumber(item[field])) };
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
  return totalsOf(result);
}

