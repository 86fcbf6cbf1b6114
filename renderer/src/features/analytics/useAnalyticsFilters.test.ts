import { analyticsFiltersSchema, analyticsQueryString } from '@shared/analytics/analytics';
import { describe, expect, it } from 'vitest';
import { addressChanges, formValues } from './useAnalyticsFilters';

describe('the analytics filter bar and the address', () => {
  it('reads the address as the bar shows it: ids as numbers, the statuses as a list, words and dates as text', () => {
    expect(formValues({ statuses_ids: '1,3', city_id: '5', subject_id: 'hotel', product_id: '9', date_from: '2026-01-01', source: 'none' })).toEqual({
      statuses_ids: [1, 3],
      city_id: 5,
      subject_id: 'hotel',
      product_id: 9,
      date_from: '2026-01-01',
      source: 'none',
    });
  });

  it('writes what the bar chose back as the server reads it, an emptied filter removed', () => {
    expect(addressChanges('statuses_ids', [2, 7])).toEqual({ statuses_ids: '2,7' });
    expect(addressChanges('statuses_ids', [])).toEqual({ statuses_ids: null });
    expect(addressChanges('client_id', 12)).toEqual({ client_id: '12' });
    expect(addressChanges('client_id', null)).toEqual({ client_id: null });
    const address = { ...addressChanges('statuses_ids', [2, 7]), ...addressChanges('type', 5), ...addressChanges('date_to', '2026-03-31') };
    const parsed = analyticsFiltersSchema.parse(address);
    expect(parsed).toMatchObject({ statuses_ids: [2, 7], type: 5, date_to: '2026-03-31' });
    expect(analyticsQueryString(parsed)).toBe('statuses_ids=2%2C7&type=5&date_to=2026-03-31');
  });

  it('forgets the product when the kind changes and the employee when the agency does', () => {
    expect(addressChanges('subject_id', 'tour')).toEqual({ subject_id: 'tour', product_id: null });
    expect(addressChanges('subject_id', null)).toEqual({ subject_id: null, product_id: null });
    expect(addressChanges('agency_id', 4)).toEqual({ agency_id: '4', agency_user_id: null });
  });
});
