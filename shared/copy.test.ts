import { describe, expect, it } from 'vitest';
import { copyName, copySlug } from './copy.js';

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
