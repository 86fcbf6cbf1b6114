/**
 * What the application editor reads (spec 03 §3 "Application (full form)", issue 18): GET
 * /api/applications/{id} answers `{data: ApplicationRecord}` — the form's own fields (what PUT takes
 * back, see schema.ts) plus the names and figures the page shows. calc-totals answers `{data: ApplicationTotals}`.
 */
import type { ApplicationForm, ServiceLineRow, TransferRow } from './schema.js';
import type { Leg } from './constants.js';
import type { VendorSummaryRow } from './vendor-payments.js';
import type { ApplicationDocument } from './documents.js';

/** The totals block (spec 03 §2.3 General tab) and what the discount field needs; money as the HTTP contract has it (docs/architecture.md). */
export interface ApplicationTotals {
  estimated_price_without_discount: number;
  /** The manual price when set, the estimate otherwise. */
  price_without_discount: number;
  /** The discount applied (0 after a manual price change). */
  discount: number;
  /** The largest whole discount allowed (the price never goes below the net cost). */
  max_discount: number;
  price_total: number;
  agency_commission: number;
  agency_to_pay: number;
}

/** A seat of the application on a leg (spec 03 §3 "Seat", plus what the seat dialog shows). */
export interface ApplicationSeat {
  /** The seat booking's id (`transport_seat_id` of a seat change). */
  id: number;
  number: number;
  transport_id: number;
  leg: Leg;
  tourist_id: number | null;
  /** The tourist's full name, when tied. */
  tourist_name: string | null;
}

/** A transport item as GET answers it: the form's fields, the names the tab shows and the item's share of the totals. */
export interface ApplicationTransportItem {
  id: number;
  transport_id: number;
  transport_name: string;
  departure_date: string;
  from_route_id: number;
  to_route_id: number;
  from_city: { id: number; name: string };
  to_city: { id: number; name: string };
  start_at: string;
  finish_at: string;
  price_without_discount: number;
  discount_application: number;
  price_total: number;
  agency_commission: number;
  /** Raw, as an outside client sent the leg (the Source data tab; administrator only — null for the others). */
  payload: unknown;
}

/** A transfer as GET answers it: the form's fields and the names of its cities (the tab shows them). */
export type ApplicationTransfer = TransferRow & { id: number; from_city: { id: number; name: string }; to_city: { id: number; name: string } };

/** A service line as GET answers it: the form's fields and the price read from the service, total = count × price. */
export type ApplicationServiceLine = ServiceLineRow & { price: number; price_total: number };

type FormFields = Omit<ApplicationForm, 'transport_forth' | 'transport_back' | 'transfer_forth' | 'transfer_back' | 'seats_forth' | 'seats_back' | 'services' | 'required_services' | 'additional_services'>;

export interface ApplicationRecord extends FormFields {
  id: number;
  version: number;
  number: string;
  application_type_name: string;
  /** The product: its kind, id and name (null for avia and railway). */
  applicationable: { type: string; id: number; name: string } | null;
  requestorable: { type: 'clients' | 'agencies'; id: number; full_name: string; name: string; is_active: boolean };
  /** Names of the chosen manager and agency manager, for their pickers. */
  user: { id: number; full_name: string } | null;
  agency_user: { id: number; full_name: string } | null;
  payment_status: number;
  payment_status_name: string;
  /** 'Учет ДС': per vendor, its nets by column against its payments (issue 28). */
  vendor_payments_info: VendorSummaryRow[];
  status_name: string;
  transport_forth: ApplicationTransportItem | null;
  transport_back: ApplicationTransportItem | null;
  seats_forth: ApplicationSeat[];
  seats_back: ApplicationSeat[];
  transfer_forth: ApplicationTransfer | null;
  transfer_back: ApplicationTransfer | null;
  services: ApplicationServiceLine[];
  required_services: ApplicationServiceLine[];
  additional_services: ApplicationServiceLine[];
  totals: ApplicationTotals;
  /** `can_edit_price` for the reader (administrator and accountant may always; docs/applications.md). */
  can_edit_price: boolean;
  can_edit_agency_commission: boolean;
  can_edit_prepayment: boolean;
  can_delete: boolean;
  /** The application's own price lock, whoever reads (status past 2 or a payment made): the Documents tab shows when it holds. */
  prices_locked: boolean;
  /** Uploaded and generated documents (issue 28), outside the save: a save never adds or removes one. */
  documents: ApplicationDocument[];
  /** The generated documents are due (set by the server; the regenerate action queues them). */
  need_generate_docs: boolean;
  /** Raw payloads as received (the Source data tab; administrator only — null for the others). */
  payload: unknown;
  source_payload: unknown;
  start_date: string | null;
  city_id: number | null;
  created_at: string;
  /** The outside service's vendor of an application with `external_id` (its Comments tab, spec 03 §2.3); kept by a save. */
  external_vendor_id: number | null;
}
