/**
 * Agencies (/api/agencies): CRUD and the limits of spec 01 §5, status transitions (§4), "send login
 * and password" through a real SMTP server (and the outbox without SMTP_URL), the social-network
 * token, the export, the employees list, roles (§6) and the header counter.
 */
import { readWorkbook } from '../test/workbook.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let smtp: TestSmtpServer;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  const signedIn = await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)]);
  [admin, accountant, manager] = signedIn.map((entry) => entry.client) as [ApiClient, ApiClient, ApiClient];
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const V = MESSAGES.validation;
const roles = () => ({ administrator: admin, accountant, manager });
let counter = 0;

const fullForm = (overrides: Record<string, unknown> = {}) => {
  const n = ++counter;
  return {
    legal_name: `ООО «Крым Тур ${n}»`,
    brand: 'КрымТур',
    inn: '9102012345',
    site: 'https://crimea-tour.test',
    legal_address: 'г. Симферополь, ул. Ленина, 1',
    actual_address: 'г. Ялта, наб. Ленина, 5',
    company_email: 'Office@Crimea-Tour.test',
    company_phone: '+7 (3652) 12-34-56',
    contact_name: 'Иванова Мария',
    contact_phone: '+7 (978) 123-45-67',
    contact_email: `Manager${n}@Crimea-Tour.test`,
    contract_number: `Д-2025/${n}`,
    login: `crimea-tour-${n}`,
    password: 'Cabinet-Pass-1',
    commission_type: 2,
    commission_sum: 10,
    info: 'Работают с 2019 года',
    is_active: true,
    has_search_module: true,
    search_module_url: 'https://crimea-tour.test/search',
    vk_settings: { vk_group_id: 'club12345' },
    ...overrides,
  };
};

const create = async (overrides: Record<string, unknown> = {}, client = manager) => {
  const response = await client.post('/api/agencies', fullForm(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Record<string, any> & { id: number; legal_name: string };
};

const stored = async (id: number) =>
  (await app.db.query<Record<string, any>>('SELECT * FROM agencies WHERE id = $1', [id]))[0];

describe('access', () => {
  it('all three roles list, create, show, update, switch and delete agencies', async () => {
    for (const [role, client] of Object.entries(roles())) {
      expect((await client.get('/api/agencies')).status, role).toBe(200);
      const agency = await create({}, client);
      expect((await client.get(`/api/agencies/${agency.id}`)).status, role).toBe(200);
      expect((await client.put(`/api/agencies/${agency.id}`, fullForm({ legal_name: `Роль ${role}` }))).status, role).toBe(200);
      expect((await client.put(`/api/agencies/${agency.id}/active`)).body, role).toEqual({ status: 'CHANGED', is_active: false, name: `Роль ${role}`, version: expect.any(Number) });
      expect(await client.delete(`/api/agencies/${agency.id}`), role).toMatchObject({ status: 200, body: { message: 'Успешно удалено' } });
      expect(await stored(agency.id)).toBeUndefined();
    }
  });

  it('needs a session', async () => {
    for (const path of ['/api/agencies', '/api/agencies/1', '/api/agencies/export', '/api/agencies/1/agency-users', '/api/commissions/list']) {
      expect((await app.client().get(path)).status, path).toBe(401);
    }
  });

  it('GET /api/commissions/list gives the commission types to every role', async () => {
    for (const [role, client] of Object.entries(roles())) {
      expect((await client.get('/api/commissions/list')).body, role).toEqual({
        data: [
          { id: 1, name: 'Фиксированная' },
          { id: 2, name: 'Процент' },
        ],
      });
    }
  });
});

describe('create, show, update', () => {
  it('creates with every field (201), normalizes the phone, keeps the password encrypted and never sends it back', async () => {
    const form = fullForm();
    const response = await manager.post('/api/agencies', form);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = response.body.data.id as number;
    const row = {
      id,
      legal_name: form.legal_name,
      brand: 'КрымТур',
      inn: '9102012345',
      site: 'https://crimea-tour.test',
      legal_address: 'г. Симферополь, ул. Ленина, 1',
      actual_address: 'г. Ялта, наб. Ленина, 5',
      company_email: 'office@crimea-tour.test',
      company_phone: '+7 (3652) 12-34-56',
      contact_name: 'Иванова Мария',
      contact_phone: '+79781234567',
      contact_email: form.contact_email.toLowerCase(),
      contract_number: form.contract_number,
      login: form.login,
      has_password: true,
      commission_type: 2,
      commission_sum: 10,
      status: 1,
      status_name: 'На проверке',
      info: 'Работают с 2019 года',
      is_active: true,
      has_search_module: true,
      search_module_url: 'https://crimea-tour.test/search',
      vk_settings: { vk_token: null, vk_group_id: 'club12345' },
      is_new: true,
      created_at: expect.any(String),
      version: 1,
    };
    expect(response.body).toEqual({ data: row });
    expect(JSON.stringify(response.body)).not.toContain('Cabinet-Pass-1');
    const db = await stored(id);
    expect(db.password_encrypted).toMatch(/^v1:/);
    expect(db.password_encrypted).not.toContain('Cabinet-Pass-1');

    // GET, change a field, PUT back: an empty password keeps the stored one; status and token are the server's.
    const shown = await manager.get(`/api/agencies/${id}`);
    expect(shown.body).toEqual({ data: row });
    await app.db.query(`UPDATE agencies SET vk_settings = '{"vk_token": "kept-token", "vk_group_id": "club12345"}' WHERE id = $1`, [id]);
    // (without the version it read: the SQL above changed the agency since, which a form would be told with a 409)
    const updated = await manager.put(`/api/agencies/${id}`, { ...row, version: undefined, password: '', brand: 'Новый бренд', status: 3, is_new: true, vk_settings: { vk_token: 'forged', vk_group_id: 'club777' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ brand: 'Новый бренд', status: 1, is_new: false, vk_settings: { vk_token: 'kept-token', vk_group_id: 'club777' }, has_password: true });
    expect((await stored(id)).password_encrypted).toBe(db.password_encrypted);
  });

  it('needs only the legal name: defaults of spec 01 §9 (commission type 1, sum 0), status 1, new, active', async () => {
    const response = await admin.post('/api/agencies', { legal_name: '  ИП Минимум  ' });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data).toMatchObject({
      legal_name: 'ИП Минимум',
      brand: null,
      contact_phone: null,
      login: null,
      has_password: false,
      commission_type: 1,
      commission_sum: 0,
      status: 1,
      is_active: true,
      has_search_module: false,
      search_module_url: null,
      vk_settings: { vk_token: null, vk_group_id: null },
      is_new: true,
    });
  });

  it('answers 404 for an unknown id on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/agencies/999999'],
      ['PUT', '/api/agencies/999999'],
      ['DELETE', '/api/agencies/999999'],
      ['PUT', '/api/agencies/999999/approve'],
      ['PUT', '/api/agencies/999999/contract'],
      ['POST', '/api/agencies/999999/resend'],
      ['POST', '/api/agencies/999999/vk-token/generate'],
      ['DELETE', '/api/agencies/999999/vk-token'],
      ['GET', '/api/agencies/999999/agency-users'],
    ] as const) {
      const response = await admin.request(method, path, { body: method === 'PUT' && path.endsWith('999999') ? fullForm() : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('validation (spec 01 §5 "Agency")', () => {
  const long = (length: number, char = 'Щ') => char.repeat(length);
  /** A link of exactly `length` characters (the site is a URL field: http(s) only). */
  const longUrl = (length: number) => `https://${'щ'.repeat(length - 'https://'.length - '.ru'.length)}.ru`;
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['legal name missing', { legal_name: undefined }, { legal_name: [V.required] }],
    ['legal name 256', { legal_name: long(256) }, { legal_name: [V.maxLength(255)] }],
    ['brand 256', { brand: long(256) }, { brand: [V.maxLength(255)] }],
    ['inn 13 digits', { inn: long(13, '1') }, { inn: [V.maxLength(12)] }],
    ['inn letters', { inn: '91020a2345' }, { inn: [V.digits] }],
    ['site 101', { site: longUrl(101) }, { site: [V.maxLength(100)] }],
    ['site not a link', { site: 'javascript:alert(1)' }, { site: [MESSAGES.validation.url] }],
    ['legal address 256', { legal_address: long(256) }, { legal_address: [V.maxLength(255)] }],
    ['actual address 256', { actual_address: long(256) }, { actual_address: [V.maxLength(255)] }],
    ['company email 51', { company_email: `${long(41, 'a')}@mail.test` }, { company_email: [V.maxLength(50)] }],
    ['company email invalid', { company_email: 'office' }, { company_email: [V.email] }],
    ['contact name 51', { contact_name: long(51) }, { contact_name: [V.maxLength(50)] }],
    ['contact phone without +7', { contact_phone: '89781234567' }, { contact_phone: [V.phoneMask] }],
    ['contact phone 9 digits', { contact_phone: '+7 978 123-45-6' }, { contact_phone: [V.phoneMask] }],
    ['contact phone 11 digits', { contact_phone: '+7 978 123-45-678' }, { contact_phone: [V.phoneMask] }],
    ['contact phone letters', { contact_phone: '+7 978 ABC-45-67' }, { contact_phone: [V.phoneMask] }],
    ['contact email 51', { contact_email: `${long(41, 'a')}@mail.test` }, { contact_email: [V.maxLength(50)] }],
    ['contract number 51', { contract_number: long(51) }, { contract_number: [V.maxLength(50)] }],
    ['login 51', { login: long(51, 'l') }, { login: [V.maxLength(50)] }],
    ['password 51', { password: long(51, 'p') }, { password: [V.maxLength(50)] }],
    ['info 5001', { info: long(5001) }, { info: [V.maxLength(5000)] }],
    ['commission type 3', { commission_type: 3 }, { commission_type: [V.oneOf] }],
    ['percent over 100', { commission_type: 2, commission_sum: 101 }, { commission_sum: [V.max(100)] }],
    ['fixed over 1 000 000', { commission_type: 1, commission_sum: 1_000_001 }, { commission_sum: [V.max(1_000_000)] }],
    ['negative commission', { commission_type: 1, commission_sum: -1 }, { commission_sum: [V.min(0)] }],
    ['fractional commission', { commission_type: 1, commission_sum: 10.5 }, { commission_sum: [V.integer] }],
    ['search module url not a link', { search_module_url: 'crimea-tour.test/search' }, { search_module_url: [MESSAGES.validation.url] }],
    ['active flag not boolean', { is_active: 'yes' }, { is_active: [V.invalid] }],
  ];

  it.each(cases)('refuses %s with 422 and the field message', async (_, overrides, errors) => {
    const response = await manager.post('/api/agencies', fullForm(overrides));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: Object.values(errors)[0]![0], errors });
  });

  it('accepts every field at its limit, a percent of 100 and a fixed sum of 1 000 000', async () => {
    await create({
      legal_name: long(255),
      brand: long(255),
      inn: long(12, '1'),
      site: longUrl(100),
      legal_address: long(255),
      actual_address: long(255),
      company_email: `${long(40, 'a')}@mail.test`,
      contact_name: long(50),
      contact_email: `${long(40, 'b')}@mail.test`,
      contract_number: long(50),
      login: long(50, 'z'),
      password: long(50, 'p'),
      info: long(5000),
      commission_type: 2,
      commission_sum: 100,
    });
    await create({ commission_type: 1, commission_sum: 1_000_000 });
  });

  it('refuses a login another agency has (whatever its case) with 422 on login', async () => {
    const first = await create({ login: 'Same-Login' });
    const response = await manager.post('/api/agencies', fullForm({ login: 'same-login' }));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ login: [V.unique] });
    expect((await manager.put(`/api/agencies/${first.id}`, fullForm({ login: 'Same-Login' }))).status).toBe(200);
  });
});

describe('list', () => {
  const list = async (query: string) => {
    const response = await manager.get(`/api/agencies?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { data: { id: number; legal_name: string }[]; count: number };
  };

  it('searches legal name, brand, INN and contact e-mail; sorts by id and legal name; filters active and search module', async () => {
    const tag = `Поиск${Date.now()}`;
    const a = await create({ legal_name: `${tag} Альфа`, brand: 'Бренд-Омега', inn: '770011223344', contact_email: 'alpha.search@agency.test', is_active: true, has_search_module: false, search_module_url: null });
    const b = await create({ legal_name: `${tag} Бета`, brand: null, inn: null, contact_email: 'beta.search@agency.test', is_active: false, has_search_module: true });
    expect((await list(`query=${encodeURIComponent(tag)}&orderBy=legal_name&ascending=0`)).data.map((row) => row.id)).toEqual([b.id, a.id]);
    expect((await list(`query=${encodeURIComponent('бренд-омега')}`)).data.map((row) => row.id)).toEqual([a.id]);
    expect((await list('query=770011223344')).data.map((row) => row.id)).toEqual([a.id]);
    expect((await list('query=beta.search')).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list(`query=${encodeURIComponent(tag)}&is_active=0`)).data.map((row) => row.id)).toEqual([b.id]);
    expect((await list(`query=${encodeURIComponent(tag)}&has_search_module=0`)).data.map((row) => row.id)).toEqual([a.id]);
    expect((await list(`query=${encodeURIComponent(tag)}&orderBy=id&ascending=1`)).data.map((row) => row.id)).toEqual([a.id, b.id]);
    expect((await manager.get('/api/agencies?orderBy=brand')).status).toBe(422);
  });
});

describe('status (spec 01 §4)', () => {
  it('goes 1 → 2 → 3 through approve and contract, naming the agency by legal name', async () => {
    const agency = await create({ legal_name: 'ООО «Статусный»' });
    expect(agency.status).toBe(1);
    expect(await accountant.put(`/api/agencies/${agency.id}/approve`)).toMatchObject({
      status: 200,
      body: { status: 'CHANGED', agency_status: 2, message: 'Агентство «ООО «Статусный»» подтверждено' },
    });
    expect((await stored(agency.id)).status).toBe(2);
    expect(await manager.put(`/api/agencies/${agency.id}/contract`)).toMatchObject({
      status: 200,
      body: { status: 'CHANGED', agency_status: 3, message: 'Договор с агентством «ООО «Статусный»» подписан' },
    });
    expect((await stored(agency.id)).status).toBe(3);
  });

  it('refuses a transition from the wrong status with 409 and changes nothing', async () => {
    const agency = await create();
    const contractFirst = await admin.put(`/api/agencies/${agency.id}/contract`);
    expect(contractFirst).toMatchObject({ status: 409, body: { message: MESSAGES.agencies.wrongStatus('На проверке') } });
    expect((await stored(agency.id)).status).toBe(1);
    expect((await admin.put(`/api/agencies/${agency.id}/approve`)).status).toBe(200);
    expect(await admin.put(`/api/agencies/${agency.id}/approve`)).toMatchObject({ status: 409, body: { message: MESSAGES.agencies.wrongStatus('Проверено') } });
    expect((await admin.put(`/api/agencies/${agency.id}/contract`)).status).toBe(200);
    for (const action of ['approve', 'contract']) {
      expect(await admin.put(`/api/agencies/${agency.id}/${action}`)).toMatchObject({ status: 409, body: { message: MESSAGES.agencies.wrongStatus('Договор подписан') } });
    }
    expect((await stored(agency.id)).status).toBe(3);
  });

  it('two colleagues approving at once change the status once', async () => {
    const agency = await create();
    const replies = await Promise.all([admin.put(`/api/agencies/${agency.id}/approve`), manager.put(`/api/agencies/${agency.id}/approve`)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  });
});

describe('send login and password (spec 01 §4, §8)', () => {
  it('mails the login and password to the contact e-mail through SMTP', async () => {
    const agency = await create({ legal_name: 'ООО «Письмо»', login: 'letter-agency', password: 'Пароль-Кабинета-7', contact_email: 'Letters@Agency.test' });
    const before = smtp.messages.length;
    const response = await manager.post(`/api/agencies/${agency.id}/resend`);
    expect(response).toMatchObject({ status: 200, body: { message: 'Логин и пароль отправлен агентству', sent: true } });
    expect(smtp.messages).toHaveLength(before + 1);
    const letter = smtp.messages.at(-1)!;
    expect(letter.to).toEqual(['letters@agency.test']);
    expect(letter.subject).toBe('Доступ в личный кабинет агентства');
    expect(letter.text).toContain('Логин: letter-agency');
    expect(letter.text).toContain('Пароль: Пароль-Кабинета-7');
    expect(letter.text).toContain('ООО «Письмо»');
    const [outbox] = await app.db.query<{ status: string; recipient: string }>('SELECT status, recipient FROM mail_outbox ORDER BY id DESC LIMIT 1');
    expect(outbox).toEqual({ status: 'sent', recipient: 'letters@agency.test' });
  });

  it('refuses (422) without contact e-mail, login or password, and sends nothing', async () => {
    const before = smtp.messages.length;
    for (const missing of [{ contact_email: '' }, { login: '' }, { password: '' }]) {
      const agency = await create(missing);
      const response = await manager.post(`/api/agencies/${agency.id}/resend`);
      expect(response, JSON.stringify(missing)).toMatchObject({ status: 422, body: { message: 'Не заполнено поле логина, контактной почты, пароля или агенство не сохранено' } });
    }
    expect(smtp.messages).toHaveLength(before);
  });

  it('without SMTP_URL keeps the letter in the outbox and says it was not sent', async () => {
    const offline = await startTestApp();
    try {
      const { client } = await offline.signInAs(Role.Manager);
      const created = await client.post('/api/agencies', fullForm({ login: 'offline-agency', contact_email: 'offline@agency.test', password: 'Offline-Pass-1' }));
      expect(created.status).toBe(201);
      const response = await client.post(`/api/agencies/${created.body.data.id}/resend`);
      expect(response).toMatchObject({ status: 200, body: { sent: false, message: MESSAGES.agencies.resent } });
      const rows = await offline.db.query<{ status: string; recipient: string; body_text: string; secret_encrypted: string }>(
        'SELECT status, recipient, body_text, secret_encrypted FROM mail_outbox',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'kept', recipient: 'offline@agency.test' });
      // The password waits encrypted, never in the letter's text (issue 8).
      expect(rows[0]!.body_text).toContain('Логин: offline-agency');
      expect(rows[0]!.body_text).not.toContain('Offline-Pass-1');
      expect(rows[0]!.secret_encrypted).toMatch(/^v1:/);
    } finally {
      await offline.close();
    }
  });
});

describe('social-network token', () => {
  it('generates a random base64url token of at least 32 bytes, different each time, stored; and deletes it', async () => {
    const agency = await create({ vk_settings: { vk_group_id: 'club42' } });
    const first = await accountant.post(`/api/agencies/${agency.id}/vk-token/generate`);
    expect(first).toMatchObject({ status: 200, body: { vk_token: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/), message: 'Токен успешно сгенерирован' } });
    expect(Buffer.from(first.body.vk_token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const second = await accountant.post(`/api/agencies/${agency.id}/vk-token/generate`);
    expect(second.body.vk_token).not.toBe(first.body.vk_token);
    expect((await stored(agency.id)).vk_settings).toEqual({ vk_token: second.body.vk_token, vk_group_id: 'club42' });
    expect((await accountant.get(`/api/agencies/${agency.id}`)).body.data.vk_settings).toEqual({ vk_token: second.body.vk_token, vk_group_id: 'club42' });

    expect(await accountant.delete(`/api/agencies/${agency.id}/vk-token`)).toMatchObject({ status: 200, body: { message: 'Токен успешно удален', vk_token: null } });
    expect((await stored(agency.id)).vk_settings).toEqual({ vk_token: null, vk_group_id: 'club42' });
  });
});

describe('export', () => {
  it('gives agencies.xlsx with Russian headers, every list column, DD.MM.YYYY dates, frozen header and autofilter', async () => {
    const agency = await create({ legal_name: 'ООО «Экспортный»', commission_type: 2, commission_sum: 15, has_search_module: false, search_module_url: null });
    const fixed = await create({ legal_name: 'ООО «Фиксированный»', commission_type: 1, commission_sum: 2500 });
    await app.db.query(`UPDATE agencies SET created_at = '2025-03-07T10:00:00+03:00' WHERE id = $1`, [agency.id]);
    for (const client of [admin, manager]) {
      const response = await client.getBytes('/api/agencies/export');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toContain('agencies.xlsx');
      const workbook = await readWorkbook(response.body);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual([
        'ID',
        'Юридическое название',
        'Новое',
        'Бренд',
        'ИНН',
        'Комиссия',
        'Фактический адрес',
        'Юридический адрес',
        'Контактное лицо',
        'Контактный телефон',
        'Контактный email',
        'Активно',
        'Модуль поиска',
        'Статус',
        'Дата регистрации',
      ]);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      const [{ count }] = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM agencies');
      expect(sheet.actualRowCount).toBe(count + 1);
      const rowOf = (id: number) => {
        for (let index = 2; index <= sheet.rowCount; index++) {
          const values = (sheet.getRow(index).values as unknown[]).slice(1);
          if (values[0] === id) return values;
        }
        return undefined;
      };
      const exported = rowOf(agency.id)!;
      expect(exported.slice(0, 3)).toEqual([agency.id, 'ООО «Экспортный»', 'Да']);
      expect(exported[5]).toBe('15%');
      expect(exported[9]).toBe('+79781234567');
      expect(exported[11]).toBe('Да');
      expect(exported[12]).toBe('Не подключен');
      expect(exported[13]).toBe('На проверке');
      expect(exported[14]).toEqual(new Date(Date.UTC(2025, 2, 7)));
      const fixedRow = rowOf(fixed.id)!;
      expect(fixedRow[5]).toBe('2\u00a0500,00\u00a0₽');
      expect(fixedRow[12]).toBe('https://crimea-tour.test/search');
    }
  });

  it('narrows to the list search and filters when given', async () => {
    const agency = await create({ legal_name: 'ООО «Узкий экспорт»' });
    const response = await manager.getBytes(`/api/agencies/export?query=${encodeURIComponent('Узкий экспорт')}`);
    const workbook = await readWorkbook(response.body);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(2);
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe(agency.id);
  });

  it('is refused to the accountant (403)', async () => {
    expect((await accountant.get('/api/agencies/export')).status).toBe(403);
  });
});

describe('employees (spec 01 §2.5)', () => {
  it('pages the agency employees and gives the agency', async () => {
    const agency = await create({ legal_name: 'ООО «Штат»' });
    const other = await create();
    await app.db.query(
      `INSERT INTO agency_users (agency_id, full_name, phone, email)
       SELECT $1, 'Сотрудник ' || lpad(g::text, 2, '0'), '+7978000' || lpad(g::text, 4, '0'), 'emp' || g || '@agency.test' FROM generate_series(1, 12) AS g`,
      [agency.id],
    );
    await app.db.query(`INSERT INTO agency_users (agency_id, full_name) VALUES ($1, 'Чужой сотрудник')`, [other.id]);
    for (const client of Object.values(roles())) {
      const first = await client.get(`/api/agencies/${agency.id}/agency-users?page=1&limit=10`);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(12);
      expect(first.body.agency).toEqual({ id: agency.id, legal_name: 'ООО «Штат»' });
      expect(first.body.data).toHaveLength(10);
      expect(first.body.data[0]).toEqual({ id: expect.any(Number), full_name: 'Сотрудник 01', phone: '+79780000001', email: 'emp1@agency.test', version: 1 });
    }
    const second = await manager.get(`/api/agencies/${agency.id}/agency-users?page=2&limit=10&orderBy=full_name&ascending=0`);
    expect(second.body.data.map((row: { full_name: string }) => row.full_name)).toEqual(['Сотрудник 02', 'Сотрудник 01']);
    const searched = await manager.get(`/api/agencies/${agency.id}/agency-users?query=emp12`);
    expect(searched.body).toMatchObject({ count: 1, data: [{ full_name: 'Сотрудник 12' }] });
    expect((await manager.get(`/api/agencies/${agency.id}/agency-users?orderBy=email`)).status).toBe(422);
  });

  it('go with their agency when it is deleted', async () => {
    const agency = await create();
    await app.db.query(`INSERT INTO agency_users (agency_id, full_name) VALUES ($1, 'Уходящий')`, [agency.id]);
    expect((await manager.delete(`/api/agencies/${agency.id}`)).status).toBe(200);
    expect(await app.db.query('SELECT id FROM agency_users WHERE agency_id = $1', [agency.id])).toEqual([]);
  });
});

describe('new agencies and the header counter', () => {
  it('counts new agencies; opening one marks it seen and the counter drops', async () => {
    const count = async () => (await manager.get('/api/new-items/check')).body.agencies.new_count as number;
    const before = await count();
    const agency = await create();
    expect(await count()).toBe(before + 1);
    // The list does not mark it seen; a save does not make it new again.
    await manager.get('/api/agencies');
    expect(await count()).toBe(before + 1);
    const shown = await accountant.get(`/api/agencies/${agency.id}`);
    expect(shown.body.data.is_new).toBe(true); // the reply shows it as it was read
    expect(await count()).toBe(before);
    expect((await stored(agency.id)).is_new).toBe(false);
    await manager.put(`/api/agencies/${agency.id}`, fullForm());
    expect((await stored(agency.id)).is_new).toBe(false);
  });
});
