import { describe, expect, it } from 'vitest';
import { historyPathLabel, historyValueText } from './history.js';

describe('the history read in Russian', () => {
  it('names paths: a field, a row, a row’s field', () => {
    expect(historyPathLabel('status')).toBe('Статус');
    expect(historyPathLabel('payments.12')).toBe('Платёж №12');
    expect(historyPathLabel('payments.12.sum')).toBe('Платёж №12: сумма');
    expect(historyPathLabel('created')).toBe('Заявка создана');
  });

  it('shows statuses by name, money as roubles, a row as its fields, none as a dash', () => {
    expect(historyValueText('status', 7)).toBe('Аннулирована');
    expect(historyValueText('discount', '1500.00')).toBe('1\u00a0500,00\u00a0₽');
    expect(historyValueText('payments.3.status', 3)).toBe('Возврат');
    expect(historyValueText('payments.3', { status: 2, sum: '1000.00', is_online: false, date: '2027-05-20' })).toBe('Статус: Оплачен, сумма: 1\u00a0000,00\u00a0₽, онлайн: нет, дата: 20.05.2027');
    expect(historyValueText('manual_price_without_discount', null)).toBe('—');
    expect(historyValueText('created', 'Т-2027-1')).toBe('№ Т-2027-1');
  });
});
