/**
 * The bounds of the big editors' collections that the spec leaves open (issue 25): a tour's and a bus
 * transport's departure dates, the lines of a hotel's and a sea tour's search information. Over the
 * bound the save is a 422 on the collection's path (and nothing is stored); at the bound the
 * collection itself is not refused. The application's own bounds: server/applications/applications-limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../../shared/editor.js';
import { HOTEL_LIMITS } from '../../../shared/hotels/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { SEA_TOUR_LIMITS } from '../../../shared/sea-tours/constants.js';
import { TOUR_LIMITS } from '../../../shared/tours/constants.js';
import { TRANSPORT_LIMITS } from '../../../shared/transport/constants.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.signInAs(Role.Administrator)).client;
});
afterAll(() => app?.close());

const day = (index: number) => new Date(Date.UTC(2027, 0, 1 + index)).toISOString().slice(0, 10);

// The editor, the collection, its bound and one of its rows.
const COLLECTIONS: [string, string, number, (index: number) => unknown][] = [
  ['/api/tours', 'dates', TOUR_LIMITS.dates, (index) => ({ start_date: day(index) })],
  ['/api/transports', 'dates', TRANSPORT_LIMITS.dates, (index) => ({ start_date: day(index) })],
  ['/api/hotels', 'info', HOTEL_LIMITS.infoLines, (index) => `Строка ${index}`],
  ['/api/sea-tours', 'info', SEA_TOUR_LIMITS.infoLines, (index) => `Строка ${index}`],
];

describe('collections of the big editors are bounded', () => {
  it.each(COLLECTIONS)('POST %s: %s over its bound is a 422 on its path, at its bound it is not refused', async (path, field, max, row) => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => row(index));
    const over = await admin.post(path, toPayloadBody({ [field]: rows(max + 1) }));
    expect(over.status).toBe(422);
    expect(over.body.errors[field]).toEqual([MESSAGES.validation.maxItems(max)]);

    const at = await admin.post(path, toPayloadBody({ [field]: rows(max) }));
    expect(at.status).toBe(422); // the rest of the form is missing
    expect(at.body.errors[field]).toBeUndefined();
  });
});
