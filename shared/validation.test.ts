import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { countriesResource } from './resources/countries.js';
import { userCreateSchema, userUpdateSchema } from './resources/users.js';
import { z } from 'zod';
import { optionalTypedDate, optionalUrl, requiredChoice, requiredText, requiredTypedDate, safeUrl, toFieldErrors } from './validation.js';

const validUser = { surname: 'Иванов', name: 'Иван', patronymic: '', email: 'Ivan@Example.com', password: 'secret-123', role: 3 };

describe('shared schemas (one set of limits for server and renderer)', () => {
  it('accepts a valid user, trims, lower-cases the e-mail and stores a blank patronymic as null', () => {
    const user = userCreateSchema.parse({ ...validUser, surname: '  Иванов  ' });
    expect(user).toMatchObject({ surname: 'Иванов', email: 'ivan@example.com', patronymic: null, is_active: true });
  });

  it('maps every refusal to its field with the Russian message', () => {
    const result = userCreateSchema.safeParse({ surname: 'Щ'.repeat(51), name: '', email: 'not-an-email', role: 7 });
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error!);
    expect(errors).toEqual({
      surname: [MESSAGES.validation.maxLength(50)],
      name: [MESSAGES.validation.required],
      email: [MESSAGES.validation.email],
      password: [MESSAGES.validation.required],
      role: [MESSAGES.validation.oneOf],
    });
  });

  it('allows exactly 50 characters and refuses 51', () => {
    expect(userCreateSchema.safeParse({ ...validUser, surname: 'Я'.repeat(50) }).success).toBe(true);
    expect(userCreateSchema.safeParse({ ...validUser, surname: 'Я'.repeat(51) }).success).toBe(false);
  });

  it('keeps the password on edit when it is left empty, but still limits a new one', () => {
    expect(userUpdateSchema.parse({ ...validUser, password: '' }).password).toBeNull();
    const short = userUpdateSchema.safeParse({ ...validUser, password: 'short' });
    expect(short.success).toBe(false);
    expect(toFieldErrors(short.error!).password?.[0]).toMatch(/не меньше 8/);
  });

  it('limits handbook names', () => {
    const result = countriesResource.createSchema.safeParse({ name: 'x'.repeat(129) });
    expect(toFieldErrors(result.error!)).toEqual({ name: [MESSAGES.validation.maxLength(128)] });
  });

  it('names nested rows with dotted paths, as the 422 contract does (rooms.1.dates.0.from)', () => {
    const schema = z.object({ rooms: z.array(z.object({ dates: z.array(z.object({ from: requiredText(10) })) })) });
    const result = schema.safeParse({ rooms: [{ dates: [{ from: 'x' }] }, { dates: [{ from: '' }] }] });
    expect(toFieldErrors(result.error!)).toEqual({ 'rooms.1.dates.0.from': [MESSAGES.validation.required] });
  });
});

describe('messages of issues a schema words no text for', () => {
  const errors = (schema: z.ZodType, value: unknown) => toFieldErrors(schema.safeParse(value).error!);

  it('are the spec\'s Russian texts, set once for every schema: missing → required, wrong kind → invalid, bounds as the builders say', () => {
    const row = z.object({ name: z.string(), count: z.number().max(5), tags: z.array(z.string()).max(1), mail: z.email(), kind: z.enum(['a', 'b']) });
    const list = z.object({ rows: z.array(row), coords: z.array(z.string()) });
    expect(errors(list, { rows: [null], coords: [[]] })).toEqual({ 'rows.0': [MESSAGES.validation.required], 'coords.0': [MESSAGES.validation.invalid] });
    expect(errors(row, { name: 5, count: 6, tags: ['x', 'y'], mail: 'не почта', kind: 'c' })).toEqual({
      name: [MESSAGES.validation.invalid],
      count: [MESSAGES.validation.max(5)],
      tags: [MESSAGES.validation.maxItems(1)],
      mail: [MESSAGES.validation.email],
      kind: [MESSAGES.validation.oneOf],
    });
    expect(errors(z.object({ catalog: z.object({ price: z.number() }) }), { catalog: 5 })).toEqual({ catalog: [MESSAGES.validation.invalid] });
    expect(errors(z.string().min(3), 'ab')).toEqual({ _: [MESSAGES.validation.minLength(3)] });
    // A field's own message still wins.
    expect(errors(requiredText(10), null)).toEqual({ _: [MESSAGES.validation.required] });
  });
});

describe('links (optionalUrl, safeUrl)', () => {
  it('take http and https only', () => {
    const url = optionalUrl(50);
    expect(url.parse(' https://пример.рф/a ')).toBe('https://пример.рф/a');
    expect(url.parse('')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'http://', 'пример.рф', 'https://a b.ru']) {
      expect(toFieldErrors(url.safeParse(bad).error!), bad).toEqual({ _: [MESSAGES.validation.url] });
    }
    expect(safeUrl('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeUrl('/api/storage/a.pdf')).toBeNull();
    expect(safeUrl('/api/storage/a.pdf', 'http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/api/storage/a.pdf');
  });
});

describe('route builders: a choice read from text, a date exchanged as DD.MM.YYYY', () => {
  it('requiredChoice reads numeric text and refuses what is not one of its values', () => {
    const schema = requiredChoice([1, 2, 3]);
    expect(schema.parse('2')).toBe(2);
    expect(schema.parse(3)).toBe(3);
    expect(schema.safeParse('4').error?.issues[0]?.message).toBe(MESSAGES.validation.oneOf);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe(MESSAGES.validation.required);
  });

  it('optionalTypedDate reads DD.MM.YYYY and YYYY-MM-DD as YYYY-MM-DD; blank is null; a date that is not is refused', () => {
    expect(optionalTypedDate().parse('05.06.2026')).toBe('2026-06-05');
    expect(optionalTypedDate().parse('2026-06-05')).toBe('2026-06-05');
    expect(optionalTypedDate().parse('')).toBeNull();
    expect(optionalTypedDate().safeParse('31.02.2026').error?.issues[0]?.message).toBe(MESSAGES.dates.format);
    expect(requiredTypedDate().safeParse(null).error?.issues[0]?.message).toBe(MESSAGES.validation.required);
  });
});
