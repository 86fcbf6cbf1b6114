import { describe, expect, it } from 'vitest';
import { CommissionType, formatCommission } from './commission.js';
import { formatMoney, formatMoneyAxis, formatNumber, formatPercent } from './format.js';
import { MESSAGES } from './messages.js';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('money and commission formatting (one helper for every screen and export)', () => {
  it('formats money as 1 234 567,89 ₽ with no-break spaces, from numbers and decimal strings', () => {
    expect(formatMoney(1234567.89)).toBe(nbsp('1 234 567,89 ₽'));
    expect(formatMoney('1234567.89')).toBe(nbsp('1 234 567,89 ₽'));
    expect(formatMoney(150000)).toBe(nbsp('150 000,00 ₽'));
    expect(formatMoney('999999999.99')).toBe(nbsp('999 999 999,99 ₽'));
    expect(formatMoney(0.1 + 0.2)).toBe(nbsp('0,30 ₽'));
    expect(formatMoney(-1500.5)).toBe(nbsp('-1 500,50 ₽'));
    expect(formatMoney(null)).toBe('');
  });

  it('gives a percent commission %, a fixed one ₽', () => {
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatCommission(CommissionType.Percent, 12)).toBe('12%');
    expect(formatCommission(CommissionType.Fixed, 2500)).toBe(nbsp('2 500,00 ₽'));
  });

  it('writes roubles on a chart axis short: whole roubles, тыс., млн, млрд with two decimals at most', () => {
    const nb = (text: string) => text.replace(/ /g, '\u00a0');
    expect(formatMoneyAxis(0)).toBe(nb('0 ₽'));
    expect(formatMoneyAxis(950.4)).toBe(nb('950,4 ₽'));
    expect(formatMoneyAxis(12_345.678)).toBe(nb('12,35 тыс. ₽'));
    expect(formatMoneyAxis(12_000)).toBe(nb('12 тыс. ₽'));
    expect(formatMoneyAxis(1_350_000)).toBe(nb('1,35 млн ₽'));
    expect(formatMoneyAxis(1_543_210)).toBe(nb('1,54 млн ₽'));
    expect(formatMoneyAxis(-2_000_000_000)).toBe(nb('-2 млрд ₽'));
  });

  it('groups counts and plain numbers by three with no-break spaces (the list footer, a locked field)', () => {
    expect(formatNumber(10243)).toBe(nbsp('10 243'));
    expect(formatNumber('64400')).toBe(nbsp('64 400'));
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234.5)).toBe(nbsp('1 234,5'));
    expect(formatNumber('-1500,25')).toBe(nbsp('-1 500,25'));
    expect(formatNumber('12а')).toBe('12а');
    expect(formatNumber(null)).toBe('');
    expect(MESSAGES.list.shown(1, 10, 10243)).toBe('Показано 1-10 из 10\u00a0243 записей');
  });
});
