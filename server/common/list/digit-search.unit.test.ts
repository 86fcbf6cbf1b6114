/** How the search box text is read as digits (digit-search.ts); the list tests check what the indexes find. */
import { describe, expect, it } from 'vitest';
import { digitConditions, digitMatchIdsSql, digitQuery } from './digit-search.js';

const phones = { phones: ['phone'] };
const applications = { phones: ['phone'], numbers: ['number'] };

describe('digitQuery', () => {
  it('reads a phone typed in any form as prefixes of its digits after +7 / 8, and digits alone as an ending too', () => {
    expect(digitQuery('912', phones)).toEqual({ phonePrefixes: ['912'], phoneEndings: ['912'], number: null, numberEnding: null });
    expect(digitQuery('+7 (912) 345-67-89', phones)).toEqual({ phonePrefixes: ['9123456789'], phoneEndings: [], number: null, numberEnding: null });
    expect(digitQuery('+7 (912', phones)?.phonePrefixes).toEqual(['912']);
    // 8 or 7 first: the trunk prefix or the country code dialled, or a digit of the number itself.
    expect(digitQuery('8912', phones)).toEqual({ phonePrefixes: ['8912', '912'], phoneEndings: ['8912'], number: null, numberEnding: null });
    expect(digitQuery('7912', phones)?.phonePrefixes).toEqual(['7912', '912']);
    expect(digitQuery('8 (912) 345', phones)).toEqual({ phonePrefixes: ['8912345', '912345'], phoneEndings: [], number: null, numberEnding: null });
    expect(digitQuery(' 45-67 ', phones)).toEqual({ phonePrefixes: ['4567'], phoneEndings: ['4567'], number: null, numberEnding: null });
    expect(digitQuery('+380 44', phones)?.phonePrefixes).toEqual(['38044']);
  });

  it('reads YYYY-N as a whole number and plain digits as the end of a sequence, where the list has numbers', () => {
    expect(digitQuery('2026-000123', applications)).toEqual({ phonePrefixes: [], phoneEndings: [], number: '2026-000123', numberEnding: null });
    expect(digitQuery('2026-123', applications)?.number).toBe('2026-000123');
    expect(digitQuery('000123', applications)).toEqual({ phonePrefixes: ['000123'], phoneEndings: ['000123'], number: null, numberEnding: '000123' });
    expect(digitQuery('123', { numbers: ['number'] })).toEqual({ phonePrefixes: [], phoneEndings: [], number: null, numberEnding: '123' });
    // A phone's marks make it a phone only; a list without numbers reads YYYY-N as phone digits.
    expect(digitQuery('+7 912', applications)?.numberEnding).toBeNull();
    expect(digitQuery('2026-000123', phones)?.phonePrefixes).toEqual(['2026000123']);
  });

  it('leaves other text to the trigram search', () => {
    for (const text of ['Иванов', 'Иванов 912', 'ivan912@example.ru', '', '+', '+7', '()', '12.05']) expect(digitQuery(text, applications), text).toBeNull();
    expect(digitQuery('912', {})).toBeNull();
  });
});

describe('digitConditions', () => {
  it('makes each prefix and ending one range of an indexed expression', () => {
    const { conditions, parameters } = digitConditions(applications, digitQuery('129', applications)!, 't');
    expect(conditions).toEqual([
      '(t.phone_digits >= :digits_0_from AND t.phone_digits < :digits_0_to)',
      '(reverse(t.phone_digits) >= :digits_1_from AND reverse(t.phone_digits) < :digits_1_to)',
      '(reverse(t.number) COLLATE "C" >= :digits_2_from AND reverse(t.number) COLLATE "C" < :digits_2_to)',
    ]);
    // 129… is [129, 12:) in byte order; …129 reversed is 921….
    expect(parameters).toEqual({ digits_0_from: '129', digits_0_to: '12:', digits_1_from: '921', digits_1_to: '922', digits_2_from: '921', digits_2_to: '922' });
    expect(digitConditions(applications, digitQuery('2026-000123', applications)!, 't')).toEqual({ conditions: ['t.number = :digits_0'], parameters: { digits_0: '2026-000123' } });
    // A shorter sequence (a number kept from elsewhere, «2611-04990») is matched as typed too.
    expect(digitConditions(applications, digitQuery('2611-04990', applications)!, 't')).toEqual({
      conditions: ['t.number IN (:digits_0, :digits_0_typed)'],
      parameters: { digits_0: '2611-004990', digits_0_typed: '2611-04990' },
    });
  });
});

describe('digitMatchIdsSql', () => {
  it('keeps each range apart from the ranges before it, so the parts add up to the matches', () => {
    const conditions = digitConditions(applications, digitQuery('129', applications)!, 'd');
    const [first, second, third] = conditions.conditions;
    expect(digitMatchIdsSql('applications', conditions, 'd')).toBe(
      [
        `SELECT d.id FROM applications d WHERE ${first}`,
        `SELECT d.id FROM applications d WHERE ${second} AND (${first}) IS NOT TRUE`,
        `SELECT d.id FROM applications d WHERE ${third} AND (${first} OR ${second}) IS NOT TRUE`,
      ].join(' UNION ALL '),
    );
  });
});
