/** A stay's guests named, and one «Без питания» in the meal select (issue 27). */
import { describe, expect, it } from 'vitest';
import { blankAccommodation } from './form';
import { guestsText, noMealLabel } from './guests';

describe('a stay’s guests and meal as the office reads them', () => {
  it('names only the non-zero counts, the extra places and the child without a place named', () => {
    expect(guestsText({ ...blankAccommodation(), adult_count: 2, child_count: 1 })).toBe('2 взр., 1 реб.');
    expect(guestsText({ ...blankAccommodation(), adult_count: '2', child_count: 0, adv_adult_count: 1, adv_child_count: 0, child_without_count: 1 })).toBe('2 взр., 1 взр. на доп. месте, 1 реб. без места');
    expect(guestsText({ ...blankAccommodation(), adult_count: 0, child_count: 0, adv_child_count: 2 })).toBe('2 реб. на доп. месте');
    expect(guestsText({ ...blankAccommodation(), adult_count: 0 })).toBe('');
  });

  it('the meal select’s empty choice is «Без питания» unless the room has a meal of that name, then «Не выбрано»', () => {
    expect(noMealLabel([{ name: 'Завтрак' }])).toBe('Без питания');
    expect(noMealLabel([{ name: 'Без питания' }, { name: 'Завтрак' }])).toBe('Не выбрано');
    expect(noMealLabel([])).toBe('Без питания');
  });
});
