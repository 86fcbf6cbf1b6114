/**
 * Hotels of the resorts a Russian tour operator sells (the Black Sea coast, the Caucasian mineral
 * waters, Kaliningrad, big cities), each with 2–6 rooms and 2–5 price periods per room over the
 * coming year: seasonal rouble prices per night (whole roubles, as the columns hold them), some rooms
 * priced per room (`is_total_price`), commissions on some hotels and periods. The handbooks a hotel
 * names (room types, place layouts, accommodations, meals, services, infrastructure, room
 * dictionaries, vendors, a promotion) are made first when missing. Every row is what the hotel
 * editor itself would save (shared/hotels/schema.ts after its transforms, the place layout's caps):
 * opened and saved unchanged, a hotel stays as it is.
 */
import { HOTEL_COMMISSION_CATEGORIES, PERIOD_COMMISSION_CATEGORIES, ROOM_ITEM_LISTS } from '../../shared/hotels/constants.js';
import { addDays, declaredRows, decimal, percentOf, reserveIds, roundRoubles } from './bulk.js';
import { slugOf } from '../../shared/slug.js';
import { ensureCities, ensureNamed, ensureVendors, type FakeVendor } from './catalogue.js';
import { HOTEL_AGGREGATE } from '../hotels/hotel.aggregate.js';
import type { FakeDataContext, FakeDataKind } from './kind.js';

type Faker = FakeDataContext['faker'];

/** Resort cities: where hotels stand, their coordinates, whether by the sea, and the price level (100 = the coast's average). */
const RESORTS = [
  { name: 'Анапа', lat: 44894, lon: 37316, kind: 'sea', level: 100, weight: 9 },
  { name: 'Сочи', lat: 43585, lon: 39723, kind: 'sea', level: 150, weight: 9 },
  { name: 'Геленджик', lat: 44561, lon: 38077, kind: 'sea', level: 120, weight: 6 },
  { name: 'Кабардинка', lat: 44650, lon: 37935, kind: 'sea', level: 105, weight: 3 },
  { name: 'Адлер', lat: 43428, lon: 39923, kind: 'sea', level: 130, weight: 4 },
  { name: 'Туапсе', lat: 44095, lon: 39073, kind: 'sea', level: 85, weight: 2 },
  { name: 'Витязево', lat: 44996, lon: 37271, kind: 'sea', level: 90, weight: 3 },
  { name: 'Архипо-Осиповка', lat: 44371, lon: 38532, kind: 'sea', level: 90, weight: 2 },
  { name: 'Ейск', lat: 46711, lon: 38276, kind: 'sea', level: 75, weight: 2 },
  { name: 'Кисловодск', lat: 43905, lon: 42716, kind: 'spa', level: 110, weight: 4 },
  { name: 'Пятигорск', lat: 44048, lon: 43059, kind: 'spa', level: 95, weight: 3 },
  { name: 'Ессентуки', lat: 44044, lon: 42864, kind: 'spa', level: 100, weight: 3 },
  { name: 'Зеленоградск', lat: 54959, lon: 20475, kind: 'sea', level: 110, weight: 2 },
  { name: 'Калининград', lat: 54710, lon: 20511, kind: 'city', level: 105, weight: 2 },
  { name: 'Казань', lat: 55796, lon: 49106, kind: 'city', level: 115, weight: 3 },
  { name: 'Санкт-Петербург', lat: 59939, lon: 30316, kind: 'city', level: 140, weight: 4 },
] as const;
type ResortKind = (typeof RESORTS)[number]['kind'];

/** Season price factors in percent by month (January first), by the sea and elsewhere. */
const SEASON = {
  sea: [65, 60, 65, 70, 85, 115, 145, 150, 110, 80, 65, 80],
  spa: [95, 90, 90, 95, 105, 115, 125, 125, 110, 100, 90, 110],
  city: [105, 90, 90, 95, 100, 115, 120, 115, 100, 95, 90, 120],
} satisfies Record<ResortKind, number[]>;

/** Hotel categories (shared/hotels/constants.ts ids), how a name starts, stars, the room types it has and how common it is in each kind of resort. */
const CATEGORIES = [
  { id: 1, prefixes: ['Отель', 'Гостиница'], stars: [3, 3, 4, 4, 5, 2], level: 110, weight: { sea: 40, spa: 30, city: 60 }, rooms: ['Эконом', 'Стандарт', 'Стандарт улучшенный', 'Комфорт', 'Семейный', 'Полулюкс', 'Люкс'] },
  { id: 2, prefixes: ['Гостевой дом'], stars: [0, 0, 1, 2], level: 70, weight: { sea: 18, spa: 10, city: 15 }, rooms: ['Эконом', 'Стандарт', 'Стандарт улучшенный', 'Семейный', 'Студия'] },
  { id: 3, prefixes: ['База отдыха'], stars: [0, 1, 2], level: 65, weight: { sea: 8, spa: 0, city: 0 }, rooms: ['Эконом', 'Стандарт', 'Семейный', 'Коттедж'] },
  { id: 4, prefixes: ['Санаторий'], stars: [3, 3, 4], level: 130, weight: { sea: 6, spa: 45, city: 0 }, rooms: ['Стандарт', 'Стандарт улучшенный', 'Семейный', 'Полулюкс', 'Люкс'] },
  { id: 5, prefixes: ['Пансионат'], stars: [2, 3, 3], level: 90, weight: { sea: 16, spa: 15, city: 0 }, rooms: ['Эконом', 'Стандарт', 'Стандарт улучшенный', 'Семейный', 'Полулюкс'] },
  { id: 6, prefixes: ['Апартаменты'], stars: [0, 3, 4], level: 100, weight: { sea: 10, spa: 0, city: 20 }, rooms: ['Студия', 'Апартаменты'] },
] as const;

/** Names of hotels by the kind of resort, and names any hotel may have. */
const HOTEL_NAMES: Record<ResortKind | 'any', string[]> = {
  sea: ['Бриз', 'Лазурный берег', 'Морская звезда', 'Парус', 'Чайка', 'Жемчужина', 'Золотой берег', 'Кипарис', 'Ривьера', 'Альбатрос', 'Дельфин', 'Нептун', 'Маяк', 'Фрегат', 'Волна', 'Пальмира', 'Фламинго', 'Афродита', 'Прибой', 'Тихая гавань', 'Морской бриз', 'Янтарный берег'],
  spa: ['Кавказ', 'Эльбрус', 'Горный воздух', 'Сосновый бор', 'Эдельвейс', 'Нарзан', 'Машук', 'Серебряный ключ', 'Родник', 'Бештау', 'Долина нарзанов', 'Казбек'],
  city: ['Гранд', 'Империал', 'Русь', 'Старый город', 'Центральная', 'Невский берег', 'Кремлёвская', 'Волжская', 'Купеческая', 'Сити'],
  any: ['Виктория', 'Аврора', 'Магнолия', 'Каштан', 'Платан', 'Лотос', 'Камелия', 'Изумруд', 'Олимп', 'Акварель', 'Светлана', 'Надежда', 'Ласточка', 'Усадьба', 'Солнечный', 'Медовый'],
};

const STREETS = ['ул. Пионерский проспект', 'ул. Набережная', 'ул. Приморская', 'ул. Курортная', 'ул. Морская', 'ул. Ленина', 'ул. Гагарина', 'ул. Садовая', 'ул. Парковая', 'ул. Солнечная', 'ул. Черноморская', 'ул. Горького'];

/** Handbooks: the rows a hotel and its rooms name. */
const ROOM_PLACES = [
  { name: 'Одноместное размещение', places_count: 1, adv_places_count: 0 },
  { name: 'Двухместное размещение', places_count: 2, adv_places_count: 0 },
  { name: 'Двухместное с доп. местом', places_count: 2, adv_places_count: 1 },
  { name: 'Двухместное с двумя доп. местами', places_count: 2, adv_places_count: 2 },
  { name: 'Трёхместное размещение', places_count: 3, adv_places_count: 0 },
  { name: 'Четырёхместное размещение', places_count: 4, adv_places_count: 0 },
  { name: 'Семейное: 4 основных и 2 доп. места', places_count: 4, adv_places_count: 2 },
];
type PlaceName = (typeof ROOM_PLACES)[number]['name'];

/** Room kinds: type, place layouts, area in m², price factor (percent of the hotel's), premises, priced per room. */
const ROOM_KINDS: { type: string; places: PlaceName[]; area: [number, number]; factor: number; premises: string[]; total?: boolean }[] = [
  { type: 'Эконом', places: ['Одноместное размещение', 'Двухместное размещение'], area: [10, 14], factor: 75, premises: ['Комната'] },
  { type: 'Стандарт', places: ['Двухместное размещение', 'Двухместное с доп. местом'], area: [16, 22], factor: 100, premises: ['Спальня', 'Санузел'] },
  { type: 'Стандарт улучшенный', places: ['Двухместное с доп. местом', 'Трёхместное размещение'], area: [20, 26], factor: 120, premises: ['Спальня', 'Санузел', 'Балкон'] },
  { type: 'Комфорт', places: ['Двухместное с доп. местом', 'Двухместное с двумя доп. местами'], area: [22, 28], factor: 135, premises: ['Спальня', 'Санузел', 'Балкон'] },
  { type: 'Семейный', places: ['Четырёхместное размещение', 'Семейное: 4 основных и 2 доп. места'], area: [30, 42], factor: 150, premises: ['Спальня', 'Детская', 'Санузел'] },
  { type: 'Полулюкс', places: ['Двухместное с доп. местом'], area: [28, 36], factor: 175, premises: ['Спальня', 'Гостиная', 'Санузел'] },
  { type: 'Люкс', places: ['Двухместное с двумя доп. местами'], area: [40, 60], factor: 240, premises: ['Спальня', 'Гостиная', 'Санузел', 'Балкон'] },
  { type: 'Студия', places: ['Двухместное с доп. местом'], area: [24, 32], factor: 125, premises: ['Комната', 'Кухня', 'Санузел'] },
  { type: 'Апартаменты', places: ['Четырёхместное размещение', 'Семейное: 4 основных и 2 доп. места'], area: [45, 70], factor: 210, premises: ['Спальня', 'Гостиная', 'Кухня', 'Санузел'], total: true },
  { type: 'Коттедж', places: ['Семейное: 4 основных и 2 доп. места'], area: [60, 90], factor: 260, premises: ['Спальня', 'Спальня', 'Гостиная', 'Кухня', 'Терраса'], total: true },
];

const ACCOMMODATIONS = ['Стандартное размещение', 'Семейное размещение', 'Размещение без подселения', 'Только для взрослых'];
const ROOM_DESCRIPTIONS = ['Вид на море', 'Вид на горы', 'Вид во двор', 'Вид на город', 'Вид на парк', 'Мансардный этаж'];
/** Meals with their category (MEAL_CATEGORIES) and a day's price per person. */
const MEALS = [
  { name: 'Без питания', category_type: 1, sum: 0 },
  { name: 'Завтрак', category_type: 2, sum: 550 },
  { name: 'Завтрак «шведский стол»', category_type: 2, sum: 750 },
  { name: 'Полупансион', category_type: 3, sum: 1400 },
  { name: 'Полный пансион', category_type: 4, sum: 2100 },
  { name: 'Всё включено', category_type: 5, sum: 3500 },
];
/** Hotel services with their site icon and price (0: included). */
const HOTEL_SERVICES = [
  { name: 'Беспроводной интернет', icon: 'wifi', sum: 0 },
  { name: 'Парковка', icon: 'parking', sum: 300 },
  { name: 'Открытый бассейн', icon: 'pool', sum: 0 },
  { name: 'Трансфер от вокзала', icon: 'transfer', sum: 1500 },
  { name: 'Прачечная', icon: 'laundry', sum: 400 },
  { name: 'Экскурсионное бюро', icon: 'excursions', sum: 0 },
  { name: 'Детская анимация', icon: 'kids', sum: 0 },
  { name: 'Ресторан', icon: 'restaurant', sum: 0 },
  { name: 'Спа-центр', icon: 'spa', sum: 1200 },
  { name: 'Тренажёрный зал', icon: 'gym', sum: 0 },
  { name: 'Размещение с животными', icon: 'pets', sum: 700 },
];
const INFRASTRUCTURE = [
  { type: 'Пляж', names: ['Галечный пляж', 'Песчаный пляж', 'Собственный пляж', 'Шезлонги и зонтики'] },
  { type: 'Питание', names: ['Ресторан', 'Бар у бассейна', 'Кафе', 'Столовая'] },
  { type: 'Отдых и развлечения', names: ['Открытый бассейн', 'Крытый бассейн', 'Сауна', 'Бильярд', 'Беседки с мангалом'] },
  { type: 'Для детей', names: ['Детская площадка', 'Детский клуб', 'Детский бассейн'] },
  { type: 'Спорт', names: ['Тренажёрный зал', 'Теннисный корт', 'Волейбольная площадка'] },
];
const ROOM_SERVICES = ['Ежедневная уборка', 'Смена белья', 'Доставка еды в номер', 'Утюг по запросу'];
const ROOM_EQUIPMENT = ['Кондиционер', 'Телевизор', 'Холодильник', 'Фен', 'Сейф', 'Электрический чайник', 'Мини-бар', 'Микроволновая печь'];
const ROOM_FURNITURE = ['Двуспальная кровать', 'Две односпальные кровати', 'Диван-кровать', 'Шкаф для одежды', 'Письменный стол', 'Кресло', 'Обеденный стол'];
const ROOM_BATHROOMS = ['Душевая кабина', 'Ванна', 'Санузел в номере', 'Санузел на этаже'];

const PROMOTIONS = [
  { name: 'Раннее бронирование', description: 'Скидка при оплате за 60 дней до заезда.', discount: true, percent: 10 },
  { name: 'Длительное проживание', description: 'Скидка при проживании от 10 ночей.', discount: true, percent: 7 },
];

const HOTEL_VENDORS: FakeVendor[] = [
  { name: 'ООО «Черноморские курорты»', address: 'г. Анапа, ул. Крымская, 99', email: 'booking@chernomor-kurort.ru', contact_name: 'Карпенко Ольга Викторовна', contact_phone: '+79184561230', inn: '2301078456', ogrn: '1122301000456', contract_form: 'Агентский договор', payment_method: 'bank_transfer' },
  { name: 'ООО «Кубань-Тур»', address: 'г. Краснодар, ул. Красная, 122', email: 'hotels@kuban-tur.ru', contact_name: 'Мельников Артём Сергеевич', contact_phone: '+79615203344', inn: '2310134578', ogrn: '1092310004571', contract_form: 'Договор комиссии', payment_method: 'bank_transfer' },
  { name: 'АО «Кавминкурорт»', address: 'г. Кисловодск, пр. Победы, 27', email: 'sales@kavminkurort.ru', contact_name: 'Тамбиева Мадина Руслановна', contact_phone: '+79283417755', inn: '2628012345', ogrn: '1022601315511', contract_form: 'Договор поставки услуг', payment_method: 'bank_transfer' },
  { name: 'ИП Арутюнян Гарик Самвелович', address: 'г. Сочи, ул. Навагинская, 9', email: 'garik.arutyunyan@mail.ru', contact_name: 'Арутюнян Гарик Самвелович', contact_phone: '+79882345671', inn: '231905674312', ogrn: '315236700012345', contract_form: 'Прямой договор', payment_method: 'card' },
  { name: 'ООО «Балтийский берег»', address: 'г. Калининград, Ленинский пр., 30', email: 'info@baltbereg.ru', contact_name: 'Соколова Ирина Павловна', contact_phone: '+79062134455', inn: '3906345671', ogrn: '1153926012345', contract_form: 'Агентский договор', payment_method: 'offset' },
];

const between = (faker: Faker, min: number, max: number) => faker.number.int({ min, max });
const chance = (faker: Faker, percent: number) => faker.number.int(99) < percent;
/** Degrees from millionths of a degree: `44894512` → `44.894512` (the column holds 10 characters). */
const coordinate = (millionths: number) => `${Math.trunc(millionths / 1_000_000)}.${String(millionths % 1_000_000).padStart(6, '0')}`;
const ages = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
/** The first day of the month `months` after the month of `iso`. */
const monthStart = (iso: string, months: number) => {
  const date = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
};

interface Handbooks {
  cities: Map<string, number>;
  places: Map<string, number>;
  roomTypes: Map<string, number>;
  accommodations: Map<string, number>;
  descriptions: Map<string, number>;
  meals: Map<string, number>;
  services: Map<string, number>;
  infrastructures: { id: number; type: string }[];
  roomServices: number[];
  equipment: number[];
  furniture: number[];
  bathrooms: Map<string, number>;
  promotions: number[];
  vendors: number[];
}

/** The handbook rows hotels name, made when missing. */
async function hotelHandbooks(sql: FakeDataContext['sql'], today: string): Promise<Handbooks> {
  const named = (table: string, names: readonly string[]) => ensureNamed(sql, table, { name: 'varchar' }, names.map((name) => ({ name })));
  const types = await named('infrastructure_types', INFRASTRUCTURE.map((group) => group.type));
  const infrastructureRows = INFRASTRUCTURE.flatMap((group) => group.names.map((name) => ({ name, infrastructure_type_id: types.get(group.type)! })));
  const infrastructures = await ensureNamed(sql, 'infrastructures', { name: 'varchar', infrastructure_type_id: 'integer' }, infrastructureRows);
  return {
    cities: await ensureCities(sql, RESORTS.map((resort) => resort.name)),
    places: await ensureNamed(sql, 'room_places', { name: 'varchar', places_count: 'integer', adv_places_count: 'integer' }, ROOM_PLACES),
    roomTypes: await named('room_types', ROOM_KINDS.map((kind) => kind.type)),
    accommodations: await named('accommodations', ACCOMMODATIONS),
    descriptions: await named('room_descriptions', ROOM_DESCRIPTIONS),
    meals: await ensureNamed(sql, 'meals', { name: 'varchar', category_type: 'smallint' }, MEALS),
    services: await ensureNamed(sql, 'hotel_services', { name: 'varchar', icon: 'varchar' }, HOTEL_SERVICES),
    infrastructures: infrastructureRows.map((row) => ({ id: infrastructures.get(row.name)!, type: INFRASTRUCTURE.find((group) => types.get(group.type) === row.infrastructure_type_id)!.type })),
    roomServices: [...(await named('room_services', ROOM_SERVICES)).values()],
    equipment: [...(await named('room_equipment', ROOM_EQUIPMENT)).values()],
    furniture: [...(await named('room_furniture', ROOM_FURNITURE)).values()],
    bathrooms: await named('room_bathrooms', ROOM_BATHROOMS),
    promotions: [
      ...(
        await ensureNamed(
          sql,
          'promotions',
          { name: 'varchar', description: 'text', discount: 'boolean', percent: 'smallint', date_from: 'date', date_to: 'date' },
          PROMOTIONS.map((promotion) => ({ ...promotion, date_from: today, date_to: addDays(today, 180) })),
        )
      ).values(),
    ],
    vendors: [...(await ensureVendors(sql, HOTEL_VENDORS)).values()],
  };
}

/**
 * Commission fields as the editor saves them (shared/hotels/schema.ts resetCommission): without
 * differentiation a general percent and every category fixed 0; with it, the general sum 0 and a
 * percent or a fixed sum per category.
 */
function commission<const Category extends string>(faker: Faker, categories: readonly Category[], options: { differentiate: number; general: [number, number] | null }) {
  const differentiate = chance(faker, options.differentiate);
  const general = differentiate || !options.general ? 0 : between(faker, ...options.general);
  // Each category's pair, named as the declaration's columns are (commission_adult_type, commission_adult_sum, …).
  const pairs: Record<string, number> = {};
  for (const category of categories) {
    // Differentiated: a percent per person, or (meals, now and then) a fixed sum in roubles.
    const percent = category !== 'meal' || chance(faker, 50);
    pairs[`commission_${category}_type`] = differentiate && percent ? 2 : 1;
    pairs[`commission_${category}_sum`] = !differentiate ? 0 : percent ? between(faker, 5, 15) : between(faker, 2, 10) * 100;
  }
  return {
    is_differentiate: differentiate,
    commission_general_sum: general,
    ...(pairs as Record<`commission_${Category}_${'type' | 'sum'}`, number>),
  };
}

export const hotelsKind: FakeDataKind = {
  name: 'hotels',
  table: 'hotels',
  async fill({ sql, faker, today }, count) {
    const handbooks = await hotelHandbooks(sql, today);
    const { rows: taken } = await sql.query<{ city_id: number; name: string; slug: string }>('SELECT city_id, lower(name) AS name, lower(slug) AS slug FROM hotels');
    const takenNames = new Set(taken.map((row) => `${row.city_id}:${row.name}`));
    const takenSlugs = new Set(taken.map((row) => row.slug));

    // The tables as the hotel's declaration writes them (no uploads: the fake data makes none).
    const hotels = declaredRows(HOTEL_AGGREGATE, { id: 'integer' });
    const hotelServices = declaredRows(HOTEL_AGGREGATE.links.services, { hotel_id: 'integer' });
    const hotelMeals = declaredRows(HOTEL_AGGREGATE.links.meals, { hotel_id: 'integer' });
    const hotelInfrastructures = declaredRows(HOTEL_AGGREGATE.links.infrastructures, { hotel_id: 'integer' });
    const room = HOTEL_AGGREGATE.collections.rooms;
    const rooms = declaredRows(room, { id: 'integer', hotel_id: 'integer' });
    const roomItems = Object.fromEntries(ROOM_ITEM_LISTS.map((list) => [list, declaredRows(room.links![list], { room_id: 'integer' })]));
    const roomMeals = declaredRows(room.links!.meals, { room_id: 'integer' });
    const roomAges = declaredRows(room.links!.ages, { room_id: 'integer' });
    const premises = declaredRows(room.collections!.premises, { room_id: 'integer' });
    const prices = declaredRows(room.collections!.dates, { room_id: 'integer' });

    const hotelIds = await reserveIds(sql, 'hotels', count);
    const roomCounts = hotelIds.map(() => between(faker, 2, 6));
    const roomIds = await reserveIds(sql, 'hotel_rooms', roomCounts.reduce((sum, rooms) => sum + rooms, 0));
    let nextRoom = 0;
    const yearStart = monthStart(today, 0);
    const mealNames = MEALS.map((meal) => meal.name);

    hotelIds.forEach((hotelId, hotelIndex) => {
      const resort = faker.helpers.weightedArrayElement(RESORTS.map((value) => ({ weight: value.weight, value })));
      const cityId = handbooks.cities.get(resort.name)!;
      const category = faker.helpers.weightedArrayElement(CATEGORIES.filter((value) => value.weight[resort.kind] > 0).map((value) => ({ weight: value.weight[resort.kind], value })));
      const names = [...HOTEL_NAMES[resort.kind], ...HOTEL_NAMES.any];
      // A name once per city (the quoted part too: no «Маяк» hotel beside a «Маяк» boarding house).
      let name = '';
      let quoted = '';
      for (let attempt = 0; !name || takenNames.has(`${cityId}:${name.toLowerCase()}`) || takenNames.has(`${cityId}:${quoted.toLowerCase()}`); attempt++) {
        quoted = `«${faker.helpers.arrayElement(names)}»${attempt > 20 ? ` ${attempt}` : ''}`;
        name = `${faker.helpers.arrayElement(category.prefixes)} ${quoted}`;
      }
      takenNames.add(`${cityId}:${name.toLowerCase()}`);
      takenNames.add(`${cityId}:${quoted.toLowerCase()}`);
      let slug = `${slugOf(name)}-${slugOf(resort.name)}`;
      for (let number = 2; takenSlugs.has(slug); number++) slug = `${slugOf(name)}-${slugOf(resort.name)}-${number}`;
      takenSlugs.add(slug);
      const stars = faker.helpers.arrayElement(category.stars);
      // The hotel's price level: an adult's night in a standard room at the average season.
      const level = roundRoubles(Math.round((2_200 * resort.level * category.level * (80 + stars * 15)) / 1_000_000), 100);

      // Meals it offers (one to three, "Без питания" or a board first), services, infrastructure.
      const mealChoice = faker.helpers.arrayElements(category.id === 4 ? ['Полный пансион', 'Полупансион'] : mealNames, between(faker, 1, category.id === 4 ? 2 : 3));
      mealChoice.forEach((meal, position) => hotelMeals.push({ hotel_id: hotelId, item_id: handbooks.meals.get(meal)!, sum: MEALS.find((row) => row.name === meal)!.sum, position }));
      const serviceChoice = faker.helpers.arrayElements(HOTEL_SERVICES, between(faker, 3, 7));
      serviceChoice.forEach((service, position) => hotelServices.push({ hotel_id: hotelId, item_id: handbooks.services.get(service.name)!, sum: service.sum, position }));
      const infrastructureChoice = faker.helpers.arrayElements(
        handbooks.infrastructures.filter((item) => resort.kind === 'sea' || item.type !== 'Пляж'),
        between(faker, 2, 6),
      );
      infrastructureChoice.forEach((item, position) => hotelInfrastructures.push({ hotel_id: hotelId, item_id: item.id, pay: chance(faker, 25), position }));

      // Seasons: 2–5 periods covering the coming year, cut at month starts — most likely where the
      // resort's prices change most (the start of summer by the sea) — every room shares them.
      const periodCount = between(faker, 2, 5);
      const monthOf = (offset: number) => Number(monthStart(yearStart, offset).slice(5, 7)) - 1;
      const candidates = ages(1, 11).map((offset) => ({ value: offset, weight: 1 + Math.abs(SEASON[resort.kind][monthOf(offset)]! - SEASON[resort.kind][monthOf(offset - 1)]!) }));
      const cuts: number[] = [];
      while (cuts.length < periodCount - 1) cuts.push(faker.helpers.weightedArrayElement(candidates.filter((candidate) => !cuts.includes(candidate.value))));
      cuts.sort((a, b) => a - b);
      const bounds = [0, ...cuts, 12];
      const seasons = bounds.slice(1).map((end, index) => {
        const start = bounds[index]!;
        const months = ages(start, end - 1).map(monthOf);
        const factors = months.map((month) => SEASON[resort.kind][month]!);
        return { from: monthStart(yearStart, start), to: addDays(monthStart(yearStart, end), -1), factor: Math.round(factors.reduce((sum, factor) => sum + factor, 0) / factors.length) };
      });

      let cheapest = Number.MAX_SAFE_INTEGER;
      const kinds = ROOM_KINDS.filter((kind) => (category.rooms as readonly string[]).includes(kind.type));
      const roomKinds = faker.helpers.arrayElements(kinds, Math.min(kinds.length, roomCounts[hotelIndex]!));
      // A hotel of few kinds repeats them with another place layout or view.
      while (roomKinds.length < roomCounts[hotelIndex]!) roomKinds.push(faker.helpers.arrayElement(kinds));
      roomKinds.sort((a, b) => a.factor - b.factor);

      roomKinds.forEach((kind, position) => {
        const roomId = roomIds[nextRoom++]!;
        const placeName = faker.helpers.arrayElement(kind.places);
        const place = ROOM_PLACES.find((row) => row.name === placeName)!;
        // Counts within the layout (shared/hotels/rules.ts roomCaps): adults first, children on what is left.
        const adults = place.places_count >= 3 && chance(faker, 60) ? place.places_count - 1 : place.places_count;
        const children = place.places_count - adults;
        const advAdults = place.adv_places_count > 0 && chance(faker, 50) ? place.adv_places_count : 0;
        const advChildren = place.adv_places_count - advAdults;
        const childWithout = chance(faker, 40) ? 1 : 0;
        const childrenInAdultPlaces = adults > 0 && chance(faker, 25);
        const quota = chance(faker, 30);
        rooms.push({
          id: roomId,
          hotel_id: hotelId,
          position,
          type_id: handbooks.roomTypes.get(kind.type)!,
          description_id: chance(faker, 70) ? handbooks.descriptions.get(resort.kind === 'sea' && chance(faker, 60) ? 'Вид на море' : faker.helpers.arrayElement(ROOM_DESCRIPTIONS.slice(1)))! : null,
          accommodation_id: handbooks.accommodations.get(children > 0 || advChildren > 0 ? 'Семейное размещение' : faker.helpers.arrayElement(ACCOMMODATIONS))!,
          place_id: handbooks.places.get(placeName)!,
          quota,
          quota_count: quota ? between(faker, 2, 15) : null,
          adult_count: adults,
          child_count: children,
          adv_adult_count: advAdults,
          adv_child_count: advChildren,
          child_without: childWithout,
          is_children_in_adult_places: childrenInAdultPlaces,
          is_children_in_adv_adult_places: false,
          area: `${between(faker, ...kind.area)} м²`,
        });
        const ageList = (type: number, list: number[]) => list.forEach((age, index) => roomAges.push({ room_id: roomId, type, age, position: index }));
        if (children > 0) ageList(1, ages(between(faker, 2, 4), between(faker, 11, 13)));
        if (childWithout > 0) ageList(2, ages(0, between(faker, 2, 4)));
        if (advChildren > 0) ageList(3, ages(between(faker, 3, 5), between(faker, 11, 13)));
        if (childrenInAdultPlaces) ageList(4, ages(between(faker, 12, 14), 17));

        // Room meals: some of the hotel's (never none); room lists of dictionary rows.
        faker.helpers.arrayElements(mealChoice, between(faker, 1, mealChoice.length)).forEach((meal, index) => roomMeals.push({ room_id: roomId, item_id: handbooks.meals.get(meal)!, position: index }));
        const list = (name: string, ids: number[], sum: () => number) => ids.forEach((itemId, index) => roomItems[name]!.push({ room_id: roomId, item_id: itemId, sum: sum(), position: index }));
        list('services', faker.helpers.arrayElements(serviceChoice, between(faker, 0, 2)).map((service) => handbooks.services.get(service.name)!), () => 0);
        list('r_services', faker.helpers.arrayElements(handbooks.roomServices, between(faker, 0, 2)), () => (chance(faker, 30) ? between(faker, 2, 8) * 100 : 0));
        list('r_equipments', faker.helpers.arrayElements(handbooks.equipment, between(faker, 2, 5)), () => 0);
        list('r_furnitures', faker.helpers.arrayElements(handbooks.furniture, between(faker, 1, 3)), () => 0);
        list('r_bathrooms', [handbooks.bathrooms.get(category.id === 2 && chance(faker, 30) ? 'Санузел на этаже' : faker.helpers.arrayElement(['Душевая кабина', 'Ванна', 'Санузел в номере']))!], () => 0);
        kind.premises.forEach((premisesName, index) => premises.push({ room_id: roomId, position: index, name: premisesName, area: decimal(between(faker, 6, premisesName === 'Санузел' ? 12 : 44) * 5, 1) }));

        // Price periods: per person a night (adults, children, extra places), or per room for apartments and cottages.
        const totalPrice = kind.total === true || (category.id === 6 && chance(faker, 50));
        const adult = percentOf(level, kind.factor, 100);
        seasons.forEach((season) => {
          const adultPrice = percentOf(adult, season.factor);
          cheapest = Math.min(cheapest, adultPrice);
          prices.push({
            room_id: roomId,
            date_from: season.from,
            date_to: season.to,
            is_total_price: totalPrice,
            total_price: totalPrice ? percentOf(adultPrice, place.places_count * 85, 100) : null,
            adult_price: totalPrice ? null : adultPrice,
            child_price: totalPrice ? null : percentOf(adultPrice, 70),
            child_without_price: childWithout > 0 ? percentOf(adultPrice, 15) : 0,
            adv_adult_price: place.adv_places_count > 0 ? percentOf(adultPrice, 65) : 0,
            adv_child_price: place.adv_places_count > 0 ? percentOf(adultPrice, 50) : 0,
            ...commission(faker, PERIOD_COMMISSION_CATEGORIES, { differentiate: 10, general: chance(faker, 20) ? [3, 10] : null }),
          });
        });
      });

      const street = faker.helpers.arrayElement(STREETS);
      const jitter = () => between(faker, -30, 30);
      const autoConfirm = chance(faker, 20);
      const cityName = resort.name;
      hotels.push({
        id: hotelId,
        city_id: cityId,
        name,
        slug,
        address: `${street}, ${between(faker, 1, 180)}`,
        latitude: coordinate((resort.lat + jitter()) * 1000 + between(faker, 0, 999)),
        longitude: coordinate((resort.lon + jitter()) * 1000 + between(faker, 0, 999)),
        category_type: category.id,
        stars,
        rating: decimal(between(faker, 72, 98), 1),
        arrival_time: faker.helpers.arrayElement(['12:00', '14:00', '14:00', '15:00']),
        departure_time: faker.helpers.arrayElement(['10:00', '11:00', '12:00', '12:00']),
        vendor_id: chance(faker, 70) ? faker.helpers.arrayElement(handbooks.vendors) : null,
        promotion_id: chance(faker, 15) ? faker.helpers.arrayElement(handbooks.promotions) : null,
        description: `<p>${name} — ${resort.kind === 'sea' ? 'в пешей доступности от моря' : 'в тихом районе недалеко от центра'}, ${cityName}. ${faker.helpers.arrayElement([
          'Уютные номера с ремонтом, зелёная территория и внимательный персонал.',
          'Номера с кондиционером и балконом, своя парковка и кафе на территории.',
          'Просторная территория, бассейн, детская площадка и беседки для отдыха.',
          'Современный корпус, лечебные программы и сбалансированное питание.',
        ])}</p><p>Расчётный час — ${hotelIndex % 2 === 0 ? '12:00' : 'по договорённости'}. Дети до 3 лет без места размещаются бесплатно.</p>`,
        short_description: `${CATEGORIES.find((row) => row.id === category.id)!.prefixes[0]} в городе ${cityName}${stars > 0 ? `, ${stars}★` : ''}.`,
        info: JSON.stringify(faker.helpers.arrayElements(['Заезд с 14:00, выезд до 12:00', 'Детская кроватка по запросу', 'Курение на территории запрещено', 'Трансфер от вокзала за доплату', 'Бесплатная парковка', 'Можно с животными до 5 кг'], between(faker, 1, 3))),
        is_excursion: false,
        is_search_priority: chance(faker, 10),
        application_auto_confirm: autoConfirm,
        auto_confirm_status: autoConfirm ? faker.helpers.arrayElement([3, 5]) : null,
        sea_distance: resort.kind === 'sea' ? between(faker, 1, 6) : null,
        site_url: chance(faker, 40) ? `https://${slug}.ru` : null,
        site_description: null,
        // The catalogue shows the cheapest night of an adult (whole roubles).
        catalog_price: cheapest,
        catalog_sort: chance(faker, 30) ? between(faker, 1, 100) : null,
        seo_h1: name,
        seo_title: `${name}, ${cityName} — цены на ${yearStart.slice(0, 4)} год`,
        seo_description: `Бронирование: ${name}, ${cityName}. Цены от туроператора, питание и трансфер.`,
        ...commission(faker, HOTEL_COMMISSION_CATEGORIES, { differentiate: 20, general: [8, 15] }),
      });
    });

    await hotels.insert(sql);
    for (const rows of [hotelServices, hotelMeals, hotelInfrastructures, rooms, ...Object.values(roomItems), roomMeals, roomAges, premises, prices]) await rows.insert(sql);
  },
};
