/** The totals block's lines per type and what an unsaved form lacks before calc-totals is asked (issue 27). */
import { ApplicationType, RequesterType } from '@shared/applications/constants';
import type { ApplicationTotals } from '@shared/applications/types';
import { MESSAGES } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { blankAccommodation, blankApplication, blankTransportItem, type ApplicationValues } from './form';
import { paymentTotals, pricingGaps, showsMaxDiscount, totalsLines } from './totals';

const totals = (overrides: Partial<ApplicationTotals> = {}): ApplicationTotals => ({
  estimated_price_without_discount: 24750,
  price_without_discount: 24750,
  discount: 0,
  max_discount: 2250,
  price_total: 24750,
  agency_commission: 0,
  agency_to_pay: 24750,
  ...overrides,
});
const missing = MESSAGES.applications.totalsMissing;

describe('the totals block shows what applies to the type', () => {
  it('a product’s application: the estimate, the discount, the total; the manual price beside the estimate once set; the agency’s share for an agency', () => {
    expect(totalsLines(ApplicationType.Accommodation, RequesterType.Client, totals())).toEqual(['estimated_price_without_discount', 'discount', 'price_total']);
    expect(totalsLines(ApplicationType.BusTour, RequesterType.Client, totals({ price_without_discount: 30000 }))).toEqual(['estimated_price_without_discount', 'price_without_discount', 'discount', 'price_total']);
    expect(totalsLines(ApplicationType.SeaTour, RequesterType.Agency, totals())).toEqual(['estimated_price_without_discount', 'discount', 'price_total', 'agency_commission', 'agency_to_pay']);
    expect(showsMaxDiscount(ApplicationType.ExcursionTour)).toBe(true);
  });

  it('avia and railway: their price by hand, no estimate of 0,00 ₽ and no «Скидка не больше» the price itself', () => {
    const avia = totals({ estimated_price_without_discount: 0, price_without_discount: 64400, price_total: 64400, max_discount: 64400 });
    expect(totalsLines(ApplicationType.Avia, RequesterType.Client, avia)).toEqual(['price_without_discount', 'discount', 'price_total']);
    expect(totalsLines(ApplicationType.Railway, RequesterType.Agency, avia)).toEqual(['price_without_discount', 'discount', 'price_total', 'agency_commission', 'agency_to_pay']);
    expect(showsMaxDiscount(ApplicationType.Avia)).toBe(false);
    expect(showsMaxDiscount(ApplicationType.Railway)).toBe(false);
  });
});

describe('an unsaved form is priced only once it can be', () => {
  it('names what it lacks: the product, the requester, then the product’s row of its type', () => {
    const blank = blankApplication();
    expect(pricingGaps(blank)).toEqual([missing.product, missing.requester]);
    expect(pricingGaps({ ...blank, application_type: null })).toEqual([missing.type]);
    const hotel = { ...blank, applicationable_id: 5, requester_id: 7 };
    expect(pricingGaps(hotel)).toEqual([missing.stay]);
    expect(pricingGaps({ ...hotel, accommodations: [blankAccommodation(5)] })).toEqual([]);
    expect(pricingGaps({ ...hotel, application_type: ApplicationType.ExcursionTour })).toEqual([missing.tourDate]);
    expect(pricingGaps({ ...hotel, application_type: ApplicationType.ExcursionTour, tour_date: '2027-06-10' })).toEqual([]);
    expect(pricingGaps({ ...hotel, application_type: ApplicationType.BusTour })).toEqual([missing.forth]);
    expect(pricingGaps({ ...hotel, application_type: ApplicationType.BusTour, transport_forth: blankTransportItem(5) })).toEqual([]);
  });

  it('avia and railway need only their requester', () => {
    const avia = { ...blankApplication(), application_type: ApplicationType.Avia };
    expect(pricingGaps(avia)).toEqual([missing.requester]);
    expect(pricingGaps({ ...avia, requester_id: 7 })).toEqual([]);
  });
});

describe('paymentTotals (issue 28)', () => {
  const form = (overrides: Partial<ApplicationValues> = {}): ApplicationValues => ({ ...blankApplication(), ...overrides });
  const row = (sum: number | string, status = 2) => ({ status, sum, is_online: false, date: null });

  it('Оплачено is the paid rows less the refunds, К оплате what is still owed, never below 0', () => {
    expect(paymentTotals(form(), totals())).toEqual({ paid: 0, to_pay: 24750 });
    expect(paymentTotals(form({ payments: [row('1000.50'), row(500, 1), row(200, 3)] }), totals())).toEqual({ paid: 800.5, to_pay: 23949.5 });
    expect(paymentTotals(form({ payments: [row(30000)] }), totals())).toEqual({ paid: 30000, to_pay: 0 });
  });

  it('an agency owes its to-pay; nothing is shown before the application is priced', () => {
    expect(paymentTotals(form({ requester_type: RequesterType.Agency, payments: [row(1000)] }), totals({ agency_to_pay: 21780 }))).toEqual({ paid: 1000, to_pay: 20780 });
    expect(paymentTotals(form(), undefined)).toBeNull();
  });
});
