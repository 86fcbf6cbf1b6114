/**
 * Links are http(s) only (issue 15, ARCHITECTURE.md §7 "Security edge"): every URL field — an
 * agency's site and search-module link, a hotel's site, a departure's tracking link — is built
 * with `optionalUrl()` and refuses `javascript:`, `data:`, `vbscript:` (in any case, with spaces or
 * tabs inside the scheme) with the Russian message; the departure letter leaves an unsafe stored
 * link out; the migration clears the unsafe links stored before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeLinks1765200000000 } from '../../../migrations/1765200000000-SafeLinks.js';
import { toPayloadBody } from '../../../shared/editor.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { createHotelHandbooks, hotelPayload, type HotelHandbooks } from '../../test/hotel-fixtures.js';
import { rerunMigration } from '../../test/migration-rerun.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { daysFromToday, insertCities, insertTransport, insertTransportation } from '../../test/transport-fixtures.js';
import { departureLetter } from '../../transports/notifications.js';

let app: TestApp;
let admin: ApiClient;
let handbooks: HotelHandbooks;
let transportId: number;
const date = daysFromToday(5);

beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin } = await app.signInAs(Role.Administrator));
  handbooks = await createHotelHandbooks(app.db.query, 'Ссылки');
  const [from, to] = (await insertCities(app.db, ['Ярославль', 'Ростов'])) as [number, number];
  transportId = await insertTransport(app.db, { name: 'Ссылочный', transportationId: await insertTransportation(app.db), cities: [from, to], startDate: daysFromToday(-1), finishDate: daysFromToday(30), dates: [date] });
});
afterAll(() => app?.close());

const UNSAFE = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example/x',
  'crimea-tour.ru',
  '//evil.example/',
];
const SAFE = 'https://крым-тур.рф/поиск?from=1';
const URL_ERROR = [MESSAGES.validation.url];

let tag = 0;
const agency = (fields: Record<string, unknown>) => admin.post('/api/agencies', { legal_name: `ООО «Ссылка ${++tag}»`, ...fields });
const hotel = (fields: Record<string, unknown>) => admin.post('/api/hotels', toPayloadBody({ ...hotelPayload(handbooks, `Отель ссылок ${++tag}`), ...fields }));
const departure = (fields: Record<string, unknown>) => admin.post(`/api/transports/${transportId}/date-data`, { date, name: `Автобус ${++tag}`, ...fields });

describe('every URL field takes http and https only', () => {
  it.each(UNSAFE)('refuses %j with the Russian message under the field, writing nothing', async (url) => {
    const agencies = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM agencies');
    const bySite = await agency({ site: url });
    expect(bySite.status).toBe(422);
    expect(bySite.body.errors).toEqual({ site: URL_ERROR });
    const bySearch = await agency({ has_search_module: true, search_module_url: url });
    expect(bySearch.body.errors).toEqual({ search_module_url: URL_ERROR });
    expect(await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM agencies')).toEqual(agencies);

    const byHotel = await hotel({ site_url: url });
    expect(byHotel.status).toBe(422);
    expect(byHotel.body.errors).toEqual({ site_url: URL_ERROR });

    const byDeparture = await departure({ glonas_url: url });
    expect(byDeparture.status).toBe(422);
    expect(byDeparture.body.errors).toEqual({ glonas_url: URL_ERROR });
  });

  it('accepts http and https links (and blank, stored as null)', async () => {
    const saved = await agency({ site: 'http://crimea-tour.ru', has_search_module: true, search_module_url: SAFE });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({ site: 'http://crimea-tour.ru', search_module_url: SAFE });
    const savedHotel = await hotel({ site_url: ` ${SAFE} ` });
    expect(savedHotel.status).toBe(201);
    expect(savedHotel.body.data.site_url).toBe(SAFE);
    const savedDeparture = await departure({ glonas_url: 'https://glonass.example/track/7' });
    expect(savedDeparture.status).toBe(201);
    expect(savedDeparture.body.data.glonas_url).toBe('https://glonass.example/track/7');
    expect((await departure({ glonas_url: '' })).body.data.glonas_url).toBeNull();
  });
});

describe('the departure letter', () => {
  const stored = { transport_name: 'Ссылочный', date, name: 'Автобус 1', number: 'А123ВС77', departure_place: 'Вокзал', departure_time: '07:30' };
  it('includes a stored tracking link only when it is http(s)', () => {
    expect(departureLetter({ ...stored, glonas_url: 'https://glonass.example/1' }, 'З-1')).toContain('Отслеживание автобуса: https://glonass.example/1');
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'glonass.example/1']) {
      const letter = departureLetter({ ...stored, glonas_url: url }, 'З-1');
      expect(letter).not.toContain(url);
      expect(letter).not.toContain('Отслеживание автобуса');
    }
  });
});

describe('links stored before the rule', () => {
  it('the migration clears unsafe links and puts http:// before bare host names', async () => {
    await rerunMigration(
      new SafeLinks1765200000000(),
      async (db) => {
        const values: [string | null, string | null][] = [
          ['javascript:alert(1)', 'DATA:text/html,x'],
          [' https://ok.example/a ', 'http://ok.example/search'],
          ['crimea-tour.ru', 'vbscript:x'],
          ['www.tour.ru/путь', null],
          ['не ссылка', 'java\tscript:alert(1)'],
          [`${'a'.repeat(91)}.ru`, 'https://x.example/'],
        ];
        const ids: number[] = [];
        for (const [site, search] of values) {
          const [row] = await db.query<{ id: number }>('INSERT INTO agencies (legal_name, site, search_module_url) VALUES ($1, $2, $3) RETURNING id', [`Агентство ${ids.length}`, site, search]);
          ids.push(row!.id);
        }
        return ids;
      },
      async (db, ids) => {
        const rows = await db.query<{ site: string | null; search_module_url: string | null }>('SELECT site, search_module_url FROM agencies WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
        expect(rows).toEqual([
          { site: null, search_module_url: null },
          { site: 'https://ok.example/a', search_module_url: 'http://ok.example/search' },
          { site: 'http://crimea-tour.ru', search_module_url: null },
          { site: 'http://www.tour.ru/путь', search_module_url: null },
          { site: null, search_module_url: null },
          // Too long for the column with http:// in front: cleared rather than cut.
          { site: null, search_module_url: 'https://x.example/' },
        ]);
      },
    );
  });
});
