/** The list query schema both sides share: paging defaults and caps, sortable columns, per-list filters. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listFilter, listQuerySchema, pickerQuerySchema, PICKER_LIMITS } from './list.js';
import { MESSAGES } from './messages.js';
import { toFieldErrors } from './validation.js';

const schema = listQuerySchema({ sortable: ['id', 'full_name'], filters: z.object({ is_active: listFilter.flag(), city_id: listFilter.integer() }) });
const errors = (raw: Record<string, unknown>) => {
  const result = schema.safeParse(raw);
  return result.success ? {} : toFieldErrors(result.error);
};

describe('listQuerySchema', () => {
  it('reads the query string with its defaults; filters beside the paging parameters, absent or blank ones left out', () => {
    expect(schema.parse({})).toEqual({ query: '', page: 1, limit: 10, orderBy: null, ascending: true, filters: {} });
    expect(schema.parse({ query: '  Иван ', page: '3', limit: '25', orderBy: 'full_name', ascending: '0', is_active: '1', city_id: '' })).toEqual({
      query: 'Иван',
      page: 3,
      limit: 25,
      orderBy: 'full_name',
      ascending: false,
      filters: { is_active: true },
    });
    expect(schema.parse({ is_active: 'false', city_id: '7', page: ['2', '5'] }).filters).toEqual({ is_active: false, city_id: 7 });
    // A parameter the list does not declare is not a filter.
    expect(schema.parse({ password: 'x' }).filters).toEqual({});
  });

  it('refuses bad values with the field messages', () => {
    expect(errors({ orderBy: 'password_hash', limit: '101', page: '0', is_active: 'yes', city_id: '1.5' })).toEqual({
      orderBy: [MESSAGES.validation.oneOf],
      limit: [MESSAGES.validation.max(100)],
      page: [MESSAGES.validation.min(1)],
      is_active: [MESSAGES.validation.oneOf],
      city_id: [MESSAGES.validation.integer],
    });
    expect(errors({ query: 'я'.repeat(129) })).toEqual({ query: [MESSAGES.validation.maxLength(128)] });
    expect(listQuerySchema({ sortable: ['id'], maxLimit: 1000 }).parse({ limit: '1000' }).limit).toBe(1000);
  });
});

describe('pickerQuerySchema', () => {
  it(`gives ${PICKER_LIMITS.default} by default and allows ${PICKER_LIMITS.max} at most`, () => {
    expect(pickerQuerySchema.parse({})).toEqual({ query: '', limit: PICKER_LIMITS.default });
    expect(pickerQuerySchema.parse({ query: ' кузн ', limit: String(PICKER_LIMITS.max) })).toEqual({ query: 'кузн', limit: PICKER_LIMITS.max });
    expect(pickerQuerySchema.safeParse({ limit: String(PICKER_LIMITS.max + 1) }).success).toBe(false);
  });
});
