import { MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { isUpdateItemsReply, vendorUpdateIntent, vendorUpdateLine } from './vendorUpdates';

const D = MESSAGES.imports.door;

describe('«Обновить данные поставщиков» on the screen', () => {
  it('names each vendor’s result in Russian with its items and reason', () => {
    expect(vendorUpdateLine({ id: 1, name: 'Юг', result: 'updated', items: 5, reason: null })).toBe('Юг: обновлён — позиций: 5');
    expect(vendorUpdateLine({ id: 1, name: 'Юг', result: 'updated', items: 50_000, reason: D.catalogueCapped(50_000) })).toBe(
      'Юг: обновлён — позиций: 50000 — Каталог поставщика больше 50 000 позиций — прочитаны первые 50 000',
    );
    expect(vendorUpdateLine({ id: 2, name: 'Запад', result: 'refused', items: 0, reason: D.internal })).toBe(`Запад: отказ — ${D.internal}`);
  });

  it('is green only when every vendor was updated whole, red when no connected vendor was', () => {
    const updated = { id: 1, name: 'Юг', result: 'updated' as const, items: 5, reason: null };
    const down = { id: 2, name: 'Запад', result: 'unavailable' as const, items: 0, reason: D.timeout };
    expect(vendorUpdateIntent({ message: '', vendors: [updated] })).toBe('success');
    expect(vendorUpdateIntent({ message: '', vendors: [updated, down] })).toBe('warning');
    expect(vendorUpdateIntent({ message: '', vendors: [down] })).toBe('danger');
    expect(isUpdateItemsReply({ message: 'x', vendors: [] })).toBe(true);
    expect(isUpdateItemsReply({ message: 'x' })).toBe(false);
  });
});
