/**
 * The words of the fake data, from @faker-js/faker's Russian locale: surnames, names and
 * patronymics of both sexes, cities, streets, company words. A bulk fill draws from these inside
 * PostgreSQL (generate_series), so a million people cost one INSERT, not a million round trips.
 */
import { fakerRU, type Faker } from '@faker-js/faker';

/** One seed for every run: the same sizes give the same office. */
export const FAKE_DATA_SEED = 20_251_123;

export function seededFaker(seed = FAKE_DATA_SEED): Faker {
  fakerRU.seed(seed);
  return fakerRU;
}

// Russian to Latin for e-mail addresses (the spelling of Russian passports, ICAO 9303).
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'i', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: 'ie', ы: 'y',
  ь: '', э: 'e', ю: 'iu', я: 'ia',
};
export const latin = (word: string) => [...word.toLowerCase()].map((char) => LATIN[char] ?? (/[a-z0-9]/.test(char) ? char : '')).join('');

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
