/**
 * Transport (spec 03 §2.3, §3 "Transport item", §4 "Seats on a transport"): at most one item per leg.
 * Its dialog ('Рейс туда' / 'Рейс обратно') holds 'Маршрут' (transport, departure, the stops: departures before the arrival,
 * arrivals after the departure; a saved item's route is changed at once by the server, which moves
 * its seats) and 'Места' (the seat scheme: free, taken by others, the client's, the operator's — one
 * seat per riding adult and child, each tied to a tourist). 'Смена места' moves a saved seat.
 * A bus tour's way back (issue 27) is any bus that brings it back from the forth leg's arrival: the
 * server's candidates, the earliest first, with their segment preselected and departures from the arrival on.
 */
import { Button, Callout, HTMLSelect, Intent } from '@blueprintjs/core';
import { seatsKey, transportKey } from '@shared/applications/schema';
import type { ApplicationProduct, BackTransportOption, ProductRoutePoint, TransportProduct } from '@shared/applications/editor-data';
import { ProductKind, type Leg } from '@shared/applications/constants';
import type { ApplicationRecord } from '@shared/applications/types';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import type { FieldErrors } from '@shared/validation';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../../api/http';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { notifyFailure } from '../../../common/failure';
import { LockableGroup } from '../../../common/form/locks';
import { ReadFailure } from '../../../common/ReadFailure';
import { toast } from '../../../common/toaster';
import type { TabProps } from './tabProps';
import { transportChoices, useBackTransports, useProducts } from '../data';
import { blankTransportItem, LEG_TITLES, LEGS, ridersOf, routeOptions, touristKey, type SeatValues, type TransportItemValues } from '../form';
import { SeatChangeDialog } from './SeatChangeDialog';
import { SeatPicker, touristOptions } from './SeatPicker';
import { APPLICATION_SEAT_PATHS } from '@shared/applications/seats';

const A = MESSAGES.applications;

interface Props extends TabProps {
  product: ApplicationProduct | undefined;
  /** The stored application's id (its saved items' route and seat changes go to the server at once). */
  applicationId: number | undefined;
  stored: ApplicationRecord | undefined;
  /** After a route or seat change: the application is read again (the change bumped its version). */
  onChanged(): void;
}

/** A leg's item and seats as the dialog edits them. */
export interface LegDraft {
  item: TransportItemValues;
  seats: SeatValues[];
}

export function TransportTab({ form, update, errors, setErrors, product, applicationId, stored, onChanged }: Props) {
  const [open, setOpen] = useState<Leg | null>(null);
  const [changing, setChanging] = useState<Leg | null>(null);
  const read = useProducts<TransportProduct>(ProductKind.Transport, [...LEGS.flatMap((leg) => transportChoices(product, leg).map((choice) => choice.id)), form.transport_forth?.transport_id, form.transport_back?.transport_id]);
  const transports = read.products;
  if (product?.kind === ProductKind.Transport) transports.set(product.id, product);
  const point = (item: TransportItemValues, id: number | string | null) => transports.get(Number(item.transport_id))?.route.find((stop) => stop.id === Number(id));
  const tourists = touristOptions(form.tourists);
  // A bus tour comes back on any bus from where its forth leg arrives (the others keep their product's transports).
  const returning = product?.kind === ProductKind.Transport;
  const backRead = useBackTransports(returning ? form.transport_forth : null);
  const way = returning ? backWay(form.transport_forth, backRead, point) : null;
  const choicesOf = (leg: Leg) => (way && leg === 'back' ? (way.options ?? []).map(({ id, name }) => ({ id, name })) : transportChoices(product, leg));
  const initialItem = (leg: Leg): TransportItemValues => {
    const first = way && leg === 'back' ? way.options?.[0] : undefined;
    if (first) return { ...blankTransportItem(first.id), from_route_id: first.from_route_id, to_route_id: first.to_route_id };
    const choices = choicesOf(leg);
    return blankTransportItem(choices.length === 1 ? choices[0]!.id : null);
  };

  const saveLeg = (leg: Leg, draft: LegDraft | null) => {
    update(transportKey(leg), draft?.item ?? null);
    update(seatsKey(leg), draft?.seats ?? []);
    setErrors((current) => dropErrors(dropErrors(current, transportKey(leg)), seatsKey(leg)));
    setOpen(null);
  };

  return (
    <div className="application-transport">
      {read.failure !== null && <ReadFailure part title={A.productsReadFailed} error={read.failure} onRetry={read.retry} />}
      {LEGS.map((leg) => {
        const item = form[transportKey(leg)];
        const seats = form[seatsKey(leg)];
        const choices = choicesOf(leg);
        const legErrors = Object.keys(errors).filter((path) => path.startsWith(transportKey(leg)) || path.startsWith(seatsKey(leg)));
        return (
          <section key={leg} className="application-leg" aria-label={LEG_TITLES[leg]}>
            <h4 className="editor-section-title">{LEG_TITLES[leg]}</h4>
            <CollectionTable<TransportItemValues>
              label={`Транспорт: ${LEG_TITLES[leg].toLowerCase()}`}
              name={`transport-${leg}`}
              rows={item ? [item] : []}
              pageSize={1}
              errors={legErrors.length > 0 ? { '0': legErrors.flatMap((path) => errors[path] ?? []) } : {}}
              addText="Добавить транспорт"
              onAdd={!item && (choices.length > 0 || (way !== null && leg === 'back')) ? () => setOpen(leg) : undefined}
              onEdit={() => setOpen(leg)}
              onDelete={() => saveLeg(leg, null)}
              toolbar={
                item?.id !== undefined && applicationId !== undefined && seats.some((seat) => seat.id !== undefined) ? (
                  <Button icon="swap-horizontal" text="Смена места" aria-haspopup="dialog" onClick={() => setChanging(leg)} />
                ) : undefined
              }
              columns={[
                { title: 'Транспорт', render: (row) => transports.get(Number(row.transport_id))?.name ?? row.transport_name ?? '' },
                { title: 'Отправление', render: (row) => formatDate(row.departure_date) },
                { title: 'Откуда', render: (row) => point(row, row.from_route_id)?.city.name ?? '' },
                { title: 'Куда', render: (row) => point(row, row.to_route_id)?.city.name ?? '' },
                // Numbers only (a row stays one line); each seat names its tourist on hover, the 'Места' tab ties them.
                {
                  title: 'Места',
                  render: () => (
                    <span className="application-seat-numbers">
                      {[...seats].sort((a, b) => a.number - b.number).map((seat, index) => (
                        <span key={seat.number} title={seatTourist(seat, tourists)} data-testid={`seat-${leg}-${seat.number}`}>
                          {index > 0 ? ', ' : ''}
                          {seat.number}
                        </span>
                      ))}
                    </span>
                  ),
                },
              ]}
            />
            {legErrors.length > 0 && (
              <Callout intent={Intent.DANGER} className="application-leg-errors">
                {[...new Set(legErrors.flatMap((path) => errors[path] ?? []))].join(' ')}
              </Callout>
            )}
          </section>
        );
      })}
      {open && (
        <TransportDialog
          leg={open}
          initial={{ item: form[transportKey(open)] ?? initialItem(open), seats: form[seatsKey(open)] }}
          choices={choicesOf(open)}
          way={open === 'back' ? way : null}
          transports={transports}
          riders={ridersOf(form)}
          tourists={tourists}
          applicationId={applicationId}
          storedSeats={stored?.[seatsKey(open)] ?? []}
          serverErrors={errorsOfLeg(errors, open)}
          onSave={(draft) => saveLeg(open, draft)}
          onClose={() => setOpen(null)}
          onChanged={onChanged}
        />
      )}
      {changing && applicationId !== undefined && form[transportKey(changing)] && (
        <SeatChangeDialog
          applicationId={applicationId}
          leg={changing}
          item={form[transportKey(changing)]!}
          transport={transports.get(Number(form[transportKey(changing)]!.transport_id))}
          seats={form[seatsKey(changing)]}
          onClose={() => setChanging(null)}
          onChanged={(seats) => {
            update(seatsKey(changing), seats);
            setChanging(null);
            onChanged();
          }}
        />
      )}
    </div>
  );
}

/** A bus tour's way back: the buses that bring it back (undefined while they are read) and what the dialog says when there is none to choose. */
interface BackWay {
  options: BackTransportOption[] | undefined;
  note: string | null;
}

function backWay(forth: TransportItemValues | null, read: { data: BackTransportOption[] | undefined; isError: boolean }, point: (item: TransportItemValues, id: number | string | null) => ProductRoutePoint | undefined): BackWay {
  const complete = forth !== null && [forth.transport_id, forth.departure_date, forth.from_route_id, forth.to_route_id].every((value) => value !== null && value !== '');
  if (!complete) return { options: [], note: A.backNeedsForth };
  if (read.isError) return { options: [], note: A.productsReadFailed };
  if (read.data?.length === 0) return { options: [], note: A.noWayBack(point(forth, forth.to_route_id)?.city.name ?? '', point(forth, forth.from_route_id)?.city.name ?? '') };
  return { options: read.data, note: null };
}

/** A leg's errors for its dialog: the item's under `item.`, the seats' under `seats.`. */
function errorsOfLeg(errors: FieldErrors, leg: Leg): FieldErrors {
  const found: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (path.startsWith(`${transportKey(leg)}.`)) found[`item.${path.slice(transportKey(leg).length + 1)}`] = messages;
    else if (path === seatsKey(leg) || path.startsWith(`${seatsKey(leg)}.`)) found[`seats${path.slice(seatsKey(leg).length)}`] = messages;
  }
  return found;
}

/** The tourist a seat is tied to, by name (empty while none is). */
const seatTourist = (seat: SeatValues, tourists: { key: string; name: string }[]) => seat.tourist_name ?? tourists.find((tourist) => tourist.key === touristKey(seat))?.name ?? '';

interface DialogProps {
  leg: Leg;
  initial: LegDraft;
  choices: { id: number; name: string }[];
  /** A bus tour's back leg: the buses that bring it back (their segments and departures), or why there is none. */
  way: BackWay | null;
  transports: Map<number, TransportProduct>;
  riders: number;
  tourists: { key: string; name: string }[];
  applicationId: number | undefined;
  storedSeats: { number: number }[];
  serverErrors: FieldErrors;
  onSave(draft: LegDraft): void;
  onClose(): void;
  onChanged(): void;
}

function TransportDialog({ leg, initial, choices, way, transports, riders, tourists, applicationId, storedSeats, serverErrors, onSave, onClose, onChanged }: DialogProps) {
  const [draft, setDraftState] = useState<LegDraft>(() => structuredClone(initial));
  const row = useRowDraft<LegDraft>((change) => setDraftState(change), serverErrors);
  const { errors, setErrors } = row;
  const [busy, setBusy] = useState(false);
  const { item } = draft;
  // The transport chosen here (a bus back may be none of the tab's): its route, departures and seat scheme.
  const own = useProducts<TransportProduct>(ProductKind.Transport, [Number(item.transport_id)]);
  const transport = transports.get(Number(item.transport_id)) ?? own.products.get(Number(item.transport_id));
  const option = way?.options?.find((candidate) => candidate.id === Number(item.transport_id));
  const route = transport?.route ?? [];
  const { departures, arrivals } = routeOptions(route, item.from_route_id === null ? null : Number(item.from_route_id), item.to_route_id === null ? null : Number(item.to_route_id));
  const saved = item.id !== undefined && applicationId !== undefined;
  const routeChanged = saved && (Number(item.from_route_id) !== Number(initial.item.from_route_id) || Number(item.to_route_id) !== Number(initial.item.to_route_id));

  /** `item` on transport `id`, its departure to choose; a bus back comes with its segment back chosen. */
  const withSegment = (current: TransportItemValues, id: number | null): TransportItemValues => {
    const segment = way?.options?.find((candidate) => candidate.id === id);
    return { ...current, transport_id: id, departure_date: null, from_route_id: segment?.from_route_id ?? null, to_route_id: segment?.to_route_id ?? null };
  };
  const setItem = (name: keyof TransportItemValues, value: unknown) => {
    setDraftState((current) => {
      const next = { ...current.item, [name]: value };
      // Another transport or departure lets go of the stops and the seats chosen on it.
      if (name === 'transport_id') Object.assign(next, withSegment(next, value as number | null));
      return { item: next, seats: name === 'transport_id' || name === 'departure_date' ? [] : current.seats };
    });
    setErrors((current) => dropErrors(current, `item.${String(name)}`));
  };
  // The buses back may arrive after the dialog opened: a new leg still without a bus takes the earliest.
  const earliest = way?.options?.[0]?.id;
  useEffect(() => {
    if (earliest !== undefined && initial.item.id === undefined) setDraftState((current) => (current.item.transport_id === null ? { ...current, item: withSegment(current.item, earliest) } : current));
  }, [earliest]); // eslint-disable-line react-hooks/exhaustive-deps -- once per list of buses back
  const select = (name: 'transport_id' | 'departure_date' | 'from_route_id' | 'to_route_id', label: string, options: { value: string | number; label: string }[], disabled = false) => {
    const error = errors[`item.${name}`]?.[0];
    return (
      <LockableGroup label={label} labelFor={`transport-${name}`} required helperText={error} intent={error ? Intent.DANGER : Intent.NONE} lockedReason={disabled ? A.savedLegFixed : null}>
        <HTMLSelect
          id={`transport-${name}`}
          fill
          disabled={disabled}
          value={item[name] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setItem(name, value === '' ? null : name === 'departure_date' ? value : Number(value));
          }}
          options={[{ value: '', label: 'Выберите…' }, ...options]}
        />
      </LockableGroup>
    );
  };
  // A bus back leaves on or after the arrival there: its own departures, earliest first.
  const departuresList = [...new Set([...(option?.departures ?? transport?.departures ?? []), ...(item.departure_date ? [String(item.departure_date)] : [])])].sort();
  // The item's own transport stays a choice (a saved leg on a bus no longer offered).
  const offered = item.transport_id === null || choices.some((choice) => choice.id === Number(item.transport_id)) ? choices : [...choices, { id: Number(item.transport_id), name: transport?.name ?? item.transport_name ?? '' }];

  /** A saved item's new route goes to the server at once; it moves the seats or refuses (they are taken). */
  const changeRoute = async () => {
    const from = route.find((stop) => stop.id === Number(item.from_route_id));
    const to = route.find((stop) => stop.id === Number(item.to_route_id));
    if (!from || !to || applicationId === undefined || item.id === undefined) return;
    setBusy(true);
    try {
      await api.put(APPLICATION_SEAT_PATHS.routes(applicationId, item.id), { from_route_id: from.id, to_route_id: to.id, from_city_id: from.city.id, to_city_id: to.city.id });
      toast.success(A.routeChanged);
      onClose();
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([path, messages]) => [`item.${path}`, messages])));
      notifyFailure(error, A.routeChangeImpossible);
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const found: FieldErrors = {};
    for (const name of ['transport_id', 'departure_date', 'from_route_id', 'to_route_id'] as const) if (item[name] === null || item[name] === '') found[`item.${name}`] = [MESSAGES.validation.required];
    if (draft.seats.length > 0 && draft.seats.length !== riders) found.seats = [A.seatsCount(riders)];
    if (checkRow(found, setErrors, MESSAGES.hotels.fillRequired)) onSave(draft);
  };

  const routePanel = (
    <div className="editor-grid">
      {way?.note && (
        <Callout intent={Intent.WARNING} className="editor-wide" data-testid="transport-back-note">
          {way.note}
        </Callout>
      )}
      {select('transport_id', 'Транспорт', offered.map((choice) => ({ value: choice.id, label: choice.name })), saved)}
      {select('departure_date', 'Дата отправления', departuresList.map((date) => ({ value: date, label: formatDate(date) })), saved)}
      {select('from_route_id', 'Откуда', departures.map((stop) => ({ value: stop.id, label: stopLabel(stop) })))}
      {select('to_route_id', 'Куда', arrivals.map((stop) => ({ value: stop.id, label: stopLabel(stop) })))}
      {saved && (
        <div className="editor-wide">
          <Button icon="route" text="Изменить маршрут" intent={Intent.PRIMARY} disabled={!routeChanged || busy} loading={busy} onClick={() => void changeRoute()} />
        </div>
      )}
    </div>
  );
  const seatsPanel = (
    <SeatPicker
      transport={transport}
      item={item}
      seats={draft.seats}
      storedNumbers={storedSeats.map((seat) => seat.number)}
      applicationId={applicationId}
      riders={riders}
      tourists={tourists}
      errors={errors}
      onChange={(seats) => {
        setDraftState((current) => ({ ...current, seats }));
        setErrors((current) => dropErrors(current, 'seats'));
      }}
    />
  );
  return (
    <RowDialog
      id={`transport-${leg}-dialog`}
      isOpen
      title={`Рейс ${LEG_TITLES[leg].toLowerCase()}`}
      width="80vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
      tabs={[
        { id: 'route', title: 'Маршрут', owns: (path) => path.startsWith('item'), panel: routePanel },
        { id: 'seats', title: 'Места', owns: (path) => path.startsWith('seats'), panel: seatsPanel },
      ]}
    />
  );
}

const stopLabel = (stop: ProductRoutePoint) => [stop.city.name, stop.info].filter(Boolean).join(', ');
