/**
 * 'Смена места' (spec 03 §2.3, §7): one of a saved item's seats moves to a seat neither taken nor
 * already the application's — `POST /transports/{id}/seats/change {number, transport_seat_id}`, then
 * the application's seats are read again (`GET /applications/{id}/seats?transport_id=`).
 */
import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import type { Leg } from '@shared/applications/constants';
import type { TransportProduct } from '@shared/applications/editor-data';
import { APPLICATION_SEAT_PATHS } from '@shared/applications/seats';
import type { ApplicationSeat } from '@shared/applications/types';
import { MESSAGES } from '@shared/messages';
import type { SeatDrawing } from '@shared/transport/seat-scheme';
import { useState } from 'react';
import { api } from '../../../api/http';
import { AppDialog } from '../../../common/AppDialog';
import { notifyFailure } from '../../../common/failure';
import { ReadFailure } from '../../../common/ReadFailure';
import { SeatScheme } from '../../../common/seats/SeatScheme';
import { toast } from '../../../common/toaster';
import type { SeatValues, TransportItemValues } from '../form';
import { APPLICATION_SEAT_LABELS, useTakenSeats } from './SeatPicker';

interface Props {
  applicationId: number;
  leg: Leg;
  item: TransportItemValues;
  transport: TransportProduct | undefined;
  seats: SeatValues[];
  onClose(): void;
  onChanged(seats: SeatValues[]): void;
}

export function SeatChangeDialog({ applicationId, leg, item, transport, seats, onClose, onChanged }: Props) {
  const saved = seats.filter((seat) => seat.id !== undefined);
  const [bookingId, setBookingId] = useState<number | null>(saved[0]?.id ?? null);
  const [number, setNumber] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = useTakenSeats(transport?.id ?? null, item, applicationId);
  const takenSet = new Set(taken.data ?? []);
  const own = new Set(seats.map((seat) => seat.number));
  const moving = saved.find((seat) => seat.id === bookingId);

  const drawings: Record<number, SeatDrawing> = {};
  for (const taken of takenSet) drawings[taken] = { state: 'occupied' };
  for (const seat of seats) drawings[seat.number] = { state: 'booked', label: seat.tourist_name ?? undefined };
  if (number !== null) drawings[number] = { state: 'selected' };

  const pick = (seat: number) => {
    if (takenSet.has(seat) || own.has(seat)) toast.warning(own.has(seat) ? MESSAGES.applications.seatTwice : MESSAGES.applications.seatTaken);
    else setNumber(seat);
  };
  const change = async () => {
    if (!transport || bookingId === null || number === null) return;
    setBusy(true);
    try {
      const reply = await api.post<{ message?: string }>(APPLICATION_SEAT_PATHS.change(transport.id), { number, transport_seat_id: bookingId });
      const read = await api.get<{ data: ApplicationSeat[] }>(APPLICATION_SEAT_PATHS.seats(applicationId), { transport_id: transport.id });
      toast.success(reply.message ?? MESSAGES.applications.seatChanged);
      onChanged(read.data.filter((seat) => seat.leg === leg).map((seat) => ({ id: seat.id, number: seat.number, tourist_id: seat.tourist_id, tourist_index: null, tourist_name: seat.tourist_name })));
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.unexpected);
      void taken.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog isOpen onClose={onClose} title="Смена места" className="seat-change-dialog" style={{ width: '70vw', maxWidth: 1000 }}>
      <DialogBody>
        <FormGroup label="Место заявки" labelFor="seat-change-from">
          <HTMLSelect
            id="seat-change-from"
            fill
            value={bookingId ?? ''}
            onChange={(event) => setBookingId(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            options={saved.map((seat) => ({ value: seat.id!, label: `Место ${seat.number}${seat.tourist_name ? ` — ${seat.tourist_name}` : ''}` }))}
          />
        </FormGroup>
        {/* Without the seats taken by others the scheme would offer them as free: it waits for them. */}
        {taken.isError ? (
          <ReadFailure part title={MESSAGES.applications.takenSeatsReadFailed} error={taken.error} onRetry={() => void taken.refetch()} />
        ) : taken.isLoading ? (
          <Spinner size={24} />
        ) : (
          transport && <SeatScheme params={transport.transportation} seats={drawings} legend={['free', 'occupied', 'booked', 'selected']} labels={{ ...APPLICATION_SEAT_LABELS, booked: 'Места заявки', selected: 'Новое место' }} onSeat={pick} />
        )}
        <p data-testid="seat-change-summary">{moving && number !== null ? `Место ${moving.number} → ${number}` : 'Выберите новое место на схеме.'}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={MESSAGES.list.cancel} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text="Сменить место" loading={busy} disabled={busy || bookingId === null || number === null} onClick={() => void change()} data-testid="seat-change-save" />
          </>
        }
      />
    </AppDialog>
  );
}
