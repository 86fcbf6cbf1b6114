import { describe, expect, it } from 'vitest';
import { copyName, copySlug } from './copy.js';
import { slugify } from './slug.js';

describe('slugify', () => {
  it('transliterates a Russian name to a lower-case hyphenated slug', () => {
    expect(slugify('Санкт-Петербург')).toBe('sankt-peterburg');
    expect(slugify('Нижний Новгород')).toBe('nizhnii-novgorod');
    expect(slugify('Щёлково')).toBe('shchelkovo');
    expect(slugify('Отель «Жемчужина» 5*')).toBe('otel-zhemchuzhina-5');
    expect(slugify('Хабаровск, Цимлянск; Подъячий  Юрьев Ясная Поляна')).toBe('khabarovsk-tsimliansk-podiachii-iurev-iasnaia-poliana');
  });

  it('keeps Latin letters and digits, drops accents and edges, and caps the length (no hyphen left at the end)', () => {
    expect(slugify('  Café Côte d’Azur 2026 ')).toBe('cafe-cote-d-azur-2026');
    expect(slugify('—«»—')).toBe('');
    expect(slugify('Посёлок № 1, Йошкар-Ола')).toBe('poselok-no-1-ioshkar-ola');
    expect(slugify('Москва Москва', 7)).toBe('moskva');
    expect(slugify('a'.repeat(200))).toHaveLength(128);
  });
});

describe('copies', () => {
  it("name a copy '… (копия)' and count on for a copy of a copy", () => {
    expect(copyName('Гранд Отель')).toBe('Гранд Отель (копия)');
    expect(copyName('Гранд Отель (копия)')).toBe('Гранд Отель (копия 2)');
    expect(copyName('Гранд Отель (копия 2)')).toBe('Гранд Отель (копия 3)');
  });

  it('give a copy a slug of its own', () => {
    expect(copySlug('grand-otel')).toBe('grand-otel-kopiia');
    expect(copySlug('grand-otel-kopiia')).toBe('grand-otel-kopiia-2');
    expect(copySlug('grand-otel-kopiia-9')).toBe('grand-otel-kopiia-10');
    expect(copySlug('')).toBe('');
  });
});
