/** The hotel editor's tabs and dialogs on the one tab-ownership helper (common/editor/tabOwnership.ts). */
import { describe, expect, it } from 'vitest';
import { generalOwns, HOTEL_TAB_OWNS, periodCommissionOwns, roomGeneralOwns, ROOM_TAB_OWNS } from './form';

describe('the hotel editor on the one helper', () => {
  it('puts every error on exactly one tab', () => {
    const paths = ['name', 'slug', 'coords.0', 'commission_adult_sum', 'is_differentiate', 'description', 'info.2.text', 'desc_files.0.path', 'photos.1.path', 'videos.0.url', 'catalog.price', 'seo_title', 'rooms.3.dates.0.to'];
    const owners = paths.map((path) => [...Object.entries(HOTEL_TAB_OWNS).filter(([, owns]) => owns(path)).map(([tab]) => tab), ...(generalOwns(path) ? ['general'] : [])]);
    expect(owners).toEqual([['general'], ['general'], ['general'], ['commission'], ['commission'], ['info'], ['info'], ['info'], ['photos'], ['videos'], ['catalog'], ['seo'], ['rooms']]);
  });

  it('splits a room\'s and a period\'s errors between their dialog tabs', () => {
    expect(ROOM_TAB_OWNS.dates('dates.0.to')).toBe(true);
    expect(ROOM_TAB_OWNS.photos('photos.0.path')).toBe(true);
    expect(roomGeneralOwns('type_id')).toBe(true);
    expect(roomGeneralOwns('dates.0.to')).toBe(false);
    expect(periodCommissionOwns('commission_child_sum')).toBe(true);
    expect(periodCommissionOwns('adult_price')).toBe(false);
  });
});
