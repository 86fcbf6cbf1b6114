/** What the routes API answers (spec 03 §3 "Route", "Route point"): dates DD.MM.YYYY. */

/** A point of the transport's route as the form lists it ('Туда' in route order, 'Обратно' reversed). */
export interface TransportRoutePoint {
  /** The transport's route point (`transport_route_id` of a route point). */
  id: number;
  /** 1 city (the start and the finish), 2 stop (the points between). */
  point_type: number;
  point_city_id: number;
  point_city: { id: number; name: string };
  /** The stop's name (its info) for a stop; null for a city. */
  point_stop: string | null;
  info: string | null;
  /** When the bus is at the point going this way, HH:MM (departure at the first point, arrival at the others). */
  arrival_time: string | null;
}

export interface RouteTransport {
  id: number;
  name: string;
  routes: { forth: TransportRoutePoint[]; back: TransportRoutePoint[] };
}

export interface RouteHotelRecord {
  id: number;
  hotel_id: number;
  name: string;
  arrival_date: string;
  arrival_time: string;
}

export interface RoutePointRecord {
  id: number;
  is_forth: boolean;
  transport_route_id: number;
  point_type: number;
  point_city_id: number;
  point_stop: string | null;
  info: string | null;
  arrival_time: string | null;
  hotels: RouteHotelRecord[];
}

/** GET /routes/{id}. */
export interface TourRouteRecord {
  id: number;
  version: number;
  kind: number;
  kind_name: string;
  transport_type: number;
  transport_type_name: string;
  transport_id: number;
  transport: RouteTransport;
  forth_date: string | null;
  back_date: string | null;
  routes: RoutePointRecord[];
  forth_transport_routes: RoutePointRecord[];
  back_transport_routes: RoutePointRecord[];
  can_delete: boolean;
}

/** A row of GET /routes. */
export interface TourRouteListRow {
  id: number;
  kind: number;
  kind_name: string;
  transport: { id: number; name: string };
  transport_type: number;
  transport_type_name: string;
  forth_date: string | null;
  back_date: string | null;
  can_delete: boolean;
}
