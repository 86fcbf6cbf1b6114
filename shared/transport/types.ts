/**
 * What the bus-transport API answers (spec 02 §7): the editor's lists, the record, a list row.
 */
import type { TransportForm } from './schema.js';

/** GET /api/transports/data (spec 02 §7): the lists of the editor. */
export interface TransportData {
  cities: { id: number; name: string }[];
  vendors: { id: number; name: string }[];
  days: { id: number; name: string; short: string }[];
  transportations: { id: number; name: string; seats: number; kind: number }[];
  commissions: { id: number; name: string }[];
}

export interface RoutePointRow {
  id: number;
  point_city_id: number;
  point_city: { id: number; name: string };
  info: string | null;
  start_time: string | null;
  finish_time: string | null;
  arrival_day?: number | null;
  departure_day?: number | null;
  can_delete?: boolean;
}

/** GET /api/transports/{id}: the form as the editor reads it (the same shape it sends, plus names). */
export interface TransportRecord {
  id: number;
  transportation_id: number;
  transportation: { id: number; name: string; schema_svg: string } | null;
  vendor_id: number | null;
  name: string;
  duration: number;
  adult_price: number;
  child_price: number;
  start_date: string;
  finish_date: string;
  departure_type: 1 | 2;
  is_excursion: boolean;
  application_auto_confirm: boolean;
  auto_confirm_status: 3 | 5 | null;
  days: { id: number; number: number; name: string; commission_type: 1 | 2; commission_sum: number; freight: number }[];
  dates: { id: number; start_date: string; commission_type: 1 | 2; commission_sum: number; freight: number }[];
  routes: { start: RoutePointRow; intermediates: RoutePointRow[]; finish: RoutePointRow };
  tariffs: { from_city_id: number; to_city_id: number; from_position: number; to_position: number; tariff: number }[];
  catalog: TransportForm['catalog'] & { image_url: string | null };
  version: number;
  can_delete: boolean;
}

/** A row of GET /api/transports (spec 02 "Bus-transport list"). */
export interface TransportListRow {
  id: number;
  name: string;
  transportation: { id: number; name: string; kind: number; kind_name: string; seats: number } | null;
  route: { start: string | null; intermediates: string[]; finish: string | null };
  duration: number;
  departure_days: string;
  is_excursion: boolean;
  can_delete: boolean;
}
