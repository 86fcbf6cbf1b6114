/**
 * Excursion tour services (spec 03 §2.9): what an excursion desk sells beside a tour — tickets,
 * guides, transfers, boat trips — of the three classes, each from an excursion vendor, with 1–3
 * seasonal price periods over the coming year (periods never share a day), some with a vendor's
 * price (the group class only), commissions and child age brackets. Every row is what the service's
 * dialog would save (shared/tour-services/schema.ts after its transforms).
 */
import { CommissionType } from '../../shared/commission.js';
import { ServiceClass, TOUR_SERVICE_LIMITS } from '../../shared/tour-services/constants.js';
import { addDays, declaredRows, reserveIds, roundRoubles } from './bulk.js';
import { ensureVendors, type FakeVendor } from './catalogue.js';
import { TOUR_SERVICE_AGGREGATE } from '../tour-services/tour-service.aggregate.js';
import type { FakeDataContext, FakeDataKind } from './kind.js';

const VENDORS: FakeVendor[] = [
  { name: 'ООО «Экскурсионное бюро Южный маршрут»', address: 'г. Сочи, Курортный пр., 18', email: 'excursions@yuzhmarshrut.ru', contact_name: 'Гончарова Вера Андреевна', contact_phone: '+79184420017', inn: '2320156789', ogrn: '1082320004512', contract_form: 'Агентский договор', payment_method: 'bank_transfer' },
  { name: 'ИП Лазарев Денис Игоревич (гиды)', address: 'г. Геленджик, ул. Революционная, 4', email: 'lazarev.guide@mail.ru', contact_name: 'Лазарев Денис Игоревич', contact_phone: '+79385512290', inn: '230406781234', ogrn: '318237500045671', contract_form: 'Прямой договор', payment_method: 'card' },
  { name: 'ООО «Морские прогулки Анапы»', address: 'г. Анапа, Пионерский пр., 1', email: 'boat@anapa-more.ru', contact_name: 'Белов Максим Олегович', contact_phone: '+79180012345', inn: '2301091234', ogrn: '1162301050123', contract_form: 'Договор поставки услуг', payment_method: 'offset' },
];

/** What is sold, with its class and the adult price level in roubles. */
const SERVICES = [
  { name: 'Обзорная экскурсия по городу', class: ServiceClass.Group, price: 1200 },
  { name: 'Канатная дорога', class: ServiceClass.Additional, price: 1500 },
  { name: 'Морская прогулка на катере', class: ServiceClass.Group, price: 1800 },
  { name: 'Индивидуальный гид', class: ServiceClass.Individual, price: 6000 },
  { name: 'Трансфер из аэропорта', class: ServiceClass.Individual, price: 2500 },
  { name: 'Дегустация вин', class: ServiceClass.Additional, price: 2200 },
  { name: 'Джиппинг в горы', class: ServiceClass.Group, price: 3500 },
  { name: 'Входной билет в дендрарий', class: ServiceClass.Additional, price: 600 },
  { name: 'Конная прогулка', class: ServiceClass.Group, price: 2800 },
  { name: 'Фотосессия с фотографом', class: ServiceClass.Individual, price: 4500 },
] as const;

const PLACES = ['Сочи', 'Анапа', 'Геленджик', 'Кисловодск', 'Абрау-Дюрсо', 'Красная Поляна', 'Новый Афон', 'Архыз'] as const;

const PERIODS = TOUR_SERVICE_AGGREGATE.collections.dates;

export const tourServicesKind: FakeDataKind = {
  name: 'tour_services',
  table: 'tour_services',
  async fill({ sql, faker, today }: FakeDataContext, count: number) {
    const vendors = [...(await ensureVendors(sql, VENDORS)).values()];
    const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM tour_services');
    const taken = rows[0]!.n;
    const ids = await reserveIds(sql, 'tour_services', count);
    // The tables as the service's declaration writes them.
    const services = declaredRows(TOUR_SERVICE_AGGREGATE, { id: 'integer' });
    const dates = declaredRows(PERIODS, { id: 'integer', service_id: 'integer' });
    const children = declaredRows(PERIODS.links!.child_prices, { date_id: 'integer' });
    const periods: { service: number; from: string; to: string; group: boolean; price: number }[] = [];

    ids.forEach((id, index) => {
      const number = taken + index;
      const kind = SERVICES[number % SERVICES.length]!;
      const place = PLACES[Math.floor(number / SERVICES.length) % PLACES.length]!;
      const round = Math.floor(number / (SERVICES.length * PLACES.length));
      // Unique names (case-insensitive): the place, then a numbered season once every pair is taken.
      const name = `${kind.name} (${place}${round > 0 ? `, ${round + 1}` : ''})`.slice(0, TOUR_SERVICE_LIMITS.name);
      services.push({ id, name, class: kind.class, vendor_id: faker.helpers.arrayElement(vendors), description: faker.datatype.boolean() ? `${kind.name}: ${place}, сбор у отеля` : null });
      // 1–3 seasons from today on, each 30–120 days, a gap of 0–20 days between them.
      let from = addDays(today, faker.number.int({ min: 0, max: 30 }));
      for (let season = faker.number.int({ min: 1, max: 3 }); season > 0; season--) {
        const to = addDays(from, faker.number.int({ min: 30, max: 120 }));
        periods.push({ service: id, from, to, group: kind.class === ServiceClass.Group, price: roundRoubles(kind.price * faker.number.int({ min: 80, max: 130 }) / 100) });
        from = addDays(to, faker.number.int({ min: 1, max: 20 }));
      }
    });

    const dateIds = await reserveIds(sql, 'tour_service_dates', periods.length);
    periods.forEach((period, index) => {
      const percent = faker.datatype.boolean();
      dates.push({
        id: dateIds[index],
        service_id: period.service,
        date_from: period.from,
        date_to: period.to,
        vendor_price: period.group && faker.datatype.boolean() ? roundRoubles((period.price * 70) / 100) : null,
        adult_price: period.price,
        commission_adult_type: percent ? CommissionType.Percent : CommissionType.Fixed,
        commission_adult_sum: percent ? faker.number.int({ min: 5, max: 20 }) : roundRoubles((period.price * 10) / 100),
        commission_child_type: CommissionType.Fixed,
        commission_child_sum: 0,
      });
      // Children: under 6 free or half price, 6 to 14 at a discount; some periods one bracket for all.
      if (faker.datatype.boolean()) {
        children.push({ date_id: dateIds[index], age_from: 0, age_to: 6, price: faker.datatype.boolean() ? 0 : roundRoubles(period.price / 2), position: 0 });
        children.push({ date_id: dateIds[index], age_from: 6, age_to: 14, price: roundRoubles((period.price * 70) / 100), position: 1 });
      } else {
        children.push({ date_id: dateIds[index], age_from: 0, age_to: 14, price: roundRoubles((period.price * 60) / 100), position: 0 });
      }
    });

    await services.insert(sql);
    await dates.insert(sql);
    await children.insert(sql);
  },
};
