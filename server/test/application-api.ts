/**
 * The application API as tests call it (server/applications/*.test.ts): forms on the ground of
 * ./application-fixtures.ts and the calls with their expected answers.
 */
import { expect } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import type { HotelGround, RequesterGround } from './application-fixtures.js';
import type { ApiClient, TestApp } from './test-app.js';

/** The pinned stay of docs/pricing.md: 2 adults and 1 child, 10.06 → 13.06.2027 in the hotel's room. */
export const pinnedStay = (ground: HotelGround, overrides: Record<string, unknown> = {}) => ({
  hotel_id: ground.hotelId,
  room_id: ground.roomId,
  start_at: '2027-06-10',
  finish_at: '2027-06-13',
  adult_count: 2,
  child_count: 1,
  ...overrides,
});

/** A hotel application of the client for the pinned stay. */
export const hotelApplication = (ground: HotelGround, people: RequesterGround, overrides: Record<string, unknown> = {}) => ({
  application_type: 1,
  applicationable_id: ground.hotelId,
  requester_type: 'client',
  requester_id: people.clientId,
  adult_count: 2,
  child_count: 1,
  accommodations: [pinnedStay(ground)],
  ...overrides,
});

/** The calls, on the app and the default client the getters give once the suite has started. */
export function applicationCalls(appOf: () => TestApp, defaultClient: () => ApiClient) {
  const create = (payload: unknown, client = defaultClient()) => client.post('/api/applications', toPayloadBody(payload));
  const update = (id: number, payload: unknown, client = defaultClient()) => client.put(`/api/applications/${id}`, toPayloadBody(payload));
  /** A 201's application. */
  const created = async (payload: unknown, client = defaultClient()) => {
    const response = await create(payload, client);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as Record<string, any>;
  };
  /** A 422's field errors. */
  const refused = async (response: Promise<{ status: number; body: any }>) => {
    const answer = await response;
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    return answer.body.errors as Record<string, string[]>;
  };
  /** The stored `applications` row. */
  const row = async (id: number) => (await appOf().db.query<Record<string, any>>(`SELECT * FROM applications WHERE id = $1`, [id]))[0]!;
  return { create, update, created, refused, row };
}
