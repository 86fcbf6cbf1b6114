/**
 * Russian people in bulk inside PostgreSQL: one INSERT … SELECT over generate_series draws each
 * row's sex, surname, name, patronymic and e-mail from the locale's words (vocabulary.ts), by a
 * hash of the row number, so the result is varied, the same on every run, and a million rows take
 * seconds. Staff users and clients share it (one person entity, as in server/common/entities).
 */
import type pg from 'pg';
import { latin, MAIL_DOMAINS, peopleWords, type PeopleWords } from './vocabulary.js';

/**
 * `count` people numbered `offset + 1 …`: columns surname, name, patronymic (one in ten has none),
 * email (unique: it holds the number) and n (the row number). Parameters: `peopleParameters()`.
 */
export const PEOPLE_SQL = `
  SELECT p.surname, p.name, p.patronymic, p.n,
         lower(CASE p.n % 3 WHEN 0 THEN p.name_lat || '.' || p.surname_lat
                            WHEN 1 THEN left(p.name_lat, 1) || '.' || p.surname_lat
                            ELSE p.surname_lat || '.' || p.name_lat END) || p.n || '@' || p.domain AS email
    FROM (SELECT g AS n,
                 (CASE WHEN female THEN $2::text[] ELSE $1::text[] END)[1 + hs % CASE WHEN female THEN cardinality($2::text[]) ELSE cardinality($1::text[]) END] AS surname,
                 (CASE WHEN female THEN $8::text[] ELSE $7::text[] END)[1 + hs % CASE WHEN female THEN cardinality($2::text[]) ELSE cardinality($1::text[]) END] AS surname_lat,
                 (CASE WHEN female THEN $4::text[] ELSE $3::text[] END)[1 + hn % CASE WHEN female THEN cardinality($4::text[]) ELSE cardinality($3::text[]) END] AS name,
                 (CASE WHEN female THEN $10::text[] ELSE $9::text[] END)[1 + hn % CASE WHEN female THEN cardinality($4::text[]) ELSE cardinality($3::text[]) END] AS name_lat,
                 CASE WHEN g % 10 = 0 THEN NULL
                      ELSE (CASE WHEN female THEN $6::text[] ELSE $5::text[] END)[1 + hp % CASE WHEN female THEN cardinality($6::text[]) ELSE cardinality($5::text[]) END] END AS patronymic,
                 ($11::text[])[1 + hd % cardinality($11::text[])] AS domain
            FROM generate_series($12::int + 1, $12::int + $13::int) AS g
           CROSS JOIN LATERAL (SELECT g % 2 = 0 AS female,
                                      hashint4extended(g, 1) & 2147483647 AS hs,
                                      hashint4extended(g, 2) & 2147483647 AS hn,
                                      hashint4extended(g, 3) & 2147483647 AS hp,
                                      hashint4extended(g, 4) & 2147483647 AS hd) h
         ) p`;

/** `$1…$13` of PEOPLE_SQL: the words (Cyrillic, then their Latin spellings), domains, the first number and how many. */
export function peopleParameters(offset: number, count: number, words: PeopleWords = peopleWords()): unknown[] {
  const { surnames, names, patronymics } = words;
  const spelled = (list: string[]) => list.map(latin);
  return [
    surnames.male,
    surnames.female,
    names.male,
    names.female,
    patronymics.male,
    patronymics.female,
    spelled(surnames.male),
    spelled(surnames.female),
    spelled(names.male),
    spelled(names.female),
    MAIL_DOMAINS,
    offset,
    count,
  ];
}

/** Runs `INSERT … SELECT … FROM (PEOPLE_SQL) person` in slices, so a million rows never make one huge transaction. */
export async function insertPeople(
  sql: pg.Client,
  count: number,
  insert: (people: string) => string,
  options: { offset?: number; slice?: number } = {},
): Promise<void> {
  const words = peopleWords();
  const { offset = 0, slice = 250_000 } = options;
  for (let done = 0; done < count; done += slice) {
    await sql.query(insert(`(${PEOPLE_SQL}) person`), peopleParameters(offset + done, Math.min(slice, count - done), words));
  }
}
