import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  APPLICATION_TYPES,
  OFFICE_SOURCE_LABEL,
  PAYMENT_ROW_STATUSES,
  DEFAULT_PAYMENT_ROW_STATUS,
  ageOn,
  canEditAgencyCommission,
  canEditPrepayment,
  canEditPrice,
  isChildOn,
  paymentMethodsFor,
  sourceLabel,
} from './constants.js';
import { AUTO_CONFIRM_STATUSES } from '../commission.js';

describe('application dictionaries', () => {
  it('the auto-confirm statuses are the statuses marked so, with the same names', () => {
    expect(APPLICATION_STATUSES.filter((status) => status.autoConfirm).map(({ id, name }) => ({ id, name }))).toEqual([...AUTO_CONFIRM_STATUSES]);
  });

  it('types 5 and 6 have no product and no tourist editing', () => {
    expect(APPLICATION_TYPES.filter((type) => type.product === null).map((type) => [type.id, type.touristsEditable])).toEqual([
      [5, false],
      [6, false],
    ]);
  });

  it('the default payment row status counts as paid', () => {
    expect(PAYMENT_ROW_STATUSES.find((status) => status.id === DEFAULT_PAYMENT_ROW_STATUS)?.countsAsPaid).toBe(true);
  });

  it('an agency pays online or cashless only', () => {
    expect(paymentMethodsFor('agency').map((method) => method.id)).toEqual([2, 3]);
    expect(paymentMethodsFor('client').map((method) => method.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('what may be edited', () => {
  it('prices while the status is 1 or 2 and nothing is paid; the administrator and the accountant always', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((status) => canEditPrice(status, false))).toEqual([1, 2]);
    expect(canEditPrice(1, true)).toBe(false);
    expect(canEditPrice(6, true, true)).toBe(true);
  });

  it('the manual agency commission at status 2 only; the prepayment at status 3 with no payments', () => {
    expect([1, 2, 3].filter((status) => canEditAgencyCommission(status, false))).toEqual([2]);
    expect([1, 2, 3, 4, 5].filter((status) => canEditPrepayment(status, false))).toEqual([3]);
    expect(canEditPrepayment(3, true)).toBe(false);
  });
});

describe('sources and ages', () => {
  it('labels the source, naming the platform of the mobile application; none is the office', () => {
    expect(sourceLabel(null)).toBe(OFFICE_SOURCE_LABEL);
    expect(sourceLabel('web_site')).toBe('С сайта');
    expect(sourceLabel('mobile_application', 'IOS')).toBe('Из мобильного приложения (IOS)');
  });

  it('a tourist is a child while younger than 14 on the first day', () => {
    expect(ageOn('2012-06-13', '2026-06-12')).toBe(13);
    expect(isChildOn('2012-06-13', '2026-06-12')).toBe(true);
    expect(isChildOn('2012-06-12', '2026-06-12')).toBe(false);
  });
});
