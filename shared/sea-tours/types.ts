/** What GET /api/sea-tours/data and GET /api/sea-tours/{id} answer. */
import type { IdName } from '../api.js';

export interface SeaTourData {
  cities: IdName[];
  commissions: IdName[];
  transfer_types: IdName[];
}

export interface HotelGroupRecord {
  id: number;
  hotels_ids: number[];
  hotels_names: string[];
  commission_sum: number;
  commission_railway_sum: number;
  commission_avia_sum: number;
}

export interface TransportPairRecord {
  transport_forth_id: number;
  transport_back_id: number;
  transport_forth: IdName | null;
  transport_back: IdName | null;
}

export interface SeaTourRecord {
  id: number;
  version: number;
  name: string;
  slug: string;
  is_active: boolean;
  city_id: number;
  city: IdName | null;
  info: string[] | null;
  commission_sum: number;
  commission_railway_sum: number;
  commission_avia_sum: number;
  transfer_types_ids: number[];
  hotels: HotelGroupRecord[];
  transports: TransportPairRecord[];
  can_delete: boolean;
  updated_at: string;
}
