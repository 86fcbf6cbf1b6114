/**
 * The words of the fake data, from @faker-js/faker's Russian locale: surnames, names and
 * patronymics of both sexes, cities, streets, company words. A bulk fill draws from these inside
 * PostgreSQL (generate_series), so a million people cost one INSERT, not a million round trips.
 */
import { fakerRU, type Faker } from '@faker-js/faker';
import { slugOf } from '../../shared/slug.js';

/** One seed for every run: the same sizes give the same office. */
export const FAKE_DATA_SEED = 20_251_123;

export function seededFaker(seed = FAKE_DATA_SEED): Faker {
  fakerRU.seed(seed);
  return fakerRU;
}

/** A word in Latin letters and digits only, for e-mail addresses and logins: the product's one transliteration (shared/slug.ts). */
export const latin = (word: string) => slugOf(word).replace(/-/g, '');

export interface PeopleWords {
  surnames: { male: string[]; female: string[] };
  names: { male: string[]; female: string[] };
  patronymics: { male: string[]; female: string[] };
}

/** The locale's own lists of Russian surnames, first names and patronymics. */
export function peopleWords(faker: Faker = fakerRU): PeopleWords {
  const person = faker.rawDefinitions.person!;
  const bySex = (words: unknown) => words as { male: string[]; female: string[] };
  return {
    surnames: bySex(person.last_name),
    names: bySex(person.first_name),
    patronymics: bySex(person.middle_name),
  };
}

/** Free mail domains of Russian offices and people. */
export const MAIL_DOMAINS = ['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru', 'inbox.ru', 'rambler.ru', 'list.ru', 'ya.ru'];
