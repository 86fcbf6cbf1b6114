/**
 * The rows of an application's save (the kit's writer, ./declaration.ts): the form, the engine's
 * totals and each line's share, and what every save keeps or derives (number, start date, city,
 * search text: `SaveFacts`, decided by the commands, ../commands/application-commands.ts).
 */
import { ApplicationType, LEGS, type Leg } from '../../../shared/applications/constants.js';
import { productOfType } from '../../../shared/applications/products.js';
import { transferKey, transportKey, type ApplicationForm } from '../../../shared/applications/schema.js';
import { decimal, moneyNumber, moneyText, sumMoney } from '../../../shared/money.js';
import type { AggregateNode } from '../../common/aggregate/declaration.js';
import { rideOf, serviceLines, transportItems, type Priced } from '../application-rules.js';
import type { Ground } from '../application-ground.js';
import { serviceUnit, type PricedLine } from '../pricing/index.js';
import { officeToday } from '../../../shared/calendar.js';

/** A line's share as a row's five share columns (a row's lines summed: a stay's room and meal). */
function shares(lines: readonly PricedLine[]) {
  const sum = (field: keyof PricedLine) => moneyText(sumMoney(lines.map((item) => item[field] as string)));
  return {
    net: sum('net'),
    price_without_discount: sum('price'),
    discount_application: sum('discount'),
    total_after_discount: sum('price_total'),
    agency_commission: sum('agency_commission'),
  };
}

/** What a save writes besides the form: kept from the stored row (or set at creation) and derived. */
export interface SaveFacts {
  number: string;
  status: number;
  payment_status: number;
  payload: unknown;
  source: string | null;
  source_payload: unknown;
  external_id: string | null;
  created_by_id: number | null;
  /** When it was made, where not now: an import's or the demo's history (creation only). */
  created_at?: string;
  start_date: string | null;
  city_id: number | null;
  search_text: string;
  /** The stored rows' ids per leg (transport items, transfers) and the payments kept when absent. */
  legIds: { transports: Partial<Record<Leg, number>>; transfers: Partial<Record<Leg, number>> };
  /** The stored rows' raw payloads (accommodations by id, transport items by leg), which every save keeps. */
  rawPayloads: { accommodations: ReadonlyMap<number, unknown>; transports: Partial<Record<Leg, unknown>> };
  /** Whether the rows' sent payloads are written (an outside source's creation) or dropped. */
  writesRawPayloads: boolean;
  keptPayments: NonNullable<ApplicationForm['payments']>;
  keptVendorPayments: NonNullable<ApplicationForm['vendor_payments']>;
}

/** The rows of a save: the form, the engine's result and the save's facts. */
export function applicationNode(form: ApplicationForm, { input, result: priced }: Priced, ground: Ground, facts: SaveFacts): AggregateNode {
  const productColumn = productOfType(form.application_type)?.column;
  const linesOf = (list: string, index?: number) => priced.lines.filter((item) => item.source.list === list && (index === undefined || ('index' in item.source && item.source.index === index)));
  const isTour = form.application_type === ApplicationType.ExcursionTour;
  const items = transportItems(form);
  const lines = serviceLines(form);
  const payments = form.payments ?? facts.keptPayments;
  /** A row's raw payload: the stored one, else the sent one when this save writes them. */
  const rawPayloadOf = (stored: unknown, sent: unknown) => stored ?? (facts.writesRawPayloads ? (sent ?? null) : null);
  const vendorPayments = form.vendor_payments ?? facts.keptVendorPayments;
  return {
    path: '',
    values: {
      number: facts.number,
      type: form.application_type,
      hotel_id: null,
      tour_id: null,
      transport_id: null,
      sea_tour_id: null,
      ...(productColumn ? { [productColumn]: form.applicationable_id } : {}),
      tour_date: isTour ? form.tour_date : null,
      client_id: form.requester_type === 'client' ? form.requester_id : null,
      agency_id: form.requester_type === 'agency' ? form.requester_id : null,
      agency_user_id: form.agency_user_id,
      user_id: form.user_id,
      status: facts.status,
      payment_status: facts.payment_status,
      payment_method: form.payment_method,
      adult_count: form.adult_count,
      child_count: form.child_count,
      children_ages: form.children_ages,
      promo_code: form.promo_code,
      phone: form.phone,
      email: form.email,
      attendant_phone: form.attendant_phone,
      comment: form.comment,
      prepayment: form.prepayment,
      manual_price_without_discount: form.manual_price_without_discount,
      // The discount applied: a new manual price resets it to 0 (docs/pricing.md).
      discount: priced.discount,
      manual_agency_commission: form.manual_agency_commission,
      estimated_price_without_discount: priced.estimated_price_without_discount,
      price_without_discount: priced.price_without_discount,
      net_total: priced.net_total,
      markup_total: priced.markup_total,
      max_discount: priced.max_discount,
      price_total: priced.price_total,
      agency_commission: priced.agency_commission,
      agency_to_pay: priced.agency_to_pay,
      services_price: priced.breakdown.service_kinds.services,
      required_services_price: priced.breakdown.service_kinds.required_services,
      additional_services_price: priced.breakdown.service_kinds.additional_services,
      payload: facts.payload ?? null,
      source: facts.source,
      source_payload: facts.source_payload ?? null,
      external_id: facts.external_id,
      start_date: facts.start_date,
      city_id: facts.city_id,
      search_text: facts.search_text,
      created_by_id: facts.created_by_id,
      ...(facts.created_at ? { created_at: facts.created_at } : {}),
    },
    collections: {
      tourists: form.tourists.map((tourist, index) => ({ id: tourist.id, path: `tourists.${index}`, values: { ...tourist, position: index } })),
      accommodations: form.accommodations.map((stay, index) => ({
        id: stay.id,
        path: `accommodations.${index}`,
        values: { ...stay, position: index, payload: rawPayloadOf(stay.id == null ? undefined : facts.rawPayloads.accommodations.get(stay.id), stay.payload), ...shares(linesOf('accommodations', index)) },
      })),
      transports: items.map(({ leg, item }, index) => {
        const ride = rideOf(ground.transports.get(item.transport_id)!, item)!;
        return {
          id: facts.legIds.transports[leg] ?? null,
          path: transportKey(leg),
          values: { ...item, leg, ...ride, payload: rawPayloadOf(facts.rawPayloads.transports[leg], item.payload), ...shares(linesOf('transports', index)) },
        };
      }),
      transfers: LEGS.flatMap((leg) => {
        const transfer = form[transferKey(leg)];
        return transfer ? [{ id: facts.legIds.transfers[leg] ?? null, path: transferKey(leg), values: { ...transfer, leg } }] : [];
      }),
      service_lines: lines.map(({ kind, index, line }, position) => {
        const share = priced.lines.find((item) => item.source.list === 'services' && item.source.index === position);
        // The price read from the service, as the line shows it (a tour service's with its markup).
        const unit = serviceUnit(input.services[position]!, `${kind}.${index}`).unitPrice;
        return {
          id: line.id,
          path: `${kind}.${index}`,
          values: {
            kind,
            position,
            tour_service_id: isTour ? line.serviceable_id : null,
            hotel_service_id: isTour ? null : line.serviceable_id,
            count: line.count,
            price: moneyText(unit),
            price_total: moneyText(unit.times(decimal(line.count))),
            ...shares(share ? [share] : []),
          },
        };
      }),
      meals: form.meals.map((meal, index) => ({
        id: meal.id,
        path: `meals.${index}`,
        values: { position: index, tour_meal_id: meal.tour_meal_id, persons: meal.persons ?? form.adult_count + form.child_count, ...shares(linesOf('meals', index)) },
      })),
      // A row sent without a date is dated the office's day (Moscow), not UTC's: they differ from 00:00 to 03:00.
      payments: payments.map((payment, index) => ({ id: payment.id, path: `payments.${index}`, values: { ...payment, date: payment.date ?? officeToday() } })),
      vendor_payments: vendorPayments.map((payment, index) => ({ id: payment.id, path: `vendor_payments.${index}`, values: { ...payment, date: payment.date ?? officeToday() } })),
    },
    links: {
      category_totals: Object.entries(priced.breakdown.categories)
        .filter(([, totals]) => Object.values(totals).some((value) => moneyNumber(value) !== 0))
        .map(([category, totals]) => ({ path: '', values: { category, ...totals } })),
      vendor_nets: priced.breakdown.vendors.map((vendor) => ({ path: '', values: vendor })),
    },
  };
}
