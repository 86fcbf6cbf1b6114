/**
 * Realistic staff users in bulk for the bench: Russian surnames, names and patronymics in both
 * genders, e-mails built from their Latin spelling, one constant password hash.
 */
import type pg from 'pg';
import { hashPassword } from '../auth/passwords.js';

// Surnames in the masculine form with their Latin spelling; the feminine adds "а"/"a".
const SURNAMES: [string, string][] = [
  ['Иванов', 'ivanov'], ['Смирнов', 'smirnov'], ['Кузнецов', 'kuznetsov'], ['Попов', 'popov'], ['Васильев', 'vasiliev'],
  ['Петров', 'petrov'], ['Соколов', 'sokolov'], ['Михайлов', 'mikhailov'], ['Новиков', 'novikov'], ['Фёдоров', 'fedorov'],
  ['Морозов', 'morozov'], ['Волков', 'volkov'], ['Алексеев', 'alekseev'], ['Лебедев', 'lebedev'], ['Семёнов', 'semenov'],
  ['Егоров', 'egorov'], ['Павлов', 'pavlov'], ['Козлов', 'kozlov'], ['Степанов', 'stepanov'], ['Николаев', 'nikolaev'],
  ['Орлов', 'orlov'], ['Андреев', 'andreev'], ['Макаров', 'makarov'], ['Никитин', 'nikitin'], ['Захаров', 'zakharov'],
  ['Зайцев', 'zaitsev'], ['Соловьёв', 'soloviev'], ['Борисов', 'borisov'], ['Яковлев', 'yakovlev'], ['Григорьев', 'grigoriev'],
  ['Романов', 'romanov'], ['Воробьёв', 'vorobiev'], ['Сергеев', 'sergeev'], ['Кузьмин', 'kuzmin'], ['Фролов', 'frolov'],
  ['Александров', 'aleksandrov'], ['Дмитриев', 'dmitriev'], ['Королёв', 'korolev'], ['Гусев', 'gusev'], ['Киселёв', 'kiselev'],
  ['Ильин', 'ilin'], ['Максимов', 'maksimov'], ['Поляков', 'polyakov'], ['Сорокин', 'sorokin'], ['Виноградов', 'vinogradov'],
  ['Ковалёв', 'kovalev'], ['Белов', 'belov'], ['Медведев', 'medvedev'], ['Антонов', 'antonov'], ['Тарасов', 'tarasov'],
  ['Жуков', 'zhukov'], ['Баранов', 'baranov'], ['Филиппов', 'filippov'], ['Комаров', 'komarov'], ['Давыдов', 'davydov'],
  ['Беляев', 'belyaev'], ['Герасимов', 'gerasimov'], ['Богданов', 'bogdanov'], ['Осипов', 'osipov'], ['Сидоров', 'sidorov'],
];
const MALE_NAMES: [string, string][] = [
  ['Александр', 'aleksandr'], ['Дмитрий', 'dmitry'], ['Максим', 'maksim'], ['Сергей', 'sergey'], ['Андрей', 'andrey'],
  ['Алексей', 'aleksey'], ['Артём', 'artem'], ['Илья', 'ilya'], ['Кирилл', 'kirill'], ['Михаил', 'mikhail'],
  ['Никита', 'nikita'], ['Матвей', 'matvey'], ['Роман', 'roman'], ['Егор', 'egor'], ['Арсений', 'arseny'],
  ['Иван', 'ivan'], ['Денис', 'denis'], ['Евгений', 'evgeny'], ['Даниил', 'daniil'], ['Тимофей', 'timofey'],
  ['Владимир', 'vladimir'], ['Павел', 'pavel'], ['Олег', 'oleg'], ['Николай', 'nikolay'], ['Виктор', 'viktor'],
];
const FEMALE_NAMES: [string, string][] = [
  ['Анна', 'anna'], ['Мария', 'maria'], ['Елена', 'elena'], ['Ольга', 'olga'], ['Наталья', 'natalia'],
  ['Екатерина', 'ekaterina'], ['Татьяна', 'tatiana'], ['Ирина', 'irina'], ['Светлана', 'svetlana'], ['Юлия', 'yulia'],
  ['Анастасия', 'anastasia'], ['Дарья', 'daria'], ['Ксения', 'ksenia'], ['Алина', 'alina'], ['Виктория', 'viktoria'],
  ['Полина', 'polina'], ['Марина', 'marina'], ['Софья', 'sofia'], ['Валерия', 'valeria'], ['Вероника', 'veronika'],
];
// Patronymic stems: + "ович"/"овна" style endings are irregular, so both forms are listed.
const PATRONYMICS: [string, string][] = [
  ['Александрович', 'Александровна'], ['Дмитриевич', 'Дмитриевна'], ['Сергеевич', 'Сергеевна'], ['Андреевич', 'Андреевна'],
  ['Алексеевич', 'Алексеевна'], ['Михайлович', 'Михайловна'], ['Иванович', 'Ивановна'], ['Николаевич', 'Николаевна'],
  ['Владимирович', 'Владимировна'], ['Павлович', 'Павловна'], ['Олегович', 'Олеговна'], ['Викторович', 'Викторовна'],
  ['Евгеньевич', 'Евгеньевна'], ['Петрович', 'Петровна'], ['Юрьевич', 'Юрьевна'], ['Игоревич', 'Игоревна'],
];
const DOMAINS = ['mail.ru', 'yandex.ru', 'gmail.com', 'tour-ops.ru', 'bk.ru', 'inbox.ru', 'rambler.ru', 'list.ru'];

/** One INSERT … SELECT over generate_series: deterministic, varied, about 200k rows in seconds. */
export async function fillUsers(client: pg.Client, count: number): Promise<void> {
  const passwordHash = await hashPassword('bench-user-password');
  // pick(array, seed) = a pseudo-random element, independent for each seed.
  const pick = (array: string, seed: number) => `(${array})[1 + (hashint4extended(g, ${seed}) & 2147483647) % cardinality(${array})]`;
  await client.query(
    `INSERT INTO users (surname, name, patronymic, email, password_hash, role, is_active, created_at, updated_at)
     SELECT p.surname, p.name, p.patronymic,
            lower(CASE g % 3 WHEN 0 THEN p.name_lat || '.' || p.surname_lat
                             WHEN 1 THEN left(p.name_lat, 1) || '.' || p.surname_lat
                             ELSE p.surname_lat || '.' || p.name_lat END) || g || '@' || p.domain,
            $8, CASE WHEN g % 50 = 0 THEN 1 WHEN g % 5 = 0 THEN 2 ELSE 3 END, g % 17 <> 0,
            now() - make_interval(mins => $9 - g), now()
       FROM generate_series(1, $9::int) AS g
       CROSS JOIN LATERAL (
         SELECT CASE WHEN female THEN s_ru || 'а' ELSE s_ru END AS surname,
                CASE WHEN female THEN s_lat || 'a' ELSE s_lat END AS surname_lat,
                CASE WHEN female THEN fn_ru ELSE mn_ru END AS name,
                CASE WHEN female THEN fn_lat ELSE mn_lat END AS name_lat,
                CASE WHEN g % 10 = 0 THEN NULL WHEN female THEN pf ELSE pm END AS patronymic,
                domain
           FROM (SELECT g % 2 = 0 AS female,
                        hashint4extended(g, 1) & 2147483647 AS sh,
                        hashint4extended(g, 2) & 2147483647 AS nh,
                        hashint4extended(g, 3) & 2147483647 AS ph,
                        ${pick('$7::text[]', 4)} AS domain) h
           CROSS JOIN LATERAL (SELECT ($1::text[])[1 + sh % cardinality($1::text[])] AS s_ru,
                                      ($2::text[])[1 + sh % cardinality($2::text[])] AS s_lat,
                                      ($3::text[])[1 + nh % cardinality($3::text[])] AS mn_ru,
                                      ($4::text[])[1 + nh % cardinality($4::text[])] AS mn_lat,
                                      ($5::text[])[1 + nh % cardinality($5::text[])] AS fn_ru,
                                      ($6::text[])[1 + nh % cardinality($6::text[])] AS fn_lat,
                                      ($10::text[])[1 + ph % cardinality($10::text[])] AS pm,
                                      ($11::text[])[1 + ph % cardinality($11::text[])] AS pf) picked
       ) p`,
    [
      SURNAMES.map(([ru]) => ru),
      SURNAMES.map(([, lat]) => lat),
      MALE_NAMES.map(([ru]) => ru),
      MALE_NAMES.map(([, lat]) => lat),
      FEMALE_NAMES.map(([ru]) => ru),
      FEMALE_NAMES.map(([, lat]) => lat),
      DOMAINS,
      passwordHash,
      count,
      PATRONYMICS.map(([male]) => male),
      PATRONYMICS.map(([, female]) => female),
    ],
  );
}

/**
 * Clients in bulk for the bench: the people of `users` (fill them first) with phones +79XXXXXXXXX,
 * every fourth without e-mail, one in a hundred still new. Rows `from`..`to` of users (by id).
 */
export async function fillClients(client: pg.Client, from: number, to: number): Promise<void> {
  await client.query(
    `INSERT INTO clients (surname, name, patronymic, phone, email, is_active, is_new, created_at, updated_at)
     SELECT surname, name, patronymic,
            '+79' || lpad(((id::bigint * 7919) % 1000000000)::text, 9, '0'),
            CASE WHEN id % 4 = 0 THEN NULL ELSE left(email, 50) END,
            is_active, id % 100 = 0, created_at, updated_at
       FROM (SELECT *, row_number() OVER (ORDER BY id) AS n FROM users) u
      WHERE n BETWEEN $1 AND $2
      ORDER BY id`,
    [from, to],
  );
}
