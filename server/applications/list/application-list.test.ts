/**
 * The application list (issue 19) against a real PostgreSQL: every filter alone and combined, sorts,
 * pages and searches on a seeded set with hand-computed answers; a row's content; one statement per
 * page whatever its rows; the filters' dictionaries; cancel (status 7, seats released), delete by
 * role and `can_delete`; the unwatched counter.
 */
import { recordingDataSource } from '../../test/recording-data-source.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, PAYMENT_STATUSES } from '../../../shared/applications/constants.js';
import { applicationsList } from '../../../shared/applications/list.js';
import { LIST_FILTER_MAX_VALUES, listQuerySchema } from '../../../shared/list.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { ListService, PagedQuery } from '../../common/list/list.service.js';
import { ApplicationSearchWords1765400000400 } from '../../../migrations/1765400000400-ApplicationSearchWords.js';
import { applicationCalls } from '../../test/application-api.js';
import { rerunMigration } from '../../test/migration-rerun.js';
import { insertBusGround, insertTransportItem, nextWeekday, type BusGround, type HotelGround, type RequesterGround } from '../../test/application-fixtures.js';
import { startApplicationGround } from '../../test/application-ground.js';
import { type ApiClient, type TestApp } from '../../test/test-app.js';
import { insertCities } from '../../test/transport-fixtures.js';
import { ApplicationListEntity } from './application-list.entity.js';
import { APPLICATIONS_LIST } from './applications.list.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround()));
afterAll(() => app?.close());

const { created, update } = applicationCalls(
  () => app,
  () => manager,
);

const one = async (sql: string, params: unknown[] = []) => (await app.db.query<{ id: number }>(sql, params))[0]!.id;

interface Seeded {
  number: string;
  type: number;
  status: number;
  payment_status: number;
  start_date: string | null;
  client_id?: number;
  agency_id?: number;
  city_id: number | null;
  source: string | null;
  platform?: string;
  phone?: string;
  hotel_id?: number;
  tourists?: [string, string][];
  unread?: number;
  price_total?: string;
  agency_to_pay?: string;
}

/** An application written straight into the tables, its search text as a save keeps it, its requester's unread messages. */
async function seed(row: Seeded): Promise<number> {
  const tourists = row.tourists ?? [];
  const searchText = [row.number, ...tourists.map(([last, first]) => `${last} ${first}`), row.phone].filter(Boolean).join(' ');
  const id = await one(
    `INSERT INTO applications (number, type, status, payment_status, start_date, client_id, agency_id, city_id, source, source_payload, phone, hotel_id, search_text, price_total, agency_to_pay)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      row.number,
      row.type,
      row.status,
      row.payment_status,
      row.start_date,
      row.client_id ?? null,
      row.agency_id ?? null,
      row.city_id,
      row.source,
      row.platform ? { platform: row.platform } : null,
      row.phone ?? null,
      row.hotel_id ?? null,
      searchText,
      row.price_total ?? '0',
      row.agency_to_pay ?? row.price_total ?? '0',
    ],
  );
  for (const [index, [last, first]] of tourists.entries()) {
    await app.db.query(`INSERT INTO tourists (application_id, last_name, first_name, document_number, position) VALUES ($1, $2, $3, '4500000000', $4)`, [id, last, first, index]);
  }
  for (let message = 0; message < (row.unread ?? 0); message++) {
    await app.db.query(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Вопрос', true)`, [id]);
  }
  return id;
}

interface Page {
  data: Record<string, any>[];
  count: number;
}

async function list(query = '', client: ApiClient = manager): Promise<Page> {
  const response = await client.get(`/api/applications${query ? `?${query}` : ''}`);
  expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body as Page;
}

const counter = async () => ((await manager.get('/api/new-items/check')).body as { applications: { unwatched_count: number } }).applications.unwatched_count;

/** A client's hotel application as the editor sends it (the save writes its number, search text and words). */
const hotelApplicationForm = () => ({
  application_type: 1,
  applicationable_id: hotel.hotelId,
  requester_type: 'client',
  requester_id: people.clientId,
  adult_count: 2,
  child_count: 1,
  accommodations: [{ hotel_id: hotel.hotelId, room_id: hotel.roomId, start_at: '2027-06-10', finish_at: '2027-06-13', adult_count: 2, child_count: 1 }],
});

describe('the list on a seeded set', () => {
  // a1 … a6: see `seed` calls; ids grow in this order, the list is newest first.
  const ids: Record<string, number> = {};
  let cityX: number;
  let cityY: number;
  let unusedCity: number;
  let client1: number;
  let client2: number;
  let agency1: number;
  let agency2: number;

  beforeAll(async () => {
    [cityX, cityY, unusedCity] = (await insertCities(app.db, ['Сочи', 'Ялта', 'Пустоград'])) as [number, number, number];
    client1 = await one(`INSERT INTO clients (surname, name, phone, is_new) VALUES ('Первый', 'Клиент', '+79990000101', false) RETURNING id`);
    client2 = await one(`INSERT INTO clients (surname, name, phone, is_new, is_active) VALUES ('Второй', 'Клиент', '+79990000102', false, false) RETURNING id`);
    agency1 = await one(`INSERT INTO agencies (legal_name) VALUES ('Агентство Первое') RETURNING id`);
    agency2 = await one(`INSERT INTO agencies (legal_name) VALUES ('Агентство Второе') RETURNING id`);
    ids.a1 = await seed({ number: '2027-100001', type: 5, status: 1, payment_status: 1, start_date: '2027-07-01', client_id: client1, city_id: cityX, source: null, phone: '+79000000001', tourists: [['Смирнов', 'Иван']] });
    ids.a2 = await seed({
      number: '2027-100002',
      type: 5,
      status: 2,
      payment_status: 2,
      start_date: '2027-07-01',
      agency_id: agency1,
      city_id: cityX,
      source: 'web_site',
      phone: '+79161234567',
      tourists: [
        ['Кузнецова', 'Мария'],
        ['Кузнецов', 'Пётр'],
      ],
      unread: 2,
    });
    ids.a3 = await seed({ number: '2027-100003', type: 6, status: 1, payment_status: 1, start_date: '2027-07-02', agency_id: agency1, city_id: cityY, source: 'mobile_application', platform: 'Android', phone: '+79000000003', tourists: [['Орлов', 'Олег']] });
    ids.a4 = await seed({ number: '2027-100004', type: 6, status: 7, payment_status: 3, start_date: '2027-07-02', client_id: client2, city_id: cityY, source: 'mobile_application', platform: 'IOS', tourists: [['Смирнова', 'Анна']], unread: 1 });
    ids.a5 = await seed({ number: '2027-100005', type: 1, status: 2, payment_status: 1, start_date: null, agency_id: agency2, city_id: hotel.cityId, source: 'search_module', hotel_id: hotel.hotelId });
    ids.a6 = await seed({ number: '2027-100006', type: 5, status: 1, payment_status: 4, start_date: '2027-07-03', client_id: client1, city_id: null, source: 'vk_application' });
  });

  const listed = async (query: string) => {
    const page = await list(query);
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    return { rows: page.data.map((row) => names[row.id as number] ?? row.id), count: page.count };
  };
  const expectRows = async (query: string, rows: string[]) => expect(await listed(query), query).toEqual({ rows, count: rows.length });

  it('answers every application newest first, ten a page by default', async () => {
    await expectRows('', ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    await expectRows('ascending=1', ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('filters by each filter alone', async () => {
    const cases: [string, string[]][] = [
      ['type=5', ['a6', 'a2', 'a1']],
      ['type=6', ['a4', 'a3']],
      ['type=1', ['a5']],
      ['status=1', ['a6', 'a3', 'a1']],
      ['status=2', ['a5', 'a2']],
      ['status=7', ['a4']],
      ['status=3', []],
      ['payment_status=1', ['a5', 'a3', 'a1']],
      ['payment_status=2', ['a2']],
      ['payment_status=3', ['a4']],
      ['payment_status=4', ['a6']],
      ['start_date=2027-07-01', ['a2', 'a1']],
      ['start_date=02.07.2027', ['a4', 'a3']],
      [`client_id=${client1}`, ['a6', 'a1']],
      [`agency_id=${agency1}`, ['a3', 'a2']],
      [`city_id=${cityX}`, ['a2', 'a1']],
      [`city_id=${cityY}`, ['a4', 'a3']],
      [`city_id=${hotel.cityId}`, ['a5']],
      ['unread_messages=1', ['a4', 'a2']],
      ['unread_messages=0', ['a6', 'a5', 'a3', 'a1']],
      ['source=none', ['a1']],
      ['source=web_site', ['a2']],
      ['source=mobile_application', ['a4', 'a3']],
      ['source=search_module', ['a5']],
      ['source=vk_application', ['a6']],
      ['platform=Android', ['a3']],
      ['platform=IOS', ['a4']],
      ['requester_type=client', ['a6', 'a4', 'a1']],
      ['requester_type=agency', ['a5', 'a3', 'a2']],
      // The office's own application starts watched; the others wait for the edit page.
      ['is_watched=0', ['a6', 'a5', 'a4', 'a3', 'a2']],
      ['is_watched=1', ['a1']],
    ];
    for (const [query, rows] of cases) await expectRows(query, rows);
  });

  it('combines filters', async () => {
    const cases: [string, string[]][] = [
      ['status=1&requester_type=agency', ['a3']],
      [`agency_id=${agency1}&status=2`, ['a2']],
      ['status=1&start_date=2027-07-01', ['a1']],
      [`type=5&unread_messages=1&city_id=${cityX}`, ['a2']],
      ['source=mobile_application&platform=IOS', ['a4']],
      ['source=mobile_application&status=7&payment_status=3', ['a4']],
      [`client_id=${client1}&payment_status=4`, ['a6']],
      ['source=web_site&platform=IOS', []],
      ['source=mobile_application&platform=Android&status=1', ['a3']],
      ['type=6&unread_messages=0&is_watched=0', ['a3']],
    ];
    for (const [query, rows] of cases) await expectRows(query, rows);
  });

  it('reads the counts of the counted keys from the counts the database keeps', async () => {
    // A delta the table does not back shows in the answered count: the count was not counted.
    const planted = ['status=1', 'has_unread_messages=true', 'source_key=none', 'platform=IOS', 'requester_type=agency', 'is_watched=false'];
    await app.db.query(`INSERT INTO row_counts (table_name, key, delta) SELECT 'applications', key, 100 FROM unnest($1::text[]) AS key`, [planted]);
    try {
      expect((await list('status=1')).count).toBe(103);
      expect((await list('unread_messages=1')).count).toBe(102);
      expect((await list('source=none')).count).toBe(101);
      // The source adds nothing beside a platform: one counted key.
      expect((await list('source=mobile_application&platform=IOS')).count).toBe(101);
      expect((await list('requester_type=agency')).count).toBe(103);
      expect((await list('is_watched=0')).count).toBe(105);
      // Two filters that both narrow are counted through their indexes.
      expect((await list('status=1&requester_type=agency')).count).toBe(1);
    } finally {
      await app.db.query(`DELETE FROM row_counts WHERE table_name = 'applications' AND delta = 100 AND key = ANY($1::text[])`, [planted]);
    }
    const [kept] = await app.db.query<{ all: string; unwatched: string }>(
      `SELECT sum(delta) FILTER (WHERE key = '') AS all, sum(delta) FILTER (WHERE key = 'is_watched=false') AS unwatched FROM row_counts WHERE table_name = 'applications'`,
    );
    expect(kept).toEqual({ all: '6', unwatched: '5' });
  });

  it('reads several statuses as a list filter in every form, beside the single status', async () => {
    const forms = ['statuses_ids[]=1&statuses_ids[]=7', 'statuses_ids=1,7', 'statuses_ids=1&statuses_ids=7', 'status_ids[]=7&status_ids[]=1', 'status_ids=7,1,7,', 'statuses_ids=1&status_ids[]=7'];
    for (const query of forms) await expectRows(encodeURI(query), ['a6', 'a4', 'a3', 'a1']);
    await expectRows('statuses_ids[]=2', ['a5', 'a2']);
    await expectRows('status_ids=2', ['a5', 'a2']);
    await expectRows('statuses_ids=3,4', []);
    // Blank means not filtered; with the single status and other filters, every condition holds.
    await expectRows('statuses_ids=&status_ids[]=', ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    await expectRows('statuses_ids=1,2&status=2', ['a5', 'a2']);
    await expectRows('statuses_ids=1,7&requester_type=agency', ['a3']);
    expect(await listed('status_ids=1,2,7&orderBy=start_date&ascending=1&limit=3')).toEqual({ rows: ['a1', 'a2', 'a3'], count: 6 });
    expect(await listed('statuses_ids=1,2&limit=2&page=2')).toEqual({ rows: ['a3', 'a2'], count: 5 });
    expect(await listed('statuses_ids=1&limit=2&page=3')).toEqual({ rows: [], count: 3 });
  });

  it('refuses a bad status in the list and too many of them (422 on the filter)', async () => {
    for (const [query, message] of [
      ['statuses_ids=1,x', MESSAGES.validation.integer],
      ['status_ids[]=1&status_ids[]=8', MESSAGES.validation.max(7)],
      ['statuses_ids[]=0', MESSAGES.validation.min(1)],
    ] as const) {
      const response = await manager.get(`/api/applications?${encodeURI(query)}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors, query).toEqual({ statuses_ids: [message] });
    }
    const values = (count: number, value: (index: number) => number) => Array.from({ length: count }, (_, index) => value(index)).join(',');
    const tooMany = await manager.get(`/api/applications?statuses_ids=${values(LIST_FILTER_MAX_VALUES + 1, (index) => index + 1)}`);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.statuses_ids).toContain(MESSAGES.validation.maxItems(LIST_FILTER_MAX_VALUES));
    // The same status a hundred and one times is one status.
    expect((await listed(`statuses_ids=${values(LIST_FILTER_MAX_VALUES + 1, () => 7)}`)).rows).toEqual(['a4']);
  });

  it('finds several statuses through the status index: one bound array, `= ANY($n)`', async () => {
    const { engine, sent } = await recordingDataSource(app.db.url, [ApplicationListEntity]);
    try {
      const params = listQuerySchema(applicationsList).parse({ statuses_ids: '1,7' });
      sent.length = 0;
      const { count } = await new PagedQuery(engine, APPLICATIONS_LIST, params).run();
      expect(count).toBe(4);
      const [statement] = sent;
      expect(statement!.query).toMatch(/"?t"?\."?status"? = ANY\(\$1\)/);
      expect(statement!.parameters).toEqual([[1, 7]]);
      // Six rows are read faster without an index: switched off, the plan shows whether the index can serve the condition.
      const plan = await engine.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        const rows = await manager.query<{ 'QUERY PLAN': string }[]>(`EXPLAIN (COSTS OFF) ${statement!.query}`, statement!.parameters);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      // The array is bound (EXPLAIN shows its value), and a status index finds its rows by it (the count reads it alone).
      expect(plan).toMatch(/Index (Only )?Scan using ix_applications_status_\w+ on applications \w+\n\s+Index Cond: \(status = ANY \('\{1,7\}'::smallint\[\]\)\)/);
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await engine.destroy();
    }
  });

  it('refuses a client and an agency at once, and values out of the dictionaries (422 on the field)', async () => {
    const both = await manager.get(`/api/applications?client_id=${client1}&agency_id=${agency1}`);
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ agency_id: [A.clientOrAgency] });
    for (const [query, field] of [
      ['status=8', 'status'],
      ['type=0', 'type'],
      ['start_date=2027-02-30', 'start_date'],
      ['source=telegram', 'source'],
      ['platform=Windows', 'platform'],
      ['requester_type=vendor', 'requester_type'],
      ['unread_messages=2', 'unread_messages'],
      ['orderBy=number', 'orderBy'],
      [`query=${'я'.repeat(129)}`, 'query'],
    ]) {
      const response = await manager.get(`/api/applications?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors), query).toEqual([field]);
    }
  });

  it('sorts by id and by start date both ways (no date last going up, first going down)', async () => {
    await expectRows('orderBy=start_date&ascending=1', ['a1', 'a2', 'a3', 'a4', 'a6', 'a5']);
    await expectRows('orderBy=start_date&ascending=0', ['a5', 'a6', 'a4', 'a3', 'a2', 'a1']);
    await expectRows('orderBy=start_date', ['a5', 'a6', 'a4', 'a3', 'a2', 'a1']);
    await expectRows('orderBy=id&ascending=0', ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
    await expectRows('orderBy=start_date&ascending=1&status=1', ['a1', 'a3', 'a6']);
  });

  it('pages', async () => {
    expect(await listed('limit=4')).toEqual({ rows: ['a6', 'a5', 'a4', 'a3'], count: 6 });
    expect(await listed('limit=4&page=2')).toEqual({ rows: ['a2', 'a1'], count: 6 });
    expect(await listed('limit=4&page=3')).toEqual({ rows: [], count: 6 });
    expect(await listed('limit=2&page=2&status=1')).toEqual({ rows: ['a1'], count: 3 });
    expect(await listed('limit=1&page=2&type=6&unread_messages=0')).toEqual({ rows: [], count: 1 });
  });

  it('searches a tourist’s surname fragment, a number’s digits and a phone', async () => {
    // A word's prefix (Кузнецова and Кузнецов: a2 once); a fragment inside a word is not searched.
    await expectRows(`query=${encodeURIComponent('кузнецов')}`, ['a2']);
    await expectRows('query=узнецов', []);
    await expectRows(`query=${encodeURIComponent('Смирнов')}`, ['a4', 'a1']);
    await expectRows(`query=${encodeURIComponent('смирнов')}&status=7`, ['a4']);
    await expectRows('query=100003', ['a3']);
    await expectRows('query=2027-100004', ['a4']);
    await expectRows('query=00004', ['a4']);
    await expectRows('query=4567', ['a2']);
    await expectRows(`query=${encodeURIComponent('+7 916')}`, ['a2']);
    await expectRows(`query=${encodeURIComponent('+7 900')}&requester_type=agency`, ['a3']);
    await expectRows('query=100006&status=2', []);
    // A number of a shorter sequence kept from elsewhere («2611-04990», issue 27) is found whole and by its end.
    await app.db.query(`UPDATE applications SET number = '2611-04990' WHERE id = $1`, [ids.a6]);
    try {
      await expectRows('query=2611-04990', ['a6']);
      await expectRows('query=04990', ['a6']);
    } finally {
      await app.db.query(`UPDATE applications SET number = '2027-100006' WHERE id = $1`, [ids.a6]);
    }
  });

  it('answers the filters’ dictionaries with the client or agency the query names', async () => {
    const named = await manager.get(`/api/applications/filters?client_id=${client1}`);
    expect(named.status).toBe(200);
    expect(named.body.application).toEqual({
      types: [
        { id: 1, name: 'Проживание' },
        { id: 2, name: 'Экскурсионный тур' },
        { id: 3, name: 'Автобусный тур' },
        { id: 4, name: 'Морской тур' },
        { id: 5, name: 'Авиа' },
        { id: 6, name: 'Ж/д' },
      ],
      statuses: APPLICATION_STATUSES.map(({ id, name }) => ({ id, name })),
      payment_statuses: PAYMENT_STATUSES.map(({ id, name }) => ({ id, name })),
    });
    expect(named.body.clients).toEqual([{ id: client1, full_name: 'Первый Клиент' }]);
    expect(named.body.agencies).toEqual([]);
    const cities = (named.body.cities as { id: number }[]).map((city) => city.id);
    expect(cities).toEqual(expect.arrayContaining([cityX, cityY, hotel.cityId]));
    expect(cities).not.toContain(unusedCity);
    const agency = await manager.get(`/api/applications/filters?agency_id=${agency2}`);
    expect(agency.body).toMatchObject({ clients: [], agencies: [{ id: agency2, name: 'Агентство Второе' }] });
    expect((await manager.get('/api/applications/filters')).body).toMatchObject({ clients: [], agencies: [] });
    expect((await manager.get('/api/applications/filters?client_id=abc')).status).toBe(422);
  });

  it('shows the requester, the source and the row flags', async () => {
    const { data } = await list(`client_id=${client1}`);
    expect(data[1]).toMatchObject({
      id: ids.a1,
      number: '2027-100001',
      requestorable: { type: 'clients', id: client1, full_name: 'Первый Клиент', name: 'Первый Клиент', is_active: true },
      status: 1,
      status_name: 'Новая',
      source: null,
      source_payload: { platform: null },
      application_type: 5,
      application_type_name: 'Авиа',
      applicationable: null,
      tourists: [{ full_name: 'Смирнов Иван' }],
      accommodations: [],
      transport_forth: null,
      transfer_back: null,
      unread_messages_count: 0,
      can_delete: true,
      is_watched: true,
    });
    const agencyRows = (await list(`agency_id=${agency1}`)).data;
    expect(agencyRows.map((row) => [row.requestorable, row.source, row.source_payload, row.unread_messages_count])).toEqual([
      [{ type: 'agencies', id: agency1, full_name: 'Агентство Первое', name: 'Агентство Первое', is_active: true }, 'mobile_application', { platform: 'Android' }, 0],
      [{ type: 'agencies', id: agency1, full_name: 'Агентство Первое', name: 'Агентство Первое', is_active: true }, 'web_site', { platform: null }, 2],
    ]);
    expect((await list(`client_id=${client2}`)).data[0]!.requestorable.is_active).toBe(false);
    expect((await list('type=1')).data[0]!.applicationable).toEqual({ id: hotel.hotelId, type: 'hotel', name: expect.stringContaining('Отель Лазурь') });
  });
});

describe('a row with everything', () => {
  let id: number;
  let bus: BusGround;
  let requester: number;

  beforeAll(async () => {
    bus = await insertBusGround(app.db);
    requester = await one(`INSERT INTO clients (surname, name, phone, is_new) VALUES ('Полнов', 'Пётр', '+79990000201', false) RETURNING id`);
    id = await seed({
      number: '2027-200001',
      type: 1,
      status: 3,
      payment_status: 2,
      start_date: '2027-06-10',
      client_id: requester,
      city_id: hotel.cityId,
      source: 'mobile_application',
      platform: 'IOS',
      phone: '+79990000201',
      hotel_id: hotel.hotelId,
      tourists: [
        ['Полнова', 'Анна'],
        ['Полнов', 'Пётр'],
      ],
      unread: 3,
      price_total: '5000.00',
      agency_to_pay: '4400.00',
    });
    await app.db.query(`UPDATE applications SET email = 'full@example.test', edited_from_front = true WHERE id = $1`, [id]);
    for (const [start, finish, position] of [
      ['2027-06-13', '2027-06-15', 1],
      ['2027-06-10', '2027-06-13', 0],
    ] as const) {
      await app.db.query(
        `INSERT INTO application_accommodations (application_id, position, hotel_id, room_id, start_at, finish_at, adult_count) VALUES ($1, $2, $3, $4, $5, $6, 2)`,
        [id, position, hotel.hotelId, hotel.roomId, start, finish],
      );
    }
    const friday = nextWeekday('2027-06-01', bus.weekday);
    await insertTransportItem(app.db, { applicationId: id, leg: 'forth', transportId: bus.transportId, date: friday, from: 0, to: 2 });
    await insertTransportItem(app.db, { applicationId: id, leg: 'back', transportId: bus.transportId, date: friday, from: 1, to: 2, startAt: friday, finishAt: friday });
    await app.db.query(
      `INSERT INTO application_transfers (application_id, leg, from_city_id, to_city_id, transfer_type, start_at, finish_at) VALUES ($1, 'forth', $2, $3, 3, '2027-06-09', '2027-06-10'), ($1, 'back', $3, $2, 2, '2027-06-15', '2027-06-15')`,
      [id, bus.finishCityId, hotel.cityId],
    );
    // Paid 1 000.50 (status 2); a pending 300 and a refund 200 do not count.
    await app.db.query(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 2, 700.25), ($1, 2, 300.25), ($1, 1, 300), ($1, 3, 200)`, [id]);
  });

  it('carries its tourists, stays, legs, transfers, payments and marks', async () => {
    const [cities] = await app.db.query<{ finish: string; hotel: string; start: string; stop: string }>(
      `SELECT (SELECT name FROM cities WHERE id = $1) AS finish, (SELECT name FROM cities WHERE id = $2) AS hotel,
              (SELECT c.name FROM transport_route_points p JOIN cities c ON c.id = p.point_city_id WHERE p.transport_id = $3 AND p.position = 0) AS start,
              (SELECT c.name FROM transport_route_points p JOIN cities c ON c.id = p.point_city_id WHERE p.transport_id = $3 AND p.position = 1) AS stop`,
      [bus.finishCityId, hotel.cityId, bus.transportId],
    );
    const friday = nextWeekday('2027-06-01', bus.weekday);
    const [hotelRow] = await app.db.query<{ name: string }>(`SELECT name FROM hotels WHERE id = $1`, [hotel.hotelId]);
    const touristIds = (await app.db.query<{ id: number }>(`SELECT id FROM tourists WHERE application_id = $1 ORDER BY position`, [id])).map((row) => row.id);
    const page = await list(`client_id=${requester}`);
    expect(page.count).toBe(1);
    expect(page.data[0]).toEqual({
      id,
      number: '2027-200001',
      requestorable: { type: 'clients', id: requester, full_name: 'Полнов Пётр', name: 'Полнов Пётр', is_active: true },
      status: 3,
      status_name: 'Подтверждена, требуется оплата',
      source: 'mobile_application',
      source_payload: { platform: 'IOS' },
      edited_from_front: true,
      phone: '+79990000201',
      email: 'full@example.test',
      tourists: [
        { id: touristIds[0], full_name: 'Полнова Анна' },
        { id: touristIds[1], full_name: 'Полнов Пётр' },
      ],
      application_type: 1,
      application_type_name: 'Проживание',
      applicationable: { id: hotel.hotelId, type: 'hotel', name: hotelRow!.name },
      accommodations: [
        { hotel: hotelRow!.name, start_at: '2027-06-10', finish_at: '2027-06-13' },
        { hotel: hotelRow!.name, start_at: '2027-06-13', finish_at: '2027-06-15' },
      ],
      transport_forth: { from_city: cities!.start, to_city: cities!.finish, start_at: friday, finish_at: friday },
      transport_back: { from_city: cities!.stop, to_city: cities!.finish, start_at: friday, finish_at: friday },
      transfer_forth: { from_city: cities!.finish, to_city: cities!.hotel, transfer_type: { id: 3, name: 'Авиа' }, start_at: '2027-06-09', finish_at: '2027-06-10' },
      transfer_back: { from_city: cities!.hotel, to_city: cities!.finish, transfer_type: { id: 2, name: 'Ж/д' }, start_at: '2027-06-15', finish_at: '2027-06-15' },
      // Paid: the paid rows less the refund (issue 28), the pending row counting nothing.
      payments_info: { price_total: 5000, agency_total: 4400, paid: 800.5, to_pay: 4199.5 },
      unread_messages_count: 3,
      can_delete: false,
      is_watched: false,
      // Raised once by the e-mail written after the insert.
      version: 2,
    });
    // An agency owes the price less its commission; an overpaid one owes nothing.
    await app.db.query(`UPDATE applications SET client_id = NULL, agency_id = $2 WHERE id = $1`, [id, people.agencyId]);
    expect((await list(`agency_id=${people.agencyId}`)).data.find((row) => row.id === id)!.payments_info).toEqual({ price_total: 5000, agency_total: 4400, paid: 800.5, to_pay: 3599.5 });
    await app.db.query(`UPDATE applications SET agency_to_pay = 700 WHERE id = $1`, [id]);
    expect((await list(`agency_id=${people.agencyId}`)).data.find((row) => row.id === id)!.payments_info.to_pay).toBe(0);
    await app.db.query(`UPDATE applications SET client_id = $2, agency_id = NULL, agency_to_pay = 4400 WHERE id = $1`, [id, requester]);
  });

  it('is read in one statement per page, whatever the number of rows and their content', async () => {
    const { engine, sent } = await recordingDataSource(app.db.url, [ApplicationListEntity]);
    try {
      const lists = new ListService(engine);
      const viewer = { id: 1, name: 'Тест', email: 'test@example.test', role: Role.Manager };
      const statements = async (query: Record<string, unknown>) => {
        sent.length = 0;
        const page = await lists.page(APPLICATIONS_LIST, query, viewer);
        return { rows: page.data.length, statements: sent.length };
      };
      expect(await statements({ limit: '1' })).toEqual({ rows: 1, statements: 1 });
      expect(await statements({ limit: '10' })).toEqual({ rows: 7, statements: 1 });
      expect(await statements({ limit: '10', status: '1' })).toEqual({ rows: 3, statements: 1 });
      expect(await statements({ limit: '10', status: '1', requester_type: 'client' })).toEqual({ rows: 2, statements: 1 });
      expect(await statements({ limit: '10', query: 'Полнов' })).toEqual({ rows: 1, statements: 1 });
      expect(await statements({ limit: '10', query: '200001' })).toEqual({ rows: 1, statements: 1 });
    } finally {
      await engine.destroy();
    }
  });
});

describe('cancel and delete', () => {
  let bus: BusGround;
  let friday: string;
  beforeAll(async () => {
    bus = await insertBusGround(app.db);
    friday = nextWeekday('2027-06-01', bus.weekday);
  });
  const busForm = (numbers: number[]) => ({
    application_type: 3,
    applicationable_id: bus.transportId,
    requester_type: 'client',
    requester_id: people.clientId,
    adult_count: numbers.length,
    tourists: numbers.map((number) => ({ last_name: 'Отменов', first_name: `Турист${number}`, document_number: `45000000${number}` })),
    transport_forth: { transport_id: bus.transportId, departure_date: friday, from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[1] },
    seats_forth: numbers.map((number, index) => ({ number, tourist_index: index })),
  });
  const taken = async () => {
    const response = await manager.get(`/api/transports/${bus.transportId}/seats/taken?date=${friday}&from_route_id=${bus.pointIds[0]}&to_route_id=${bus.pointIds[1]}`);
    expect(response.status).toBe(200);
    return response.body.data as number[];
  };
  const bookings = async (id: number) => (await app.db.query<{ number: number }>(`SELECT number FROM seat_bookings WHERE application_id = $1 ORDER BY number`, [id])).map((row) => row.number);
  const stored = async (id: number) => (await app.db.query<{ status: number; version: number }>(`SELECT status, version FROM applications WHERE id = $1`, [id]))[0];

  it('cancels: status 7 and the seats free in one transaction, the version raised; a second cancel is a 422', async () => {
    const application = await created(busForm([5, 6]));
    expect(await bookings(application.id)).toEqual([5, 6]);
    expect(await taken()).toEqual(expect.arrayContaining([5, 6]));
    const stale = await manager.put(`/api/applications/cancel/${application.id}`, { version: application.version + 1 });
    expect(stale.status).toBe(409);
    expect(await bookings(application.id)).toEqual([5, 6]);

    const response = await manager.put(`/api/applications/cancel/${application.id}`, { version: String(application.version) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ message: A.cancelled, data: { id: application.id, status: 7, status_name: 'Аннулирована', version: application.version + 1 } });
    expect(await stored(application.id)).toEqual({ status: 7, version: application.version + 1 });
    expect(await bookings(application.id)).toEqual([]);
    expect(await taken()).not.toEqual(expect.arrayContaining([5]));
    expect(await taken()).not.toContain(6);

    const again = await accountant.put(`/api/applications/cancel/${application.id}`, {});
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: A.alreadyCancelled, errors: { status: [A.alreadyCancelled] } });
    expect((await manager.put('/api/applications/cancel/2147483000', {})).status).toBe(404);
    // The seat is free for another application.
    const next = await created(busForm([5]));
    expect(await bookings(next.id)).toEqual([5]);
  });

  it('deletes for the administrator only (403 for the accountant and the manager), with its seats', async () => {
    const application = await created(busForm([8, 9]));
    for (const client of [accountant, manager]) {
      const refused = await client.delete(`/api/applications/${application.id}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await bookings(application.id)).toEqual([8, 9]);
    const response = await admin.delete(`/api/applications/${application.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: A.deleted });
    expect(await stored(application.id)).toBeUndefined();
    expect(await bookings(application.id)).toEqual([]);
    expect(await taken()).not.toContain(8);
    expect((await admin.delete(`/api/applications/${application.id}`)).status).toBe(404);
  });

  it('refuses to delete an application with payments or vendor payments (can_delete false)', async () => {
    const paid = await created(busForm([12]));
    await app.db.query(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 1, 100)`, [paid.id]);
    const vendorPaid = await created(busForm([13]));
    await app.db.query(`INSERT INTO vendor_payments (application_id, vendor_id, sum) VALUES ($1, $2, 100)`, [vendorPaid.id, hotel.vendorId]);
    for (const id of [paid.id, vendorPaid.id]) {
      expect((await list(`client_id=${people.clientId}`)).data.find((row) => row.id === id)!.can_delete).toBe(false);
      expect((await admin.get(`/api/applications/${id}`)).body.data.can_delete).toBe(false);
      const refused = await admin.delete(`/api/applications/${id}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: A.deleteHasPayments });
      expect(await stored(id)).toBeDefined();
    }
    expect(await bookings(paid.id)).toEqual([12]);
    const free = await created(busForm([14]));
    expect((await admin.get(`/api/applications/${free.id}`)).body.data.can_delete).toBe(true);
  });
});

describe('the unwatched counter', () => {
  it('counts what came from outside until the edit page marks it, never raising the version', async () => {
    const before = await counter();
    const [{ unwatched }] = (await app.db.query<{ unwatched: number }>(`SELECT count(*)::int AS unwatched FROM applications WHERE NOT is_watched`)) as [{ unwatched: number }];
    expect(before).toBe(unwatched);
    expect(before).toBeGreaterThan(0);

    // Made in the office: watched from the start. From the site: unwatched.
    const office = await created(hotelApplicationForm());
    expect((await list(`is_watched=1&client_id=${people.clientId}`)).data.map((row) => row.id)).toContain(office.id);
    expect(await counter()).toBe(before);
    const outside = await created({ ...hotelApplicationForm(), source: 'web_site' });
    expect(await counter()).toBe(before + 1);
    expect((await list(`is_watched=0&client_id=${people.clientId}`)).data.map((row) => row.id)).toEqual([outside.id]);

    const version = outside.version as number;
    const marked = await manager.post(`/api/applications/${outside.id}/watched`, {});
    expect(marked.status).toBe(204);
    expect(await counter()).toBe(before);
    const [row] = await app.db.query<{ is_watched: boolean; version: number }>(`SELECT is_watched, version FROM applications WHERE id = $1`, [outside.id]);
    expect(row).toEqual({ is_watched: true, version });
    // Again: nothing changes.
    expect((await accountant.post(`/api/applications/${outside.id}/watched`, {})).status).toBe(204);
    expect(await counter()).toBe(before);
    expect((await manager.post('/api/applications/2147483000/watched', {})).status).toBe(404);
    // A save with the version read before the mark is not stale.
    const saved = await manager.put(`/api/applications/${outside.id}`, { payload: JSON.stringify({ ...hotelApplicationForm(), version, comment: 'Позвонить' }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('folds the count’s delta rows when the header polls it, the count unchanged', async () => {
    const before = await counter();
    // Forty marks, one statement each: forty delta rows of the key.
    for (let index = 0; index < 40; index += 1) await app.db.query(`UPDATE applications SET is_watched = NOT is_watched WHERE id = (SELECT min(id) FROM applications)`);
    const parts = async () => Number((await app.db.query<{ parts: string }>(`SELECT count(*) AS parts FROM row_counts WHERE table_name = 'applications' AND key = 'is_watched=false'`))[0]!.parts);
    expect(await parts()).toBeGreaterThan(32);
    expect(await counter()).toBe(before);
    await expect.poll(parts).toBe(1);
    expect(await counter()).toBe(before);
  });
});

describe('the word search', () => {
  // w1 … w12 (see beforeAll); ids grow in this order, the list is newest first.
  const ids: Record<string, number> = {};
  const names = () => Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  const found = async (query: string, rest = '') => {
    const page = await list(`query=${encodeURIComponent(query)}${rest}`);
    return { rows: page.data.map((row) => names()[row.id as number] ?? row.id), count: page.count };
  };
  const words = async (id: number) => (await app.db.query<{ word: string }>(`SELECT word FROM application_search_words WHERE application_id = $1 ORDER BY word`, [id])).map((row) => row.word);
  const others = ['w5', 'w6', 'w7', 'w8', 'w9', 'w10', 'w11', 'w12'];

  beforeAll(async () => {
    const base = { type: 5, payment_status: 1, client_id: people.clientId, city_id: null, source: null };
    ids.w1 = await seed({ ...base, number: '2028-300001', status: 1, start_date: '2027-08-03', tourists: [['Словарёв', 'Игорь']] });
    ids.w2 = await seed({ ...base, number: '2028-300002', status: 2, start_date: '2027-08-01', tourists: [['СЛОВАРЕВА', 'Анна']] });
    ids.w3 = await seed({ ...base, number: '2028-300003', status: 1, start_date: '2027-08-02', tourists: [['Словарь', 'Иван'], ['Петров-Водкин', 'Пётр']] });
    ids.w4 = await seed({ ...base, number: '2028-300004', status: 1, start_date: '2027-08-02', tourists: [['Пересловарь', 'Олег']] });
    for (const [index, name] of others.entries()) {
      ids[name] = await seed({ ...base, number: `2028-30001${index}`, status: 1, start_date: '2027-09-01', tourists: [['Словарин', 'Тест']] });
    }
  });

  it('keeps the lower-cased words of the search text, ё read as е, each once', async () => {
    expect(await words(ids.w1!)).toEqual(['2028', '300001', 'игорь', 'словарев']);
    expect(await words(ids.w3!)).toEqual(['2028', '300003', 'водкин', 'иван', 'петр', 'петров', 'словарь']);
  });

  it('finds a word by its prefix, whatever its case and ё, with exact counts on every page', async () => {
    const matching = ['w12', 'w11', 'w10', 'w9', 'w8', 'w7', 'w6', 'w5', 'w3', 'w2', 'w1'];
    expect(await found('словар', '&limit=5')).toEqual({ rows: matching.slice(0, 5), count: 11 });
    expect(await found('СлОвАр', '&limit=5&page=2')).toEqual({ rows: matching.slice(5, 10), count: 11 });
    expect(await found('словар', '&limit=5&page=3')).toEqual({ rows: ['w1'], count: 11 });
    expect(await found('словар', '&limit=5&page=4')).toEqual({ rows: [], count: 11 });
    expect(await found('Словарёв')).toEqual({ rows: ['w2', 'w1'], count: 2 });
    expect(await found('словарев')).toEqual({ rows: ['w2', 'w1'], count: 2 });
    expect(await found('водкин')).toEqual({ rows: ['w3'], count: 1 });
  });

  it('asks every word of the query to match, and not inside a word', async () => {
    expect(await found('словар иван')).toEqual({ rows: ['w3'], count: 1 });
    expect(await found('Пётр, словарь')).toEqual({ rows: ['w3'], count: 1 });
    expect(await found('словарин иван')).toEqual({ rows: [], count: 0 });
    // The documented trade (docs/applications.md "Search text"): a fragment inside a word is not found.
    expect(await found('ловар')).toEqual({ rows: [], count: 0 });
    expect(await found('пересл')).toEqual({ rows: ['w4'], count: 1 });
  });

  it('searches with a filter and in another order', async () => {
    expect(await found('словар', '&status=2')).toEqual({ rows: ['w2'], count: 1 });
    expect(await found('словар', '&status=1&limit=3&page=2')).toEqual({ rows: ['w9', 'w8', 'w7'], count: 10 });
    expect(await found('словар', '&orderBy=start_date&ascending=1&limit=3')).toEqual({ rows: ['w2', 'w3', 'w1'], count: 11 });
    expect(await found('словар', '&orderBy=start_date&ascending=1&limit=3&page=5')).toEqual({ rows: [], count: 11 });
    expect(await found('словар иван', '&orderBy=start_date&status=1')).toEqual({ rows: ['w3'], count: 1 });
  });

  it('reads a text without letters or digits as no search', async () => {
    const all = (await list('limit=1')).count;
    expect((await list(`query=${encodeURIComponent(' -,. ')}&limit=1`)).count).toBe(all);
  });

  it('follows a save that renames a tourist, and a delete', async () => {
    const tourist = (last_name: string) => ({ last_name, first_name: 'Турист', document_number: '4500123456' });
    const form = { ...hotelApplicationForm(), tourists: [tourist('Переименов')] };
    const application = await created(form);
    expect((await found('переимен')).rows).toEqual([application.id]);
    const response = await update(application.id, { ...form, tourists: [tourist('Новоназванова')], version: application.version });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await found('переимен')).count).toBe(0);
    expect((await found('новоназв')).rows).toEqual([application.id]);
    expect(await words(application.id)).toContain('новоназванова');
    expect(await words(application.id)).not.toContain('переименов');
    expect((await admin.delete(`/api/applications/${application.id}`)).status).toBe(200);
    expect(await words(application.id)).toEqual([]);
    expect((await found('новоназв')).count).toBe(0);
  });

  it('reads the words index, not the trigram one, in one statement', async () => {
    const { engine, sent } = await recordingDataSource(app.db.url, [ApplicationListEntity]);
    await app.db.query('VACUUM ANALYZE application_search_words');
    try {
      const plan = async (query: string, filters: Record<string, unknown> = {}, orderBy: string | null = null) => {
        sent.length = 0;
        const { count } = await new PagedQuery(engine, APPLICATIONS_LIST, { query, page: 1, limit: 10, orderBy, ascending: false, filters }).run();
        expect(count).toBeGreaterThan(0);
        expect(sent).toHaveLength(1);
        const rows = await app.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${sent[0]!.query}`, sent[0]!.parameters);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      for (const [query, filters, orderBy] of [['словар', {}, null], ['словар иван', {}, null], ['словар', { status: 1 }, null], ['словар', {}, 'start_date']] as const) {
        const text = await plan(query, filters, orderBy);
        expect(text, `${query} ${JSON.stringify(filters)} ${orderBy}`).toMatch(/pk_application_search_words/);
        expect(text, `${query} ${JSON.stringify(filters)} ${orderBy}`).not.toMatch(/ix_applications_search\b/);
      }
      // Unfiltered in the order of ids: the page and its count from the words index alone.
      expect(await plan('словар')).toMatch(/Index Only Scan using pk_application_search_words/);
      // A searched picker over the same words (the applications list has none; a list declaring both would).
      const picker = { ...APPLICATIONS_LIST, definition: { ...APPLICATIONS_LIST.definition, picker: 'search' as const }, nameColumn: 'number' };
      const picked = await new ListService(engine).pick(picker, { query: 'словар иван', limit: '5' });
      expect(picked.data).toEqual([{ id: ids.w3, name: '2028-300003' }]);
      expect((await new ListService(engine).pick(picker, { query: 'словарин', limit: '3' })).data.map((row) => row.name)).toEqual(['2028-300010', '2028-300011', '2028-300012']);
    } finally {
      await engine.destroy();
    }
  });

  it('fills the words of the applications stored before the migration', async () => {
    await rerunMigration(
      new ApplicationSearchWords1765400000400(),
      async (db) => {
        // A fresh copy of the migrated template: its own client.
        const [client] = await db.query<{ id: number }>(`INSERT INTO clients (surname, name, phone) VALUES ('Ёлкина', 'Алёна', '+79161234567') RETURNING id`);
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO applications (number, type, client_id, search_text) VALUES ('2028-400001', 5, $1, '2028-400001 Ёлкина Алёна +79161234567 a.b@mail.ru') RETURNING id`,
          [client!.id],
        );
        return { id: row!.id, clientId: client!.id };
      },
      async (db, { id, clientId }) => {
        const stored = await db.query<{ word: string }>(`SELECT word FROM application_search_words WHERE application_id = $1 ORDER BY word`, [id]);
        expect(stored.map((row) => row.word)).toEqual(['2028', '400001', '79161234567', 'a', 'b', 'mail', 'ru', 'алена', 'елкина']);
        // The triggers are back: a new row's words are kept.
        const [row] = await db.query<{ id: number }>(`INSERT INTO applications (number, type, client_id, search_text) VALUES ('2028-400002', 5, $1, 'Новый') RETURNING id`, [clientId]);
        expect(await db.query(`SELECT word FROM application_search_words WHERE application_id = $1`, [row!.id])).toEqual([{ word: 'новый' }]);
      },
    );
  });

});
