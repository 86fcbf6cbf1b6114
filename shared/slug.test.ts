/** shared/slug.ts: a page address from a Russian name, made unique with a suffix. */
import { describe, expect, it } from 'vitest';
import { SLUG_FORMAT, slugOf, uniqueSlug } from './slug.js';

describe('slugs', () => {
  it('transliterates Russian names to lower-case Latin with hyphens', () => {
    expect(slugOf('Отель «Морская звезда»')).toBe('otel-morskaya-zvezda');
    expect(slugOf('Гостевой дом Щедрый Юг — 2')).toBe('gostevoy-dom-shchedryy-yug-2');
    expect(slugOf('Ёлки-Палки & Café')).toBe('elki-palki-cafe');
    expect(slugOf('Хуторок Цветущий, объект №1')).toBe('khutorok-tsvetushchiy-obekt-1');
    expect(slugOf('«»')).toBe('');
    for (const name of ['Отель «Морская звезда»', 'Ёлки-Палки & Café', '  Пансионат   Чайка  ']) expect(slugOf(name)).toMatch(SLUG_FORMAT);
  });

  it('stays within the limit, cut at a word', () => {
    expect(slugOf('Санаторий Солнечный берег', 16)).toBe('sanatoriy');
    expect(slugOf('абвгдежзийклмнопрстуф', 10)).toBe('abvgdezhzi');
  });

  it('adds -2, -3, … until free, within the limit', () => {
    expect(uniqueSlug('more', new Set())).toBe('more');
    expect(uniqueSlug('more', new Set(['more']))).toBe('more-2');
    expect(uniqueSlug('more', new Set(['more', 'more-2', 'more-3']))).toBe('more-4');
    expect(uniqueSlug('abcdef', new Set(['abcdef']), 6)).toBe('abcd-2');
  });
});
