/**
 * What the application editor reads besides the application: the product of its type (a hotel's
 * rooms, a tour's dates and services, a bus transport's route and departures, a sea tour's hotels and
 * pairs), the hotels and transports its rows name, and the service lists (spec 03 §2.3, §7).
 */
import { ApplicationType, applicationType, ProductKind } from '@shared/applications/constants';
import type { ApplicationProduct, BackTransportOption, HotelProduct, HotelServiceOption, SeaTourProduct, TourProduct, TransportProduct } from '@shared/applications/editor-data';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../api/http';
import type { EditorRead } from '../../common/editor/useEditorData';

const STALE = 60_000;

const productQuery = (kind: ProductKind, id: number) => ({
  queryKey: ['applications', 'product', kind, id],
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<{ data: ApplicationProduct }>(APPLICATION_PATHS.product(kind, id), undefined, signal).then((reply) => reply.data),
  staleTime: STALE,
});

/** The product of the application's type (undefined while none is chosen or it is being read). */
export function useProduct(type: number | null, id: number | null) {
  const kind = applicationType(type)?.product ?? null;
  return useQuery({ ...productQuery(kind ?? ProductKind.Hotel, id ?? 0), enabled: kind !== null && id !== null });
}

/**
 * Several products of one kind by id (the hotels of a tour's accommodations, the transports of its
 * legs), as a map of those read; `failure` and `retry` when any could not be read (its rows and
 * choices are missing until it is).
 */
export function useProducts<Product extends ApplicationProduct>(kind: ProductKind, ids: readonly (number | null | undefined)[]): EditorRead & { products: Map<number, Product> } {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number' && id > 0))];
  return useQueries({
    queries: wanted.map((id) => productQuery(kind, id)),
    combine: (results) => {
      const failed = results.filter((result) => result.isError);
      return {
        products: new Map(results.flatMap((result, index) => (result.data ? [[wanted[index]!, result.data as Product] as const] : []))),
        loading: results.some((result) => result.isPending && !result.isError),
        failure: failed[0]?.error ?? null,
        retry: () => void Promise.all(failed.map((result) => result.refetch())),
      };
    },
  });
}

export const asHotel = (product: ApplicationProduct | undefined) => (product?.kind === ProductKind.Hotel ? (product as HotelProduct) : undefined);
export const asTour = (product: ApplicationProduct | undefined) => (product?.kind === ProductKind.Tour ? (product as TourProduct) : undefined);
export const asTransport = (product: ApplicationProduct | undefined) => (product?.kind === ProductKind.Transport ? (product as TransportProduct) : undefined);
export const asSeaTour = (product: ApplicationProduct | undefined) => (product?.kind === ProductKind.SeaTour ? (product as SeaTourProduct) : undefined);

/** The hotels an accommodation may name: the hotel itself, a tour's or a sea tour's hotels. */
export function hotelChoices(product: ApplicationProduct | undefined): { id: number; name: string }[] {
  if (!product) return [];
  if (product.kind === ProductKind.Hotel) return [{ id: product.id, name: product.name }];
  if (product.kind === ProductKind.Tour || product.kind === ProductKind.SeaTour) return product.hotels.map(({ id, name }) => ({ id, name }));
  return [];
}

/** The transports a leg may ride: the bus tour itself, a tour's transport of that leg, a sea tour's pairs. */
export function transportChoices(product: ApplicationProduct | undefined, leg: 'forth' | 'back'): { id: number; name: string }[] {
  if (!product) return [];
  if (product.kind === ProductKind.Transport) return [{ id: product.id, name: product.name }];
  if (product.kind === ProductKind.Tour) {
    const transport = leg === 'forth' ? product.transport_forth : product.transport_back;
    return transport ? [transport] : [];
  }
  if (product.kind === ProductKind.SeaTour) {
    const seen = new Map(product.transports.map((pair) => [pair[leg].id, pair[leg]]));
    return [...seen.values()];
  }
  return [];
}

/**
 * The buses that bring a bus tour back from its forth leg (GET /api/applications/back-transports,
 * issue 27): earliest first, each with its segment back and its departures; undefined while the
 * forth leg is incomplete (or `leg` is null) or the answer is being read.
 */
export function useBackTransports(leg: { transport_id: unknown; departure_date: unknown; from_route_id: unknown; to_route_id: unknown } | null) {
  const query = leg && { transport_id: leg.transport_id, from_route_id: leg.from_route_id, to_route_id: leg.to_route_id, departure_date: leg.departure_date };
  const complete = query !== null && Object.values(query).every((value) => value !== null && value !== undefined && value !== '');
  return useQuery({
    queryKey: ['applications', 'back-transports', query],
    queryFn: ({ signal }) => api.get<{ data: BackTransportOption[] }>(APPLICATION_PATHS.backTransports, query as Record<string, string>, signal).then((reply) => reply.data),
    enabled: complete,
    staleTime: STALE,
  });
}

/** Which tabs a type can add rows to (the others show only when the application already has some). */
export const TYPE_OFFERS: Record<number, { accommodations: boolean; transport: boolean; transfers: boolean; services: boolean; meals: boolean }> = {
  [ApplicationType.Accommodation]: { accommodations: true, transport: false, transfers: false, services: true, meals: false },
  [ApplicationType.ExcursionTour]: { accommodations: true, transport: true, transfers: false, services: true, meals: true },
  [ApplicationType.BusTour]: { accommodations: false, transport: true, transfers: false, services: false, meals: false },
  [ApplicationType.SeaTour]: { accommodations: true, transport: true, transfers: true, services: false, meals: false },
  [ApplicationType.Avia]: { accommodations: false, transport: false, transfers: true, services: false, meals: false },
  [ApplicationType.Railway]: { accommodations: false, transport: false, transfers: true, services: false, meals: false },
};

/** A hotel's service items with their sums (GET /api/hotels/{id}/services/list). */
export function useHotelServices(hotelId: number | null) {
  return useQuery({
    queryKey: ['applications', 'hotel-services', hotelId],
    queryFn: ({ signal }) => api.get<{ data: HotelServiceOption[] }>(APPLICATION_PATHS.services(ProductKind.Hotel, hotelId!), undefined, signal).then((reply) => reply.data),
    enabled: hotelId !== null,
    staleTime: STALE,
  });
}
