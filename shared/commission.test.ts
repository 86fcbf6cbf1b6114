/** shared/commission.ts: the one check of a commission against its type, for agencies, hotels and bus transports. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { autoConfirmStatus, checkAutoConfirm, checkCommission, COMMISSION_BOUNDS, commissionSum, commissionType, CommissionType, type CommissionBounds } from './commission.js';
import { MESSAGES } from './messages.js';
import { flag, toFieldErrors } from './validation.js';

const V = MESSAGES.validation;
const schemaOf = (bounds: CommissionBounds) =>
  z.object({ commission_type: commissionType(), commission_sum: commissionSum(bounds) }).superRefine((row, context) => checkCommission(row, context, bounds));
const errors = (bounds: CommissionBounds, row: unknown) => {
  const result = schemaOf(bounds).safeParse(row);
  return result.success ? {} : toFieldErrors(result.error);
};

describe('commissions', () => {
  it('agencies: fixed up to 1 000 000, percent up to 100, never negative, whole numbers', () => {
    const agency = COMMISSION_BOUNDS.agency;
    expect(errors(agency, { commission_type: 1, commission_sum: 1_000_000 })).toEqual({});
    expect(errors(agency, { commission_type: 1, commission_sum: 1_000_001 })).toEqual({ commission_sum: [V.max(1_000_000)] });
    expect(errors(agency, { commission_type: '2', commission_sum: '100' })).toEqual({});
    expect(errors(agency, { commission_type: 2, commission_sum: 101 })).toEqual({ commission_sum: [V.max(100)] });
    expect(errors(agency, { commission_type: 1, commission_sum: -1 })).toEqual({ commission_sum: [V.min(0)] });
    expect(errors(agency, { commission_type: 1, commission_sum: 10.5 })).toEqual({ commission_sum: [V.integer] });
  });

  it('hotels and bus transports (spec 02 §5): percent ±100, other types ±999 999; transports with kopecks', () => {
    for (const bounds of [COMMISSION_BOUNDS.hotel, COMMISSION_BOUNDS.transport]) {
      expect(errors(bounds, { commission_type: 2, commission_sum: -100 })).toEqual({});
      expect(errors(bounds, { commission_type: 2, commission_sum: -101 })).toEqual({ commission_sum: [V.min(-100)] });
      expect(errors(bounds, { commission_type: 1, commission_sum: -999_999 })).toEqual({});
      expect(errors(bounds, { commission_type: 1, commission_sum: 1_000_000 })).toEqual({ commission_sum: [V.max(999_999)] });
    }
    expect(errors(COMMISSION_BOUNDS.transport, { commission_type: 1, commission_sum: '150.25' })).toEqual({});
    expect(errors(COMMISSION_BOUNDS.transport, { commission_type: 1, commission_sum: '150.255' })).toEqual({ commission_sum: [MESSAGES.fields.decimals(2)] });
    expect(errors(COMMISSION_BOUNDS.hotel, { commission_type: 1, commission_sum: 150.25 })).toEqual({ commission_sum: [V.integer] });
  });

  it('a blank type is fixed and a blank sum 0; an unknown type is refused', () => {
    expect(schemaOf(COMMISSION_BOUNDS.hotel).parse({ commission_type: '', commission_sum: null })).toEqual({ commission_type: CommissionType.Fixed, commission_sum: 0 });
    expect(errors(COMMISSION_BOUNDS.hotel, { commission_type: 3, commission_sum: 0 })).toEqual({ commission_type: [V.oneOf] });
  });

  it('auto-confirm: status 3 or 5 (text read), required while auto-confirm is on', () => {
    const schema = z
      .object({ application_auto_confirm: flag(), auto_confirm_status: autoConfirmStatus() })
      .superRefine((values, context) => checkAutoConfirm(values, context));
    expect(schema.parse({ application_auto_confirm: 1, auto_confirm_status: '5' })).toEqual({ application_auto_confirm: true, auto_confirm_status: 5 });
    expect(toFieldErrors(schema.safeParse({ application_auto_confirm: '1', auto_confirm_status: '' }).error!)).toEqual({ auto_confirm_status: [MESSAGES.fields.autoConfirmStatus] });
    expect(toFieldErrors(schema.safeParse({ application_auto_confirm: true, auto_confirm_status: 4 }).error!)).toEqual({ auto_confirm_status: [V.oneOf] });
  });
});
