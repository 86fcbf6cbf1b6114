/** Rich-text editor logic: safe link addresses, table sizes within the spec's limits, upload messages. */
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_LIMITS } from '../../../../shared/files';
import { altFromFileName, clampTableSize, normalizeLink } from './richText';

describe('normalizeLink', () => {
  it('keeps web, mail and phone links and site paths', () => {
    expect(normalizeLink('https://example.ru/tours?x=1')).toBe('https://example.ru/tours?x=1');
    expect(normalizeLink('  http://example.ru ')).toBe('http://example.ru');
    expect(normalizeLink('mailto:info@example.ru')).toBe('mailto:info@example.ru');
    expect(normalizeLink('tel:+79991234567')).toBe('tel:+79991234567');
    expect(normalizeLink('/cities/sochi')).toBe('/cities/sochi');
    expect(normalizeLink('#faq')).toBe('#faq');
  });

  it('completes what staff usually type', () => {
    expect(normalizeLink('example.ru/page')).toBe('https://example.ru/page');
    expect(normalizeLink('www.сочи.рф')).toBe('https://www.сочи.рф');
    expect(normalizeLink('info@example.ru')).toBe('mailto:info@example.ru');
    // A protocol-relative address is a host, not a site path.
    expect(normalizeLink('//example.ru/x')).toBe('https://example.ru/x');
  });

  it('refuses scripts, data, files and nonsense', () => {
    for (const input of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:x', '', '   ', 'two words', 'localhost', 'https://', 'mailto:']) {
      expect(normalizeLink(input), input).toBeNull();
    }
  });
});

describe('clampTableSize', () => {
  it('keeps columns within 1–10 and rows within 1–30', () => {
    expect(RICH_TEXT_LIMITS.tableColumns).toMatchObject({ min: 1, max: 10 });
    expect(RICH_TEXT_LIMITS.tableRows).toMatchObject({ min: 1, max: 30 });
    expect(clampTableSize({ rows: 5, cols: 4 })).toEqual({ rows: 5, cols: 4 });
    expect(clampTableSize({ rows: 31, cols: 11 })).toEqual({ rows: 30, cols: 10 });
    expect(clampTableSize({ rows: 0, cols: -2 })).toEqual({ rows: 1, cols: 1 });
    expect(clampTableSize({ rows: Number.NaN, cols: 2.6 })).toEqual({ rows: 3, cols: 3 });
  });
});

describe('upload messages', () => {
  it('an inserted image is captioned with its file name', () => {
    expect(altFromFileName('Набережная Сочи.jpg')).toBe('Набережная Сочи');
    expect(altFromFileName('C:\\photos\\beach.png')).toBe('beach');
    expect(altFromFileName('noext')).toBe('noext');
  });
});
