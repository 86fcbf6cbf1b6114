/**
 * The shared field builders of shared/validation.ts: liberal input (numbers as text, flags as 0/1),
 * exact storage (numbers, booleans, null), one rule for blank values, a Russian message for every refusal.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { flag, id, money, optionalId, optionalInteger, optionalMoney, requiredInteger, rowId, time, toFieldErrors } from './validation.js';

const V = MESSAGES.validation;
const errorOf = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ field: schema }).safeParse({ field: value });
  return result.success ? null : toFieldErrors(result.error).field;
};
const valueOf = (schema: z.ZodType, value: unknown) => z.object({ field: schema }).parse({ field: value }).field;

describe('field builders', () => {
  it('flags: booleans, 0/1 and their text stored as booleans; blank is the default; anything else refused', () => {
    for (const [input, stored] of [[true, true], [false, false], [1, true], [0, false], ['1', true], ['0', false], ['true', true], ['false', false]] as const) {
      expect(valueOf(flag(), input)).toBe(stored);
    }
    for (const blank of [undefined, null, '', '  ']) expect(valueOf(flag(), blank)).toBe(false);
    expect(valueOf(flag(true), undefined)).toBe(true);
    for (const bad of [2, 'yes', {}]) expect(errorOf(flag(), bad)).toEqual([V.invalid]);
  });

  it('ids: numbers or numeric text stored as numbers; required, optional (null) or a row\'s own (absent when new)', () => {
    expect(valueOf(id(), '12')).toBe(12);
    expect(valueOf(id(), 12)).toBe(12);
    expect(errorOf(id(), undefined)).toEqual([V.required]);
    expect(errorOf(id(), '')).toEqual([V.required]);
    for (const bad of ['abc', 0, -1, 1.5, '1.5', 2_147_483_648]) expect(errorOf(id(), bad)).toEqual([V.oneOf]);
    for (const blank of [undefined, null, '', ' ']) expect(valueOf(optionalId(), blank)).toBeNull();
    expect(valueOf(optionalId(), '7')).toBe(7);
    for (const blank of [undefined, null, '']) expect(valueOf(rowId(), blank)).toBeUndefined();
    expect(valueOf(rowId(), '31')).toBe(31);
    expect(errorOf(rowId(), 'x')).toEqual([V.oneOf]);
  });

  it('counts and days: numeric text read, `abc` is a 422 saying the field is a whole number', () => {
    expect(valueOf(requiredInteger(0, 10), '2')).toBe(2);
    expect(valueOf(requiredInteger(0, 10), ' 3 ')).toBe(3);
    expect(errorOf(requiredInteger(0, 10), 'abc')).toEqual([V.integer]);
    expect(errorOf(requiredInteger(0, 10), '0x10')).toEqual([V.integer]);
    expect(errorOf(requiredInteger(0, 10), '2.5')).toEqual([V.integer]);
    expect(errorOf(requiredInteger(0, 10), '11')).toEqual([V.max(10)]);
    expect(errorOf(requiredInteger(0, 10), null)).toEqual([V.required]);
    expect(valueOf(requiredInteger(-5, 5, { blank: 0 }), '')).toBe(0);
    expect(valueOf(optionalInteger(0, 10), '')).toBeNull();
    expect(valueOf(optionalInteger(0, 10), '4')).toBe(4);
  });

  it('money: numbers and text with a point or a comma, at most 2 decimals — 1200.505 says why it is refused', () => {
    expect(valueOf(money(0, 999_999.99), '3000')).toBe(3000);
    expect(valueOf(money(0, 999_999.99), '1200,5')).toBe(1200.5);
    expect(valueOf(money(0, 999_999.99), 1200.55)).toBe(1200.55);
    expect(valueOf(money(0, 999_999.99), '')).toBe(0);
    expect(errorOf(money(0, 999_999.99), '1200.505')).toEqual([MESSAGES.fields.decimals(2)]);
    expect(errorOf(money(0, 999_999.99), 1200.505)).toEqual([MESSAGES.fields.decimals(2)]);
    expect(errorOf(money(0, 999_999.99), 0.1 + 0.2)).toEqual([MESSAGES.fields.decimals(2)]);
    expect(errorOf(money(0, 999_999.99), 'abc')).toEqual([V.number]);
    expect(errorOf(money(0, 999_999.99), 1_000_000)).toEqual([V.max(999_999.99)]);
    expect(errorOf(money(0, 999_999.99, { required: true }), ' ')).toEqual([V.required]);
    expect(valueOf(optionalMoney(0, 100), null)).toBeNull();
    expect(errorOf(optionalMoney(0, 100), 1e21)).toEqual([V.max(100)]);
  });

  it('time: HH:MM, PostgreSQL\'s HH:MM:SS read as HH:MM, blank null unless required', () => {
    expect(valueOf(time(), '08:05')).toBe('08:05');
    expect(valueOf(time(), '08:05:00')).toBe('08:05');
    expect(valueOf(time(), '')).toBeNull();
    expect(errorOf(time(), '25:00')).toEqual([MESSAGES.fields.time]);
    expect(errorOf(time(), 805)).toEqual([MESSAGES.fields.time]);
    expect(errorOf(time({ required: true }), '')).toEqual([V.required]);
  });
});
