/** The list query schema both sides share: paging defaults and caps, sortable columns, per-list filters. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { foldListFilterKeys, LIST_FILTER_MAX_VALUES, listFilter, listQuerySchema, pickerQuerySchema, PICKER_LIMITS } from './list.js';
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

describe('list filters (listFilter.integers)', () => {
  const filters = z.object({ statuses_ids: listFilter.integers(1, 7, { aliases: ['status_ids'] }), status: listFilter.integer(1, 7) });
  const sets = listQuerySchema({ sortable: ['id'], filters });
  const read = (raw: Record<string, unknown>) => sets.parse(raw).filters;
  const refused = (raw: Record<string, unknown>) => {
    const result = sets.safeParse(raw);
    return result.success ? {} : toFieldErrors(result.error);
  };

  it('read the repeated, the comma-separated and the single form, under the name, `name[]` and the alias', () => {
    // The simple query parser: `statuses_ids[]=1&statuses_ids[]=3` arrives under `statuses_ids[]`, one value as a string.
    for (const raw of [
      { 'statuses_ids[]': ['1', '3'] },
      { statuses_ids: ['1', '3'] },
      { statuses_ids: '1,3' },
      { status_ids: '1, 3' },
      { 'status_ids[]': ['1', '3'] },
      { statuses_ids: '1', status_ids: '3' },
      { 'statuses_ids[]': '1', 'status_ids[]': ['3,1'] },
      { statuses_ids: [1, 3] },
    ]) {
      expect(read(raw), JSON.stringify(raw)).toEqual({ statuses_ids: [1, 3] });
    }
    expect(read({ statuses_ids: '7' })).toEqual({ statuses_ids: [7] });
  });

  it('drop blanks and repeats; nothing left is no filter; other filters read as before', () => {
    expect(read({ statuses_ids: ' 3 ,, 3,03,', status: '2' })).toEqual({ statuses_ids: [3], status: 2 });
    expect(read({ statuses_ids: '' })).toEqual({});
    expect(read({ 'statuses_ids[]': ['', ' '], status_ids: ',' })).toEqual({});
    // A scalar filter is not a list: `status[]` is not its name, and a repeated one takes its first value.
    expect(read({ 'status[]': '2' })).toEqual({});
    expect(read({ status: ['2', '3'] })).toEqual({ status: 2 });
  });

  it('refuse a value that is not a whole number in range, and too many values, with the message on the filter', () => {
    for (const [raw, message] of [
      [{ statuses_ids: '1,x' }, MESSAGES.validation.integer],
      [{ 'status_ids[]': ['1', '2.5'] }, MESSAGES.validation.integer],
      [{ statuses_ids: '1,8' }, MESSAGES.validation.max(7)],
      [{ statuses_ids: '0' }, MESSAGES.validation.min(1)],
    ] as const) {
      expect(refused(raw), JSON.stringify(raw)).toEqual({ statuses_ids: [message] });
    }
    const many = listQuerySchema({ sortable: ['id'], filters: z.object({ ids: listFilter.integers() }) });
    const values = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));
    expect(many.parse({ 'ids[]': values(LIST_FILTER_MAX_VALUES) }).filters.ids).toHaveLength(LIST_FILTER_MAX_VALUES);
    const tooMany = many.safeParse({ ids: values(LIST_FILTER_MAX_VALUES + 1).join(',') });
    expect(tooMany.success ? {} : toFieldErrors(tooMany.error)).toEqual({ ids: [MESSAGES.validation.maxItems(LIST_FILTER_MAX_VALUES)] });
  });

  it('fold only the keys of list filters, leaving the query as it is when there is nothing to fold', () => {
    const raw = { 'statuses_ids[]': ['1'], status_ids: '2', page: '2', 'other[]': 'x' };
    expect(foldListFilterKeys(raw, filters)).toEqual({ statuses_ids: ['1', '2'], page: '2', 'other[]': 'x' });
    expect(raw).toEqual({ 'statuses_ids[]': ['1'], status_ids: '2', page: '2', 'other[]': 'x' });
    const plain = { statuses_ids: '1,2', page: '2' };
    expect(foldListFilterKeys(plain, filters)).toBe(plain);
    expect(foldListFilterKeys(plain, undefined)).toBe(plain);
  });
});

describe('list filters (listFilter.words)', () => {
  const words = listQuerySchema({ sortable: ['id'], filters: z.object({ sources: listFilter.words(['web_site', 'none'], { aliases: ['source_list'] }) }) });

  it('read a set of words in every form as the integers do, trimmed, repeats and blanks dropped', () => {
    for (const raw of [{ sources: 'web_site, none' }, { 'sources[]': ['web_site', 'none'] }, { sources: 'web_site', 'source_list[]': 'none,web_site' }]) {
      expect(words.parse(raw).filters, JSON.stringify(raw)).toEqual({ sources: ['web_site', 'none'] });
    }
    expect(words.parse({ sources: ' , ' }).filters).toEqual({});
  });

  it('refuse a word not offered, with the message on the filter', () => {
    const result = words.safeParse({ sources: 'web_site,fax' });
    expect(result.success ? {} : toFieldErrors(result.error)).toEqual({ sources: [MESSAGES.validation.oneOf] });
  });
});
