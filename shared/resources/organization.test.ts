/** The organisation details' schema: liberal input (numbers as text, spaces in codes, absent keys), exact storage ('' for blank), the codes' digit counts. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { toFieldErrors } from '../validation.js';
import { ORGANIZATION_FIELDS, organizationSchema } from './organization.js';

const errorsOf = (input: unknown) => {
  const result = organizationSchema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
};

describe('organizationSchema', () => {
  it('takes an empty record as every field empty (a fresh install has nothing yet)', () => {
    expect(organizationSchema.parse({})).toEqual(Object.fromEntries(ORGANIZATION_FIELDS.map((field) => [field, ''])));
    expect(organizationSchema.parse({ inn: null, email: null, legal_name: '   ' })).toMatchObject({ inn: '', email: '', legal_name: '' });
  });

  it('stores trimmed text, codes as their digits and the e-mail lower-case', () => {
    expect(
      organizationSchema.parse({
        legal_name: '  ООО «Северное сияние» ',
        inn: 7707083893,
        ogrn: '1027 7000 7048 9',
        bik: ' 044525225 ',
        settlement_account: '40702 810 0 0000 0000001',
        correspondent_account: '30101810400000000225',
        email: ' Info@Siyanie.TEST ',
        phone: ' +7 (978) 123-45-67 ',
        version: '3',
      }),
    ).toMatchObject({
      legal_name: 'ООО «Северное сияние»',
      inn: '7707083893',
      ogrn: '1027700070489',
      bik: '044525225',
      settlement_account: '40702810000000000001',
      correspondent_account: '30101810400000000225',
      email: 'info@siyanie.test',
      phone: '+7 (978) 123-45-67',
      version: 3,
    });
  });

  it('answers each wrong field under its name in Russian', () => {
    const O = MESSAGES.organization;
    expect(errorsOf({ inn: '12345', ogrn: '12345678901234', bik: '04452522', settlement_account: '4070281000000000000', email: 'не почта', phone: 'звоните', inn2: 'x' })).toEqual({
      inn: [O.digitCount([10, 12])],
      ogrn: [O.digitCount([13, 15])],
      bik: [O.digitCount([9])],
      settlement_account: [O.digitCount([20])],
      email: [MESSAGES.validation.email],
      phone: [MESSAGES.validation.phone],
    });
    expect(errorsOf({ inn: '77070838AB', bik: 'БИК' })).toEqual({ inn: [MESSAGES.validation.digits], bik: [MESSAGES.validation.digits] });
    // A 20-digit account sent as a JSON number has lost its digits already: refused, never stored rounded.
    expect(errorsOf({ settlement_account: 2 ** 64 })).toEqual({ settlement_account: [MESSAGES.validation.invalid] });
    expect(errorsOf({ legal_name: 'я'.repeat(256), financial_guarantee: 'я'.repeat(1001) })).toEqual({
      legal_name: [MESSAGES.validation.maxLength(255)],
      financial_guarantee: [MESSAGES.validation.maxLength(1000)],
    });
  });

  it('words the digit counts in Russian', () => {
    expect(MESSAGES.organization.digitCount([10, 12])).toBe('Поле должно содержать 10 или 12 цифр.');
    expect(MESSAGES.organization.digitCount([9])).toBe('Поле должно содержать 9 цифр.');
    expect(MESSAGES.organization.digitCount([2])).toBe('Поле должно содержать 2 цифры.');
    expect(MESSAGES.organization.digitCount([21])).toBe('Поле должно содержать 21 цифру.');
    expect(MESSAGES.organization.digitHint([13, 15])).toBe('13 или 15 цифр');
    expect(MESSAGES.organization.digitHint([21])).toBe('21 цифра');
  });
});
