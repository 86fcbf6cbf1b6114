/**
 * The schedule of one bus transport (/transports/schedules/{id}, spec 02 "Schedule screen"): a
 * departure date, then the tabs general (route, seat scheme with its legend, applications with their
 * seats), departures (the date's departure data) and unloading (the exports). Seats are booked and
 * cancelled through the seat store (POST/DELETE /transports/{id}/seats).
 */
import { Button, Card, FormGroup, H2, H5, HTMLTable, Intent, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { routePath } from '@shared/routes';
import { egaisFileName, SCHEDULE_PATHS, seatingFileName, type ScheduleOfDate, type SchedulePayload, type SeatBookingRow } from '@shared/transport/schedules';
import type { SeatDrawing } from '@shared/transport/seat-scheme';
import { todayIso } from '@shared/transport/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../../api/http';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { exportFile } from '../../../common/exportFile';
import { notifyFailure } from '../../../common/failure';
import { DateField } from '../../../common/form/DateFields';
import { ReadFailure } from '../../../common/ReadFailure';
import { toast } from '../../../common/toaster';
import { SeatScheme } from '../../../common/seats/SeatScheme';
import '../transport.css';
import { DateDeparturesTab } from './DateDeparturesTab';
import { SeatDialog } from './SeatDialog';

const T = MESSAGES.transport;
const display = (date: string) => date.split('-').reverse().join('.');

/** The first departure from today on, else the last one. */
const defaultDate = (departures: string[]) => departures.find((date) => date >= todayIso()) ?? departures[departures.length - 1] ?? null;

/** What a seat shows: occupied by an application (its tourist once entered), booked by hand, or free; the passengers in its tooltip. */
function seatDrawings(seats: SeatBookingRow[]): Record<number, SeatDrawing> {
  const drawings: Record<number, SeatDrawing> = {};
  for (const seat of seats) {
    const current = drawings[seat.number];
    const who = seat.tourist ? `${seat.tourist.last_name} ${seat.tourist.first_name}` : seat.application_id !== null ? 'турист заявки' : 'бронь';
    const label = `${who} (${seat.from_city.name} → ${seat.to_city.name})`;
    drawings[seat.number] = {
      state: seat.application_id !== null || current?.state === 'occupied' ? 'occupied' : 'booked',
      label: current?.label ? `${current.label}; ${label}` : label,
    };
  }
  return drawings;
}

export function SchedulePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  // The departure date as typed (until the user leaves the field), and what is wrong with it.
  const [typed, setTyped] = useState<string | null | undefined>(undefined);
  const typedNow = useRef<string | null | undefined>(undefined); // a day picked in the calendar is typed and left at once
  const [dateError, setDateError] = useState<string | null>(null);
  const [tab, setTab] = useState<string>('general');
  const [seat, setSeat] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const transport = useQuery({
    queryKey: ['schedule', id],
    queryFn: ({ signal }) => api.get<{ data: SchedulePayload }>(SCHEDULE_PATHS.schedule(id), undefined, signal),
  });
  const payload = transport.data?.data;
  const departures = useMemo(() => new Set(payload?.departures ?? []), [payload]);
  const date = chosen ?? (payload ? defaultDate(payload.departures) : null);

  const day = useQuery({
    queryKey: ['schedule', id, date],
    queryFn: () => api.post<{ data: ScheduleOfDate }>(SCHEDULE_PATHS.schedule(id), { date }),
    enabled: date !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['schedule', id, date] });
  const seats = day.data?.data.seats ?? [];

  /**
   * A seat call with its toasts: the server's message on success; on a 422 the first message of the
   * field spec 02 §8 names (`to_city_id` for a booking, `number` for a cancel).
   */
  const seatCall = async (work: () => Promise<{ message?: string }>, fallback: string, refusalField: 'to_city_id' | 'number') => {
    setBusy(true);
    try {
      const reply = await work();
      toast.success(reply.message ?? fallback);
      await refresh();
      return true;
    } catch (error) {
      const refusal = error instanceof ApiError && error.status === 422 ? error.fieldErrors[refusalField]?.[0] : undefined;
      if (refusal) toast.error(refusal);
      else notifyFailure(error, MESSAGES.errors.unexpected);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const book = async (number: number, fromCityId: number | null, toCityId: number | null) => {
    const booked = await seatCall(() => api.post(SCHEDULE_PATHS.seats(id), { number, start_date: date, from_city_id: fromCityId, to_city_id: toCityId }), T.booked, 'to_city_id');
    if (booked) setSeat(null);
  };
  const cancel = (booking: SeatBookingRow) => seatCall(() => api.delete(SCHEDULE_PATHS.seat(id, booking.id)), T.unbooked, 'number');
  /** A manual booking asked about before it is cancelled. */
  const [toCancel, setToCancel] = useState<SeatBookingRow | null>(null);

  /** Сохранить: bookings and departure data are saved as they are made; the date is read again and the user told so. */
  const [refreshing, setRefreshing] = useState(false);
  const saveAll = async () => {
    setRefreshing(true);
    try {
      await queryClient.fetchQuery({ queryKey: ['schedule', id, date], queryFn: () => api.post<{ data: ScheduleOfDate }>(SCHEDULE_PATHS.schedule(id), { date }), staleTime: 0 });
      toast.saved(T.scheduleSaved);
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.unexpected, { write: false });
    } finally {
      setRefreshing(false);
    }
  };

  /** Excursion transports book a free seat at once on the whole route; any other click opens the seat's dialog. */
  const clickSeat = (number: number) => {
    if (!payload || !date) return;
    const taken = seats.some((booking) => booking.number === number);
    if (payload.is_excursion && !taken && !busy) void book(number, null, null);
    else setSeat(number);
  };

  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(routePath('transport-schedules')));

  if (transport.isError) return <ReadFailure error={transport.error} onRetry={() => void transport.refetch()} className="status-page" />;
  if (!payload) return <Spinner className="page-spinner" />;

  const exportPath = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;
  const applications = day.data?.data.applications ?? [];

  return (
    <Card className="resource-screen schedule-page" elevation={1}>
      <div className="screen-heading">
        <div>
          <H2>Расписание: {payload.name}</H2>
          <div className="bp6-text-muted">
            {payload.transportation.name}
            {payload.is_excursion ? ' · экскурсионный рейс' : ''}
          </div>
        </div>
        <div className="schedule-date">
          <FormGroup label="Дата отправления" labelFor="schedule-date" helperText={dateError ?? undefined} intent={dateError ? Intent.DANGER : Intent.NONE}>
            <DateField
              id="schedule-date"
              value={typed ?? date}
              intent={dateError ? Intent.DANGER : Intent.NONE}
              isDayDisabled={(day) => !departures.has(day)}
              onChange={(value) => {
                typedNow.current = value;
                setTyped(value);
                setDateError(null);
                // A departure day opens at once; anything else waits for the user to leave the field.
                if (value && departures.has(value)) setChosen(value);
              }}
              onLeave={() => {
                const left = typedNow.current;
                if (left === undefined || (left && departures.has(left))) return setTyped((typedNow.current = undefined));
                setDateError(!left ? MESSAGES.validation.required : /^\d{4}-\d{2}-\d{2}$/.test(left) ? T.noDeparture : MESSAGES.dates.format);
              }}
            />
          </FormGroup>
        </div>
      </div>

      {payload.departures.length === 0 && <p className="bp6-text-muted">У рейса нет дат отправления.</p>}

      <Tabs id="schedule-tabs" selectedTabId={tab} onChange={(next) => setTab(String(next))} renderActiveTabPanelOnly>
        <Tab
          id="general"
          title="Общее"
          panel={
            <div className="schedule-general">
              <div className="schedule-route">
                <H5>Маршрут</H5>
                <ol>
                  {payload.routes.map((point) => (
                    <li key={point.position}>
                      <strong>{point.point_city.name}</strong>
                      {point.finish_time && ` · прибытие ${point.finish_time}`}
                      {point.start_time && point.kind !== 'finish' && ` · отправление ${point.start_time}`}
                      {point.info && <div className="bp6-text-muted">{point.info}</div>}
                    </li>
                  ))}
                </ol>
              </div>
              <div className="schedule-seats">
                <H5>Схема салона {date ? `на ${display(date)}` : ''}</H5>
                {day.isFetching && <Spinner size={16} />}
                <SeatScheme params={payload.transportation} seats={seatDrawings(seats)} legend={['free', 'occupied', 'booked']} onSeat={date ? clickSeat : undefined} />
                <H5>Заявки</H5>
                {applications.length === 0 ? (
                  <p className="bp6-text-muted">{MESSAGES.list.empty}</p>
                ) : (
                  <HTMLTable compact striped>
                    <thead>
                      <tr>
                        <th>Заявка</th>
                        <th>Места</th>
                      </tr>
                    </thead>
                    <tbody>
                      {applications.map((application) => (
                        <tr key={application.id}>
                          <td>
                            <a href={routePath('application-edit', { id: application.id })} target="_blank" rel="noreferrer">
                              {application.number}
                            </a>
                          </td>
                          <td>{application.seats_numbers.join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                )}
              </div>
            </div>
          }
        />
        <Tab
          id="departures"
          title="Отправления"
          disabled={!date}
          panel={date ? <DateDeparturesTab transportId={id} date={date} rows={day.data?.data.dates ?? []} applications={applications} onChanged={() => void refresh()} /> : undefined}
        />
        <Tab
          id="unloading"
          title="Выгрузка"
          disabled={!date}
          panel={
            date ? (
              <div className="schedule-unloading">
                <Button icon="th" text="ЕГАИС: туда" onClick={() => void exportFile(exportPath(SCHEDULE_PATHS.egais(id), { date, type: 'egais-forth' }), egaisFileName(date, payload.name, 'egais-forth'))} />
                <Button icon="th" text="ЕГАИС: обратно" onClick={() => void exportFile(exportPath(SCHEDULE_PATHS.egais(id), { date, type: 'egais-back' }), egaisFileName(date, payload.name, 'egais-back'))} />
                <Button icon="document" text="Рассадка" onClick={() => void exportFile(exportPath(SCHEDULE_PATHS.seating(id), { date, type: 'seating' }), seatingFileName(date, payload.name))} />
              </div>
            ) : undefined
          }
        />
      </Tabs>

      <div className="schedule-footer">
        <Button text="Назад" icon="arrow-left" onClick={back} />
        <Button intent={Intent.PRIMARY} text={MESSAGES.list.save} disabled={!date} loading={refreshing} title={date ? undefined : 'Выберите дату'} onClick={() => void saveAll()} />
      </div>
      <p className="bp6-text-muted schedule-hint">
        Бронь места — щелчок по месту на схеме. <Link to={routePath('transport-schedules')}>Все рейсы</Link>
      </p>

      <SeatDialog
        number={seat}
        route={payload.routes}
        isExcursion={payload.is_excursion}
        bookings={seats.filter((booking) => booking.number === seat)}
        applicationNumbers={new Map(applications.map((application) => [application.id, application.number]))}
        busy={busy}
        onBook={(from, to) => seat !== null && void book(seat, from, to)}
        onCancel={setToCancel}
        onClose={() => setSeat(null)}
      />
      <ConfirmDialog
        isOpen={toCancel !== null}
        intent={Intent.DANGER}
        icon="cross"
        confirmText={T.unbook}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (toCancel) void cancel(toCancel);
          setToCancel(null);
        }}
      >
        {toCancel && T.confirmUnbook(toCancel.number, toCancel.from_city.name, toCancel.to_city.name)}
      </ConfirmDialog>
    </Card>
  );
}
