/** The application editor's form: a record read back, the tab of each error, the route's stops, the seats' tourists. */
import type { ProductRoutePoint } from '@shared/applications/editor-data';
import { applicationSchema } from '@shared/applications/schema';
import type { ApplicationRecord } from '@shared/applications/types';
import { describe, expect, it } from 'vitest';
import { APPLICATION_TAB_OWNS, applicationFromRecord, blankApplication, copyApplication, generalOwns, routeOptions, touristKey } from './form';

const stop = (id: number, position: number): ProductRoutePoint => ({
  id,
  position,
  kind: position === 0 ? 'start' : position === 3 ? 'finish' : 'intermediate',
  city: { id: 100 + id, name: `Город ${id}` },
  info: null,
  start_time: null,
  finish_time: null,
  arrival_day: null,
  departure_day: null,
});

describe('the application editor form', () => {
  it('reads a record back with the names beside its ids, the agency as the requester and the seats tied to tourists', () => {
    const record = {
      ...blankApplication(),
      id: 7,
      version: 3,
      number: '2026-000007',
      application_type: 3,
      applicationable_id: 4,
      applicationable: { type: 'transports', id: 4, name: 'Краснодар — Геленджик' },
      requester_type: 'agency',
      requester_id: 9,
      requestorable: { type: 'agencies', id: 9, full_name: '', name: 'ООО «Южный берег»', is_active: true },
      user: { id: 2, full_name: 'Петров Алексей' },
      agency_user: null,
      tourists: [{ id: 31, last_name: 'Морозов', first_name: 'Антон', patronymic: null, birthday_date: null, document: 1, document_number: '4601', citizenship: 1, gender: 1 }],
      transport_forth: { id: 12, transport_id: 4, transport_name: 'Краснодар — Геленджик', departure_date: '2026-11-27', from_route_id: 1, to_route_id: 3 },
      seats_forth: [{ id: 55, number: 5, transport_id: 4, leg: 'forth', tourist_id: 31, tourist_name: 'Морозов Антон' }],
      payments: [{ id: 1, status: 2, sum: 100, is_online: false, date: null }],
    } as unknown as ApplicationRecord;
    const form = applicationFromRecord(record);
    expect(form).toMatchObject({ id: 7, version: 3, requester_type: 'agency', requester: { id: 9, name: 'ООО «Южный берег»' }, applicationable: { id: 4, name: 'Краснодар — Геленджик' }, user: { id: 2, name: 'Петров Алексей' } });
    expect(form.transport_forth).toMatchObject({ id: 12, transport_id: 4, from_route_id: 1, to_route_id: 3 });
    expect(form.seats_forth).toEqual([{ id: 55, number: 5, tourist_id: 31, tourist_index: null, tourist_name: 'Морозов Антон' }]);
    // The Payments tab edits them (issue 28): read as stored, so a save that does not touch them keeps them.
    expect(form.payments).toEqual([{ id: 1, status: 2, sum: 100, is_online: false, date: null }]);
    expect(applicationSchema.safeParse(form).success).toBe(true);

    const copy = copyApplication(form);
    expect(copy.id).toBeUndefined();
    expect(copy.seats_forth).toEqual([]);
    expect(copy.tourists[0]!.id).toBeUndefined();
    expect(copy.status).toBe(1);
    // A copy is a new application: nothing paid on it yet.
    expect(copy.payments).toBeUndefined();
  });

  it('marks the tab that owns each error path; the rest falls to the general tab', () => {
    expect(APPLICATION_TAB_OWNS.tourists('tourists.1.document_number')).toBe(true);
    expect(APPLICATION_TAB_OWNS.transport('seats_forth.0.number')).toBe(true);
    expect(APPLICATION_TAB_OWNS.transport('transport_back.to_route_id')).toBe(true);
    expect(APPLICATION_TAB_OWNS.transfers('transfer_forth.finish_at')).toBe(true);
    expect(APPLICATION_TAB_OWNS.services('additional_services.0.serviceable_id')).toBe(true);
    expect(APPLICATION_TAB_OWNS.contacts('attendant_phone')).toBe(true);
    for (const path of ['user_id', 'discount', 'status', 'applicationable_id', 'children_ages']) expect(generalOwns(path)).toBe(true);
    expect(generalOwns('tourists.0.last_name')).toBe(false);
  });

  it('offers departures before the chosen arrival and arrivals after the chosen departure', () => {
    const route = [stop(4, 3), stop(1, 0), stop(2, 1), stop(3, 2)];
    const ids = (options: ReturnType<typeof routeOptions>) => ({ departures: options.departures.map((point) => point.id), arrivals: options.arrivals.map((point) => point.id) });
    expect(ids(routeOptions(route, null, null))).toEqual({ departures: [1, 2, 3], arrivals: [2, 3, 4] });
    expect(ids(routeOptions(route, 2, null))).toEqual({ departures: [1, 2, 3], arrivals: [3, 4] });
    expect(ids(routeOptions(route, null, 3))).toEqual({ departures: [1, 2], arrivals: [2, 3, 4] });
  });

  it('names a seat\'s tourist by id once stored, by its place in the form while new', () => {
    expect(touristKey({ tourist_id: 31, tourist_index: null })).toBe('id:31');
    expect(touristKey({ tourist_id: null, tourist_index: 0 })).toBe('index:0');
    expect(touristKey({ tourist_id: null, tourist_index: null })).toBe('');
  });
});
