/**
 * The vendor summary ('Учет ДС', shared/applications/vendor-payments.ts) counts every category the
 * engine writes, each once: a category left out would make its vendor look overpaid (an excursion
 * tour's own price, `tour`, was).
 */
import { describe, expect, it } from 'vitest';
import { VENDOR_SUMMARY_CATEGORIES, VENDOR_SUMMARY_COLUMNS, vendorPaymentsSummary } from '../../../shared/applications/vendor-payments.js';
import { MESSAGES } from '../../../shared/messages.js';
import { PRICING_CATEGORIES } from './lines.js';

describe('the vendor summary and the engine’s categories', () => {
  it('puts every category the engine writes in exactly one column', () => {
    const counted: string[] = Object.values(VENDOR_SUMMARY_CATEGORIES).flat();
    expect([...counted].sort()).toEqual([...PRICING_CATEGORIES].sort());
  });

  it('counts an excursion tour’s own price with the group services, so paying its net is no overpayment', () => {
    const [row] = vendorPaymentsSummary([{ vendor_id: 5, category: 'tour', net: '12000.50' }], [{ vendor_id: 5, sum: 12001 }], () => 'Экскурсбюро');
    expect(row).toMatchObject({ group_services: 12000.5, total: 12000.5, paid: 12001, surcharge: -0.5, overpaid: false });
  });

  it('titles its columns once: the Учет ДС table and analytics’ vendor columns say the same words (issue 38)', () => {
    expect(VENDOR_SUMMARY_COLUMNS.map(({ key, title }) => [key, title])).toEqual([
      ['accommodations', 'Проживание'],
      ['individual_services', 'Индивидуальные услуги'],
      ['group_services', 'Групповые услуги'],
      ['transports', 'Транспорт'],
      ['total', 'Итого'],
      ['paid', 'Оплачено'],
      ['surcharge', 'Доплата'],
    ]);
    expect(Object.keys(MESSAGES.analytics.vendorColumns)).toEqual(Object.keys(VENDOR_SUMMARY_CATEGORIES));
    expect(VENDOR_SUMMARY_COLUMNS.slice(0, 4).map(({ title }) => title)).toEqual(Object.values(MESSAGES.analytics.vendorColumns));
  });
});
