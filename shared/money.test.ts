/** shared/money.ts: money in exact decimals, read liberally, rounded to kopecks, a JSON number only at the edge. */
import { describe, expect, it } from 'vitest';
import { decimalPlaces, moneyNumber, moneyText, percentOf, readDecimal, roundMoney, sameMoney, sumMoney } from './money.js';

describe('money', () => {
  it('reads numbers, numeric text with a point, a comma or grouping spaces, and nothing else', () => {
    expect(readDecimal(1200.5)!.toString()).toBe('1200.5');
    expect(readDecimal(' 1 200,50 ')!.toString()).toBe('1200.5');
    expect(readDecimal('-5')!.toString()).toBe('-5');
    for (const bad of ['abc', '', '1e3', '0x10', '1.2.3', NaN, Infinity, null, undefined, true]) expect(readDecimal(bad)).toBeNull();
  });

  it('counts the decimals as written, not as a float holds them', () => {
    expect(decimalPlaces('1200.505')).toBe(3);
    expect(decimalPlaces(1200.5)).toBe(1);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    expect(decimalPlaces('1200')).toBe(0);
  });

  it('sums exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([0.1, 0.2]).toString()).toBe('0.3');
    const kopecks = Array.from({ length: 1000 }, () => 0.01);
    expect(kopecks.reduce((total, value) => total + value, 0)).not.toBe(10);
    expect(sumMoney(kopecks).toString()).toBe('10');
    expect(sumMoney(['999999.99', 999999.99, null, undefined, '-0.98']).toString()).toBe('1999999');
  });

  it('rounds kopecks half away from zero, and takes percents of a sum exactly', () => {
    expect(roundMoney('1.005').toString()).toBe('1.01');
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundMoney('-1.005').toString()).toBe('-1.01');
    expect(percentOf(1999.99, 15).toString()).toBe('300');
    expect(percentOf('333.33', '33.3').toString()).toBe('111');
  });

  it('gives the database two decimals and the wire a JSON number from the exact text', () => {
    expect(moneyText(1200.5)).toBe('1200.50');
    expect(moneyText('0')).toBe('0.00');
    expect(moneyNumber('1200.50')).toBe(1200.5);
    expect(moneyNumber(sumMoney([0.1, 0.2]))).toBe(0.3);
    expect(moneyNumber(null)).toBeNull();
  });
});

describe('sameMoney', () => {
  it('compares amounts, not their writing; empty equals only empty', () => {
    expect(sameMoney(24750, '24750.00')).toBe(true);
    expect(sameMoney('100.5', 100.5)).toBe(true);
    expect(sameMoney('100.50', '100.51')).toBe(false);
    expect(sameMoney(null, undefined)).toBe(true);
    expect(sameMoney(null, 0)).toBe(false);
  });
});
