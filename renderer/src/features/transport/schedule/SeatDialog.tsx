/**
 * The seat dialog of the schedule (spec 02 "Schedule screen": titled with the seat number): the
 * seat's bookings on the date — a manual one can be cancelled — and, for a transport that is not an
 * excursion, a booking between two cities of the route.
 */
import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import { AppDialog } from '../../../common/AppDialog';
import { MESSAGES } from '@shared/messages';
import { routePath } from '@shared/routes';
import type { SchedulePayload, SeatBookingRow } from '@shared/transport/schedules';
import { useEffect, useState } from 'react';

interface Props {
  number: number | null;
  route: SchedulePayload['routes'];
  isExcursion: boolean;
  bookings: SeatBookingRow[];
  /** The numbers of the date's applications, by id: an application's seat links to it. */
  applicationNumbers: ReadonlyMap<number, string>;
  busy: boolean;
  onBook(fromCityId: number | null, toCityId: number | null): void;
  onCancel(booking: SeatBookingRow): void;
  onClose(): void;
}

type RoutePoint = SchedulePayload['routes'][number];

/**
 * The departures and (for the chosen departure city) the arrivals a seat can still be booked between:
 * a leg p → q is free when no booking of the seat overlaps it (booked from before q to after p).
 */
export function freeSegments(route: RoutePoint[], bookings: Pick<SeatBookingRow, 'from_position' | 'to_position'>[], fromCityId: number | null) {
  const points = [...route].sort((a, b) => a.position - b.position);
  const free = (fromPosition: number, toPosition: number) => !bookings.some((booking) => booking.from_position < toPosition && booking.to_position > fromPosition);
  const fromOptions = points.slice(0, -1).filter((point, index) => free(point.position, points[index + 1]!.position));
  const start = fromOptions.find((point) => point.point_city.id === fromCityId);
  const toOptions: RoutePoint[] = [];
  if (start) {
    for (const point of points) {
      if (point.position <= start.position) continue;
      if (!free(start.position, point.position)) break;
      toOptions.push(point);
    }
  }
  return { fromOptions, toOptions, fromPosition: start?.position ?? -1 };
}

export function SeatDialog({ number, route, isExcursion, bookings, applicationNumbers, busy, onBook, onCancel, onClose }: Props) {
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  useEffect(() => {
    setFrom(null);
    setTo(null);
  }, [number]);
  // Only what the seat can still be booked on: a departure whose next leg is free, and the arrivals
  // reached from it before the first leg already booked for this seat.
  const { fromOptions, toOptions, fromPosition } = freeSegments(route, bookings, from);
  const full = isExcursion ? bookings.length > 0 : fromOptions.length === 0;

  return (
    <AppDialog isOpen={number !== null} onClose={onClose} title={`Место ${number ?? ''}`} className="seat-dialog">
      <DialogBody>
        {bookings.length > 0 ? (
          <HTMLTable compact striped className="seat-bookings">
            <thead>
              <tr>
                <th>Участок</th>
                <th>Пассажир</th>
                <th aria-label="Действия" />
              </tr>
            </thead>
            <tbody>
              {bookings.map((booking) => (
                <tr key={booking.id}>
                  <td>
                    {booking.from_city.name} → {booking.to_city.name}
                  </td>
                  <td>
                    {booking.tourist ? `${booking.tourist.last_name} ${booking.tourist.first_name}` : booking.application_id !== null ? 'Турист заявки' : 'Ручная бронь'}
                    {booking.application_id !== null && (
                      <>
                        {' · '}
                        <a href={routePath('application-edit', { id: booking.application_id })} target="_blank" rel="noreferrer">
                          {/* Its number, never its id (a number not among the day's applications leaves the link unnumbered). */}
                          {['заявка', applicationNumbers.get(booking.application_id)].filter(Boolean).join(' ')}
                        </a>
                      </>
                    )}
                  </td>
                  <td>{booking.application_id === null && <Button size="small" intent={Intent.DANGER} icon="cross" text="Снять бронь" disabled={busy} onClick={() => onCancel(booking)} />}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : (
          <p className="bp6-text-muted">Место свободно на всём маршруте.</p>
        )}
        {full ? (
          <p className="bp6-text-muted">{MESSAGES.transport.seatFullyBooked}</p>
        ) : isExcursion ? (
          <p className="bp6-text-muted">Экскурсионный рейс: место бронируется на весь маршрут.</p>
        ) : (
          <div className="seat-dialog-segment">
            <FormGroup label="Откуда" labelFor="seat-from">
              <HTMLSelect
                id="seat-from"
                fill
                value={from ?? ''}
                onChange={(event) => {
                  setFrom(event.currentTarget.value ? Number(event.currentTarget.value) : null);
                  setTo(null);
                }}
                options={[{ value: '', label: 'Выберите город' }, ...fromOptions.map((point) => ({ value: point.point_city.id, label: point.point_city.name }))]}
              />
            </FormGroup>
            <FormGroup label="Куда" labelFor="seat-to">
              <HTMLSelect
                id="seat-to"
                fill
                disabled={fromPosition < 0}
                value={to ?? ''}
                onChange={(event) => setTo(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
                options={[{ value: '', label: 'Выберите город' }, ...toOptions.map((point) => ({ value: point.point_city.id, label: point.point_city.name }))]}
              />
            </FormGroup>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MESSAGES.list.close} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Забронировать" loading={busy} disabled={full || (!isExcursion && (from === null || to === null))} onClick={() => onBook(from, to)} />
          </>
        }
      />
    </AppDialog>
  );
}
