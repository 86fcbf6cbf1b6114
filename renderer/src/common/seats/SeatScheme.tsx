/**
 * The seat scheme on screen: the SVG of shared/transport/seat-scheme.ts (the same drawing the server
 * stores and the documents use), a legend of the seat states, and clicks on seats.
 */
import { SEAT_STATES, seatSchemeSvg, type SeatDrawing, type SeatSchemeParams, type SeatState } from '@shared/transport/seat-scheme';
import type { KeyboardEvent, MouseEvent } from 'react';
import './seatScheme.css';

interface Props {
  params: SeatSchemeParams;
  seats?: Readonly<Record<number, SeatDrawing>>;
  /** Which states the legend names; none when absent. */
  legend?: readonly SeatState[];
  /** The legend's own names of some states (an application's seats: the client's, the operator's). */
  labels?: Partial<Record<SeatState, string>>;
  /** A click on a numbered seat. */
  onSeat?: (number: number) => void;
}

export function SeatScheme({ params, seats, legend, labels, onSeat }: Props) {
  const svg = seatSchemeSvg(params, seats);
  const seatOf = (target: EventTarget) => {
    const element = (target as Element).closest?.('[data-seat]');
    return element ? Number(element.getAttribute('data-seat')) : null;
  };
  const click = (event: MouseEvent) => {
    const number = seatOf(event.target);
    if (number !== null && onSeat) onSeat(number);
  };
  const key = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const number = seatOf(event.target);
    if (number !== null && onSeat) {
      event.preventDefault();
      onSeat(number);
    }
  };
  return (
    <div className="seat-scheme-view">
      {legend && (
        <ul className="seat-legend" aria-label="Обозначения">
          {legend.map((state) => (
            <li key={state}>
              <span className="seat-legend-mark" style={{ background: SEAT_STATES[state].fill, borderColor: SEAT_STATES[state].stroke }} />
              {labels?.[state] ?? SEAT_STATES[state].label}
            </li>
          ))}
        </ul>
      )}
      {/* The drawing is our own SVG text; labels in it are escaped by seatSchemeSvg. */}
      <div className={onSeat ? 'seat-scheme-svg clickable' : 'seat-scheme-svg'} onClick={click} onKeyDown={key} dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}

/** Seat-scheme parameters from form values (numbers typed in inputs may still be text). */
export function schemeParams(values: Record<string, unknown>): SeatSchemeParams {
  const number = (value: unknown) => (value === null || value === undefined || value === '' ? 0 : Number(value));
  return {
    seats: number(values.seats),
    rear_seats: number(values.rear_seats),
    rows: number(values.rows),
    columns_at_door: number(values.columns_at_door),
    second_door: Boolean(values.second_door),
    second_door_rows: number(values.second_door_rows),
    second_door_length: number(values.second_door_length),
  };
}
