/**
 * The 'Места' tab of a transport item (spec 03 §4 "Seats on a transport"): the vehicle's seat scheme
 * with the seats taken by others on the ride's segment, the client's (as stored) and the operator's
 * (chosen now); one seat per riding adult and child, each tied to a tourist of the application.
 */
import { Callout, FormGroup, HTMLSelect, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import type { TransportProduct } from '@shared/applications/editor-data';
import { APPLICATION_SEAT_PATHS } from '@shared/applications/seats';
import { MESSAGES } from '@shared/messages';
import type { SeatDrawing, SeatState } from '@shared/transport/seat-scheme';
import type { FieldErrors } from '@shared/validation';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { ReadFailure } from '../../../common/ReadFailure';
import { SeatScheme } from '../../../common/seats/SeatScheme';
import { toast } from '../../../common/toaster';
import { touristKey, touristName, type SeatValues, type TouristValues, type TransportItemValues } from '../form';

/** How the application's seat scheme names the states (spec 03 §4): the client's old seats and the operator's new ones. */
export const APPLICATION_SEAT_LABELS: Partial<Record<SeatState, string>> = { occupied: 'Занято другими', booked: 'Выбрано клиентом', selected: 'Выбрано оператором' };
const LEGEND: SeatState[] = ['free', 'occupied', 'booked', 'selected'];

/** The application's tourists as a seat's choices: a stored one by id, a new one by its place in the form. */
export function touristOptions(tourists: TouristValues[]): { key: string; name: string }[] {
  return tourists.map((tourist, index) => ({ key: tourist.id !== undefined ? `id:${tourist.id}` : `index:${index}`, name: touristName(tourist) || `Турист ${index + 1}` }));
}

/** The seats taken by others on the item's segment (an unsaved choice of this application is not "others"). */
export function useTakenSeats(transportId: number | null, item: Pick<TransportItemValues, 'departure_date' | 'from_route_id' | 'to_route_id'>, applicationId: number | undefined) {
  const ready = transportId !== null && Boolean(item.departure_date) && item.from_route_id !== null && item.to_route_id !== null;
  const query = { date: String(item.departure_date), from_route_id: Number(item.from_route_id), to_route_id: Number(item.to_route_id), application_id: applicationId };
  return useQuery({
    queryKey: ['applications', 'taken-seats', transportId, query],
    queryFn: ({ signal }) => api.get<{ data: number[] }>(APPLICATION_SEAT_PATHS.taken(transportId!), query, signal).then((reply) => reply.data),
    enabled: ready,
    staleTime: 0,
  });
}

interface Props {
  transport: TransportProduct | undefined;
  item: TransportItemValues;
  seats: SeatValues[];
  /** The seats the application holds as stored (the client's). */
  storedNumbers: number[];
  applicationId: number | undefined;
  riders: number;
  tourists: { key: string; name: string }[];
  errors: FieldErrors;
  onChange(seats: SeatValues[]): void;
}

export function SeatPicker({ transport, item, seats, storedNumbers, applicationId, riders, tourists, errors, onChange }: Props) {
  const taken = useTakenSeats(transport?.id ?? null, item, applicationId);
  if (!transport || !item.departure_date || item.from_route_id === null || item.to_route_id === null) {
    return <Callout intent={Intent.PRIMARY}>Выберите транспорт, дату отправления и участок маршрута на вкладке «Маршрут».</Callout>;
  }
  if (taken.isError) return <ReadFailure part title={MESSAGES.applications.takenSeatsReadFailed} error={taken.error} onRetry={() => void taken.refetch()} />;
  if (taken.isPending) return <Spinner size={24} />;
  const takenSet = new Set(taken.data ?? []);
  const chosen = new Set(seats.map((seat) => seat.number));
  const drawings: Record<number, SeatDrawing> = {};
  for (const number of takenSet) drawings[number] = { state: 'occupied' };
  for (const seat of seats) {
    const name = tourists.find((tourist) => tourist.key === touristKey(seat))?.name;
    drawings[seat.number] = { state: storedNumbers.includes(seat.number) ? 'booked' : 'selected', label: name };
  }
  const usedTourists = new Set(seats.map(touristKey).filter(Boolean));

  const click = (number: number) => {
    if (chosen.has(number)) {
      onChange(seats.filter((seat) => seat.number !== number));
      return;
    }
    if (takenSet.has(number)) {
      toast.warning(MESSAGES.applications.seatTaken);
      return;
    }
    if (seats.length >= riders) {
      toast.warning(MESSAGES.applications.seatsCount(riders));
      return;
    }
    // The next tourist without a seat rides here (the operator may tie another below).
    const free = tourists.find((tourist) => !usedTourists.has(tourist.key));
    onChange([...seats, { number, ...tieTo(free?.key ?? '') }]);
  };
  const error = errors.seats?.[0] ?? Object.entries(errors).find(([path]) => path.startsWith('seats.'))?.[1][0];

  return (
    <div className="application-seats">
      <div className="application-seats-scheme">
        <SeatScheme params={transport.transportation} seats={drawings} legend={LEGEND} labels={APPLICATION_SEAT_LABELS} onSeat={click} />
      </div>
      <div className="application-seats-list">
        <p>
          Выбрано мест: {seats.length} из {riders}
        </p>
        {error && (
          <Callout intent={Intent.DANGER} className="application-seats-error">
            {error}
          </Callout>
        )}
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Место</th>
              <th>Турист</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((seat, index) => (
              <tr key={seat.number} className={Object.keys(errors).some((path) => path.startsWith(`seats.${index}`)) ? 'row-has-errors' : undefined}>
                <td>{seat.number}</td>
                <td>
                  <FormGroup className="application-seat-tourist">
                    <HTMLSelect
                      aria-label={`Турист на месте ${seat.number}`}
                      fill
                      value={touristKey(seat)}
                      onChange={(event) => onChange(seats.map((other, position) => (position === index ? { ...other, ...tieTo(event.currentTarget.value), tourist_name: undefined } : other)))}
                      options={[{ value: '', label: 'Не указан' }, ...tourists.map((tourist) => ({ value: tourist.key, label: tourist.name, disabled: usedTourists.has(tourist.key) && tourist.key !== touristKey(seat) }))]}
                    />
                  </FormGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </div>
  );
}

/** A seat's tourist fields from a choice's key. */
function tieTo(key: string): Pick<SeatValues, 'tourist_id' | 'tourist_index'> {
  const [kind, value] = key.split(':');
  if (kind === 'id') return { tourist_id: Number(value), tourist_index: null };
  if (kind === 'index') return { tourist_id: null, tourist_index: Number(value) };
  return { tourist_id: null, tourist_index: null };
}
