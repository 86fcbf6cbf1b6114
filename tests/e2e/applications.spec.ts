/**
 * The application editor (issue 18 "The editor", spec 03 §2.3): an accountant creates a hotel
 * application for an agency with two tourists and sees the totals follow the discount; a bus-tour
 * application's tourists get seats, then one seat is changed; a record that cannot be read says why
 * and Повторить shows it. Screenshots of every tab and dialog at 1366×768 go to test-results/screens/.
 */
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { MESSAGES } from '../../shared/messages.js';
import { insertBusGround, insertExcursionGround, insertHotelGround, insertRequesters, nextWeekday } from '../../server/test/application-fixtures.js';
import { formatDate } from '../../shared/format.js';
import { addTourist, pick } from './application-steps.js';
import { apiPost, ensureAdmin, signIn, signOut, sql } from './session.js';

test.describe.configure({ mode: 'serial' });

const db = { query: <Row>(text: string, params?: unknown[]) => sql<Row>(text, params) };
const ACCOUNTANT = { surname: 'Счетоводова', name: 'Ирина', email: 'accountant.applications@example.com', password: 'accountant-secret-1' };

async function shot(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `test-results/screens/application-${name}.png` });
}

async function choose(scope: Locator, page: Page, field: string, option: string) {
  await scope.getByTestId(`select-${field}`).click();
  // In the opened list (a native select on the page has options of the same names, e.g. the type 'Авиа').
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** The 'Рейс туда' dialog of the way there, riding from the first stop to the second on `departure`. */
async function rideFirstStops(page: Page, departure: string) {
  await page.getByTestId('tab-transport').click();
  await page.getByRole('button', { name: 'Добавить транспорт' }).first().click();
  const data = page.getByRole('dialog', { name: 'Рейс туда' });
  await data.getByLabel('Дата отправления *').selectOption(departure);
  await data.getByLabel('Откуда *', { exact: true }).selectOption({ index: 1 });
  await data.getByLabel('Куда *', { exact: true }).selectOption({ index: 2 });
  return data;
}

const saveApplication = async (page: Page, status: string) => {
  await page.getByTestId('editor-save').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(MESSAGES.applications.statusConfirm(status));
  await confirm.getByRole('button', { name: MESSAGES.list.save }).click();
  // Each of these saves creates the application.
  await expect(page.getByText(MESSAGES.applications.created)).toBeVisible();
};

test('an accountant creates a hotel application for an agency with two tourists; the totals follow the discount', async ({ page }) => {
  const hotel = await insertHotelGround(db);
  const requesters = await insertRequesters(db);
  const [hotelRow] = await sql<{ name: string }>(`SELECT name FROM hotels WHERE id = $1`, [hotel.hotelId]);
  const [agency] = await sql<{ legal_name: string }>(`SELECT legal_name FROM agencies WHERE id = $1`, [requesters.agencyId]);
  await ensureAdmin(page);
  const [existing] = await sql(`SELECT id FROM users WHERE email = $1`, [ACCOUNTANT.email]);
  if (!existing) await apiPost(page, '/users', { ...ACCOUNTANT, role: 2, is_active: true });
  await signOut(page);
  await signIn(page, ACCOUNTANT.email, ACCOUNTANT.password);

  await page.goto('/applications/create');
  await expect(page.getByRole('heading', { name: MESSAGES.applications.createTitle })).toBeVisible();
  await expect(page.getByTestId('application-heading')).toHaveText(MESSAGES.applications.officeSource);
  await pick(page, 'picker-applicationable_id', hotelRow!.name);
  await page.getByLabel('Заказчик').selectOption({ label: 'Агентство' });
  await pick(page, 'picker-requester_id', agency!.legal_name);
  await page.getByLabel('Взрослых', { exact: true }).fill('2');
  await page.getByLabel('Детей', { exact: true }).fill('1');
  await page.getByLabel('Возраст ребёнка 1').fill('8');
  await shot(page, 'general-create');

  // The stay: the pinned example of docs/pricing.md — 2 adults and a child, 3 nights at 3 000 / 1 500, +10 %.
  await page.getByTestId('tab-accommodations').click();
  await page.getByRole('button', { name: 'Добавить проживание' }).click();
  const stay = page.getByRole('dialog', { name: 'Добавление проживания' });
  await stay.getByLabel('Номер').selectOption({ index: 1 });
  await stay.getByPlaceholder('с ДД.ММ.ГГГГ').fill('10.06.2027');
  await stay.getByPlaceholder('по ДД.ММ.ГГГГ').fill('13.06.2027');
  await stay.getByLabel('Взрослых', { exact: true }).fill('2');
  await stay.getByLabel('Детей', { exact: true }).fill('1');
  await shot(page, 'accommodation-dialog');
  await stay.getByTestId('accommodation-dialog-save').click();
  await expect(stay).toBeHidden();
  await expect(page.getByTestId('accommodations-row-0')).toContainText('10.06.2027');
  await shot(page, 'accommodation-tab');

  await page.getByTestId('tab-tourists').click();
  let dialog = await addTourist(page, { last: 'Иванов', first: 'Сергей', birthday: '15.03.1985', document: '4510123456' });
  await shot(page, 'tourist-dialog');
  await dialog.getByTestId('tourist-dialog-save').click();
  await expect(dialog).toBeHidden();
  dialog = await addTourist(page, { last: 'Иванова', first: 'Мария', birthday: '20.07.2018', document: 'II-АБ123456' });
  await dialog.getByTestId('tourist-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tourists-row-1')).toContainText('Иванова Мария');
  await shot(page, 'tourists-tab');

  // The unsaved form is priced whole: 22 500 net + 10 % = 24 750; the agency takes 12 %.
  await page.getByTestId('tab-general').click();
  await expect(page.getByTestId('totals-price_total')).toHaveText(/24\s750,00/);
  await expect(page.getByTestId('totals-agency_commission')).toHaveText(/2\s970,00/);
  await page.getByLabel('Скидка').fill('750');
  await expect(page.getByTestId('totals-price_total')).toHaveText(/24\s000,00/);
  await expect(page.getByTestId('totals-estimated_price_without_discount')).toHaveText(/24\s750,00/);

  // A hotel service at 500 joins the price; its price is the service's, read only.
  await page.getByTestId('tab-services').click();
  await page.getByRole('button', { name: 'Добавить услугу' }).first().click();
  const service = page.getByRole('dialog', { name: 'Добавление услуги' });
  await choose(service, page, 'serviceable_id', (await sql<{ name: string }>(`SELECT name FROM hotel_services WHERE id = $1`, [hotel.serviceId]))[0]!.name);
  await expect(service.getByLabel('Цена')).toHaveValue(/500,00/);
  await shot(page, 'service-dialog');
  await service.getByTestId('service-dialog-save').click();
  await expect(service).toBeHidden();
  await expect(page.getByTestId('services-row-0')).toContainText('500,00');
  await shot(page, 'services-tab');
  await page.getByTestId('tab-general').click();
  await expect(page.getByTestId('totals-price_total')).toHaveText(/24\s500,00/);

  await page.getByTestId('tab-vendor-request').click();
  await expect(page.locator('.application-vendor-request')).toContainText(hotelRow!.name);
  await expect(page.locator('.application-vendor-request')).toContainText('8');
  await shot(page, 'vendor-request-tab');
  await page.getByTestId('tab-contacts').click();
  await page.getByLabel('E-mail').fill('ivanov.family@example.com');
  await shot(page, 'contacts-tab');

  await saveApplication(page, 'Новая');
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const id = Number(/\/applications\/(\d+)\/edit/.exec(page.url())![1]);
  const [stored] = await sql<{ number: string; discount: string; requester_type: string; price_total: string }>(`SELECT * FROM applications WHERE id = $1`, [id]);
  expect(stored!.discount).toMatch(/^750(\.00)?$/);
  expect(Number(stored!.price_total)).toBe(24500);
  const tourists = await sql<{ last_name: string }>(`SELECT last_name FROM tourists WHERE application_id = $1 ORDER BY last_name`, [id]);
  expect(tourists.map((tourist) => tourist.last_name)).toEqual(['Иванов', 'Иванова']);
  await expect(page.getByTestId('application-heading')).toContainText(stored!.number);
  await expect(page.getByTestId('application-heading')).toContainText('Проживание');
  await expect(page.getByTestId('application-heading')).toContainText(hotelRow!.name);

  // The saved application's totals are asked of the server with the four fields laid over it.
  await page.getByLabel('Скидка').fill('1750');
  await expect(page.getByTestId('totals-price_total')).toHaveText(/23\s500,00/);
  await shot(page, 'general-edit');
  // The administrator-only source data is not offered to the accountant.
  await expect(page.getByTestId('tab-source')).toHaveCount(0);
});

test('a bus-tour application: its tourists get seats, then one seat is changed', async ({ page }) => {
  const bus = await insertBusGround(db);
  const requesters = await insertRequesters(db);
  const [transport] = await sql<{ name: string }>(`SELECT name FROM transports WHERE id = $1`, [bus.transportId]);
  const [client] = await sql<{ full_name: string }>(`SELECT full_name FROM clients WHERE id = $1`, [requesters.clientId]);
  const today = new Date().toISOString().slice(0, 10);
  const departure = nextWeekday(today, bus.weekday);
  await ensureAdmin(page);

  await sql(`INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position) VALUES ($1, $2, 3, 0, 2)`, [bus.transportId, departure]);

  await page.goto('/applications/create');
  await page.getByLabel('Тип заявки').selectOption({ label: 'Автобусный тур' });
  await pick(page, 'picker-applicationable_id', transport!.name);
  await pick(page, 'picker-requester_id', client!.full_name);
  await page.getByLabel('Взрослых', { exact: true }).fill('2');

  await page.getByTestId('tab-tourists').click();
  for (const tourist of [
    { last: 'Морозов', first: 'Антон', birthday: '01.02.1980', document: '4601111111' },
    { last: 'Морозова', first: 'Елена', birthday: '03.04.1982', document: '4602222222' },
  ]) {
    const dialog = await addTourist(page, tourist);
    await dialog.getByTestId('tourist-dialog-save').click();
    await expect(dialog).toBeHidden();
  }

  const data = await rideFirstStops(page, departure);
  await shot(page, 'transport-route');
  await data.getByRole('tab', { name: 'Места' }).click();
  // Seat 3 is taken by someone else on that trip: drawn taken and refused.
  await expect(data.locator('[data-seat="3"]')).toHaveAttribute('data-state', 'occupied');
  await data.locator('[data-seat="3"]').click();
  await expect(page.getByText(MESSAGES.applications.seatTaken)).toBeVisible();
  await data.locator('[data-seat="5"]').click();
  await data.locator('[data-seat="6"]').click();
  await expect(data.getByText('Выбрано мест: 2 из 2')).toBeVisible();
  await expect(data.getByLabel('Турист на месте 5')).toHaveValue('index:0');
  await expect(data.getByLabel('Турист на месте 6')).toHaveValue('index:1');
  await shot(page, 'transport-seats');
  await data.getByTestId('transport-forth-dialog-save').click();
  await expect(data).toBeHidden();
  await expect(page.getByTestId('transport-forth-row-0')).toContainText('5, 6');
  await expect(page.getByTestId('seat-forth-5')).toHaveAttribute('title', 'Морозов Антон');
  await shot(page, 'transport-tab');

  await saveApplication(page, 'Новая');
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const id = Number(/\/applications\/(\d+)\/edit/.exec(page.url())![1]);
  const booked = await sql<{ number: number; last_name: string }>(
    `SELECT b.number, t.last_name FROM seat_bookings b JOIN tourists t ON t.id = b.tourist_id WHERE b.application_id = $1 ORDER BY b.number`,
    [id],
  );
  expect(booked).toEqual([
    { number: 5, last_name: 'Морозов' },
    { number: 6, last_name: 'Морозова' },
  ]);
  await page.getByTestId('tab-transport').click();
  await expect(page.getByTestId('transport-forth-row-0')).toContainText(formatDate(departure));

  // 'Смена места': seat 5 moves to 12; the seats are read again.
  await page.getByRole('button', { name: 'Смена места' }).click();
  const change = page.getByRole('dialog', { name: 'Смена места' });
  await change.getByLabel('Место заявки').selectOption({ label: 'Место 5 — Морозов Антон' });
  await change.locator('[data-seat="6"]').click();
  await expect(page.getByText(MESSAGES.applications.seatTwice)).toBeVisible();
  await change.locator('[data-seat="12"]').click();
  await expect(change.getByTestId('seat-change-summary')).toHaveText('Место 5 → 12');
  await shot(page, 'seat-change');
  await change.getByTestId('seat-change-save').click();
  await expect(change).toBeHidden();
  await expect(page.getByTestId('transport-forth-row-0')).toContainText('6, 12');
  await expect(page.getByTestId('seat-forth-12')).toHaveAttribute('title', 'Морозов Антон');
  const moved = await sql<{ number: number }>(`SELECT number FROM seat_bookings WHERE application_id = $1 ORDER BY number`, [id]);
  expect(moved.map((seat) => seat.number)).toEqual([6, 12]);

  // 'Маршрут' of the saved item: riding only to the stop, the server moves the seats at once.
  await page.getByTestId('transport-forth-row-0').getByRole('button', { name: MESSAGES.list.edit }).click();
  const saved = page.getByRole('dialog', { name: 'Рейс туда' });
  await saved.getByLabel('Куда *', { exact: true }).selectOption({ index: 1 });
  await saved.getByRole('button', { name: 'Изменить маршрут' }).click();
  await expect(page.getByText(MESSAGES.applications.routeChanged)).toBeVisible();
  await expect(saved).toBeHidden();
  const segment = await sql<{ to_position: number }>(`SELECT DISTINCT to_position FROM seat_bookings WHERE application_id = $1`, [id]);
  expect(segment).toEqual([{ to_position: 1 }]);

  // The administrator sees the raw data.
  await page.getByTestId('tab-source').click();
  await expect(page.locator('.application-source')).toContainText('Транспорт туда');
  await shot(page, 'source-tab');
});

test('an excursion tour application takes its date, a stay in its hotel, a meal and a service; an avia one a transfer and no tourists', async ({ page }) => {
  const hotel = await insertHotelGround(db);
  const tour = await insertExcursionGround(db, hotel);
  const requesters = await insertRequesters(db);
  const [names] = await sql<{ tour: string; meal: string; service: string; city: string; client: string }>(
    `SELECT t.name AS tour, m.name AS meal, s.name AS service, c.name AS city, cl.full_name AS client
       FROM tours t, tour_meals m, tour_services s, cities c, clients cl WHERE t.id = $1 AND m.id = $2 AND s.id = $3 AND c.id = $4 AND cl.id = $5`,
    [tour.tourId, tour.mealId, tour.serviceId, hotel.cityId, requesters.clientId],
  );
  await ensureAdmin(page);
  await page.goto('/applications/create');
  await page.getByLabel('Тип заявки').selectOption({ label: 'Экскурсионный тур' });
  await pick(page, 'picker-applicationable_id', names!.tour);
  await pick(page, 'picker-requester_id', names!.client);
  await page.getByLabel('Дата тура').selectOption({ label: formatDate(tour.tourDate) });

  await page.getByTestId('tab-accommodations').click();
  await page.getByRole('button', { name: 'Добавить проживание' }).click();
  const stay = page.getByRole('dialog', { name: 'Добавление проживания' });
  await stay.getByLabel('Номер').selectOption({ index: 1 });
  await stay.getByPlaceholder('с ДД.ММ.ГГГГ').fill('10.06.2027');
  await stay.getByPlaceholder('по ДД.ММ.ГГГГ').fill('12.06.2027');
  await stay.getByTestId('accommodation-dialog-save').click();
  await expect(stay).toBeHidden();

  await page.getByTestId('tab-meals').click();
  await page.getByRole('button', { name: 'Добавить питание' }).click();
  const meal = page.getByRole('dialog', { name: 'Добавление питания' });
  await choose(meal, page, 'tour_meal_id', names!.meal);
  await shot(page, 'meal-dialog');
  await meal.getByTestId('meal-dialog-save').click();
  await expect(meal).toBeHidden();
  await expect(page.getByTestId('meals-row-0')).toContainText(names!.meal);
  await shot(page, 'meals-tab');

  await page.getByTestId('tab-services').click();
  await page.getByRole('button', { name: 'Добавить услугу' }).first().click();
  const service = page.getByRole('dialog', { name: 'Добавление услуги' });
  await choose(service, page, 'serviceable_id', names!.service);
  await service.getByTestId('service-dialog-save').click();
  await expect(service).toBeHidden();
  // The same service is not offered again in another table (the tour has no required services: that table has no add button).
  await page.getByRole('region', { name: 'Дополнительные услуги' }).getByRole('button', { name: 'Добавить услугу' }).click();
  const again = page.getByRole('dialog', { name: 'Добавление услуги' });
  await again.getByTestId('select-serviceable_id').click();
  await expect(page.getByRole('option', { name: names!.service, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await again.getByRole('button', { name: MESSAGES.list.cancel }).click();

  await page.getByTestId('tab-tourists').click();
  const tourist = await addTourist(page, { last: 'Соколов', first: 'Игорь', birthday: '11.11.1990', document: '4603333333' });
  await tourist.getByTestId('tourist-dialog-save').click();
  await expect(tourist).toBeHidden();
  await saveApplication(page, 'Новая');
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const read = await page.request.get(`/api/applications/${/\/applications\/(\d+)\/edit/.exec(page.url())![1]}`);
  const saved = ((await read.json()) as { data: { tour_date: string; meals: { tour_meal_id: number }[]; services: { serviceable_id: number }[]; accommodations: { hotel_id: number }[] } }).data;
  expect(saved.tour_date).toBe(tour.tourDate);
  expect(saved.meals.map((line) => line.tour_meal_id)).toEqual([tour.mealId]);
  expect(saved.services.map((line) => line.serviceable_id)).toEqual([tour.serviceId]);
  expect(saved.accommodations.map((row) => row.hotel_id)).toEqual([hotel.hotelId]);

  // Avia: no product, no tourists; a transfer there.
  await page.goto('/applications/create');
  await page.getByLabel('Тип заявки').selectOption({ label: 'Авиа' });
  await expect(page.getByTestId('picker-applicationable_id')).toHaveCount(0);
  await expect(page.getByTestId('tab-tourists')).toHaveCount(0);
  await pick(page, 'picker-requester_id', names!.client);
  await page.getByTestId('tab-transfers').click();
  await page.getByRole('button', { name: 'Добавить трансфер' }).first().click();
  const transfer = page.getByRole('dialog', { name: 'Добавление трансфера' });
  for (const field of ['from_city_id', 'to_city_id']) {
    await transfer.getByTestId(`select-${field}`).click();
    await page.getByRole('combobox', { name: MESSAGES.list.searchPlaceholder, expanded: true }).fill(names!.city);
    await page.getByRole('option', { name: names!.city, exact: true }).click();
    // The closing list stays in the page for a moment: the next field's list is the only one after it.
    await expect(page.getByRole('option', { name: names!.city, exact: true })).toHaveCount(0);
  }
  await choose(transfer, page, 'transfer_type', 'Авиа');
  await transfer.getByPlaceholder('с ДД.ММ.ГГГГ').fill('10.06.2027');
  await transfer.getByPlaceholder('по ДД.ММ.ГГГГ').fill('10.06.2027');
  await shot(page, 'transfer-dialog');
  await transfer.getByTestId('transfer-dialog-save').click();
  await expect(transfer).toBeHidden();
  await expect(page.getByTestId('transfer-forth-row-0')).toContainText(names!.city);
  await shot(page, 'transfers-tab');
  await saveApplication(page, 'Новая');
  await expect(page).toHaveURL(/\/applications\/\d+\/edit$/);
  const [stored] = await sql<{ transfer_type: number }>(
    `SELECT t.transfer_type FROM application_transfers t JOIN applications a ON a.id = t.application_id WHERE a.id = $1`,
    [Number(/\/applications\/(\d+)\/edit/.exec(page.url())![1])],
  );
  expect(stored).toEqual({ transfer_type: 3 });
});

test('an application that cannot be read says why, and Повторить shows it', async ({ page }) => {
  const [application] = await sql<{ id: number; number: string }>(`SELECT id, number FROM applications ORDER BY id DESC LIMIT 1`);
  await ensureAdmin(page);
  const refuse = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.errors.unexpected }) });
  await page.route(`**/api/applications/${application!.id}`, refuse);
  await page.goto(`/applications/${application!.id}/edit`);
  await expect(page.getByRole('heading', { name: MESSAGES.applications.editTitle })).toBeVisible();
  await expect(page.locator('.editor-page').getByText(MESSAGES.applications.loadFailed).first()).toBeVisible();
  await expect(page.getByTestId('editor-save')).toHaveCount(0);
  await shot(page, 'read-failure');
  await page.unroute(`**/api/applications/${application!.id}`);
  await page.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(page.getByTestId('application-heading')).toContainText(application!.number);
  await expect(page.getByTestId('editor-save')).toBeVisible();
});

test('a product and totals that cannot be read are said where they are missing, and Повторить reads them', async ({ page }) => {
  const hotel = await insertHotelGround(db);
  const [hotelRow] = await sql<{ name: string }>(`SELECT name FROM hotels WHERE id = $1`, [hotel.hotelId]);
  await ensureAdmin(page);
  const retry = (scope: Locator) => scope.getByRole('button', { name: MESSAGES.connection.retry });

  // The product cannot be read (deleted meanwhile): said above the tabs — not a hotel without rooms.
  const products = '**/api/applications/products/**';
  await page.route(products, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.http.notFound }) }));
  await page.goto('/applications/create');
  await pick(page, 'picker-applicationable_id', hotelRow!.name);
  const product = page.locator('.read-failure-part', { hasText: MESSAGES.applications.productReadFailed });
  await expect(product).toContainText(MESSAGES.http.notFound);
  await page.getByTestId('tab-accommodations').click();
  await expect(page.getByRole('button', { name: 'Добавить проживание' })).toHaveCount(0);
  await shot(page, 'product-read-failure');
  await page.unroute(products);
  await retry(product).click();
  await expect(product).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Добавить проживание' })).toBeVisible();

  // Without a requester and a stay the form cannot be priced: the block says what it lacks, and nothing is asked.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/calc-totals')) asked.push(request.url());
  });
  await page.getByTestId('tab-general').click();
  await page.getByLabel('Взрослых', { exact: true }).fill('2');
  const totals = page.getByRole('group', { name: 'Итоги' });
  const missing = MESSAGES.applications.totalsMissing;
  await expect(totals.getByTestId('totals-refusal')).toHaveText(MESSAGES.applications.totalsNeed([missing.requester, missing.stay]));
  await page.waitForTimeout(1000);
  expect(asked, 'calc-totals asked about a form that cannot be priced').toEqual([]);

  // The totals cannot be asked (a stored application's discount changed): the block says so in place of
  // sums of another form, and Повторить asks again.
  const [application] = await sql<{ id: number }>(`SELECT id FROM applications WHERE type = 1 AND status <> 7 ORDER BY id DESC LIMIT 1`);
  const calc = `**/api/applications/${application!.id}/calc-totals`;
  await page.route(calc, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.errors.unexpected }) }));
  await page.goto(`/applications/${application!.id}/edit`);
  await page.getByLabel('Скидка', { exact: true }).fill('1');
  await expect(totals.getByText(MESSAGES.applications.totalsFailed)).toBeVisible();
  await expect(totals.getByTestId('totals-price_total')).toHaveCount(0);
  await shot(page, 'totals-failure');
  await page.unroute(calc);
  await retry(totals).click();
  await expect(totals.getByText(MESSAGES.applications.totalsFailed)).toHaveCount(0);
  await expect(totals.getByTestId('totals-price_total')).toBeVisible();
});

test('seats taken by others that cannot be read are said in place of the scheme, never drawn free', async ({ page }) => {
  const bus = await insertBusGround(db);
  const [transport] = await sql<{ name: string }>(`SELECT name FROM transports WHERE id = $1`, [bus.transportId]);
  const departure = nextWeekday(new Date().toISOString().slice(0, 10), bus.weekday);
  await sql(`INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position) VALUES ($1, $2, 3, 0, 2)`, [bus.transportId, departure]);
  await ensureAdmin(page);
  const taken = (url: URL) => url.pathname === `/api/transports/${bus.transportId}/seats/taken`;
  await page.route(taken, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: MESSAGES.errors.unexpected }) }));

  await page.goto('/applications/create');
  await page.getByLabel('Тип заявки').selectOption({ label: 'Автобусный тур' });
  await pick(page, 'picker-applicationable_id', transport!.name);
  const data = await rideFirstStops(page, departure);
  await data.getByRole('tab', { name: 'Места' }).click();
  await expect(data.getByText(MESSAGES.applications.takenSeatsReadFailed)).toBeVisible();
  await expect(data.locator('[data-seat="3"]')).toHaveCount(0);
  await shot(page, 'taken-seats-failure');
  await page.unroute(taken);
  await data.getByRole('button', { name: MESSAGES.connection.retry }).click();
  await expect(data.locator('[data-seat="3"]')).toHaveAttribute('data-state', 'occupied');
  await expect(data.getByText(MESSAGES.applications.takenSeatsReadFailed)).toHaveCount(0);
});
