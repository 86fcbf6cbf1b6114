import { describe, expect, it } from 'vitest';
import type { ChecklistPoint } from '@shared/tours/types';
import { changedPoints, pointLabel } from './points';

const point = (id: number, overrides: Partial<ChecklistPoint> = {}): ChecklistPoint => ({
  id,
  checkable_alias: 'hotel',
  checkable: { id: 1, name: 'Отель' },
  checked: false,
  comment: null,
  version: 1,
  excursion_tour_date: { id: 1, start_date: '2030-01-01' },
  ...overrides,
});

describe('pointLabel', () => {
  it('labels services by class, meals by supplier and name with days, transport by direction', () => {
    expect(pointLabel({ checkable_alias: 'tour_service', checkable: { id: 1, name: 'Музей', class: 3, class_name: 'Групповая' } })).toBe('Музей (групповая услуга)');
    expect(pointLabel({ checkable_alias: 'tour_service', checkable: { id: 1, name: 'Гид', class: 1 } })).toBe('Гид (доп. услуга)');
    expect(pointLabel({ checkable_alias: 'meal', checkable: { id: 1, name: 'Обед', vendor_name: 'Кафе', days: [1, 2] } })).toBe('Кафе - Обед (дни: 1, 2)');
    expect(pointLabel({ checkable_alias: 'transport', checkable: { id: 1, name: 'Автобус', is_forth: false } })).toBe('Автобус (обратно)');
  });
});

describe('changedPoints', () => {
  it('sends only the points whose checkbox or note changed, with the version read', () => {
    const points = [point(1), point(2, { version: 4 }), point(3, { comment: 'ok' })];
    const edits = new Map([
      [1, { checked: false, comment: '  ' }],
      [2, { checked: true, comment: null }],
      [3, { checked: false, comment: 'ok' }],
    ]);
    expect(changedPoints(points, edits)).toEqual([{ id: 2, version: 4, checked: true, comment: null }]);
  });
});
