import { describe, expect, it } from 'vitest';
import { copyTour, isPastDate } from './rules.js';

describe('copyTour', () => {
  it('drops meals, files, photos, videos, day photos and every id, and names the copy', () => {
    const copy = copyTour({
      id: 7,
      version: 3,
      name: 'Золотое кольцо',
      slug: 'zolotoe-kolco',
      meals: [{ id: 1 }],
      files: [{ path: 'documents/tour/a.doc' }],
      photos: [{ path: 'photos/tour/a.jpg' }],
      videos: [{ path: 'videos/tour/a.mp4' }],
      days: [{ id: 4, name: 'День 1', photos: [{ path: 'photos/tour/b.jpg' }] }],
      dates: [{ id: 9, start_date: '2030-01-01' }],
      hotels: [{ id: 5 }],
    });
    expect(copy).toMatchObject({ name: 'Золотое кольцо (копия)', slug: 'zolotoe-kolco-kopiia', meals: [], files: [], photos: [], videos: [], hotels: [{ id: 5 }] });
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('version');
    expect(copy.days).toEqual([{ name: 'День 1', photos: [] }]);
    expect(copy.dates).toEqual([{ start_date: '2030-01-01' }]);
  });

  it('keeps an empty slug empty (the save derives one)', () => {
    expect(copyTour({ name: 'Тур', slug: '' }).slug).toBe('');
  });
});

describe('isPastDate', () => {
  it('is past only before today', () => {
    expect(isPastDate('2026-11-23', '2026-11-24')).toBe(true);
    expect(isPastDate('2026-11-24', '2026-11-24')).toBe(false);
  });
});
