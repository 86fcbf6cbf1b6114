import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { toFieldErrors } from '../validation.js';
import { catalogSectionSchema } from './schema.js';

const parse = (body: unknown) => catalogSectionSchema.safeParse(body);

describe('catalogSectionSchema', () => {
  it("reads an outside client's forms into one: flags 0/1, numbers as text, absent keys to their defaults", () => {
    const result = parse({ name: ' Горы ', is_active: '0', exclusive: 1, sort: '15', catalog_section_id: '3' });
    expect(result.success && result.data).toMatchObject({
      name: 'Горы',
      slug: null,
      is_active: false,
      exclusive: true,
      sort: 15,
      catalog_section_id: 3,
      price: null,
      tours: [],
      seo_content: { top_block: { title: null, text: null }, bottom_block: { title: null, text: null }, advantages: [] },
    });
    expect(parse({ name: 'Горы', sort: '' }).data?.sort).toBe(10);
  });

  it('takes slider tours from seo_content when `tours` is absent, and the tour as an object', () => {
    const result = parse({ name: 'Море', seo_content: { tours: [{ tour: { id: 7, name: 'Тур' }, title: 'Хит', price: 'от 1 000 ₽' }] } });
    expect(result.data?.tours).toEqual([{ tour_id: 7, title: 'Хит', price: 'от 1 000 ₽' }]);
  });

  it('says which part of a slider row is missing, on its indexed path', () => {
    const result = parse({ name: 'Море', tours: [{ tour_id: null, title: '', price: ' ' }] });
    expect(toFieldErrors(result.error!)).toEqual({
      'tours.0.tour_id': [MESSAGES.applications.specifyTour],
      'tours.0.title': [MESSAGES.applications.specifyTitle],
      'tours.0.price': [MESSAGES.applications.specifyPrice],
    });
  });

  it("keeps images to the section's upload folder; a storage URL is read as its path", () => {
    expect(parse({ name: 'Море', banner: '/api/storage/images/catalog-section/a.jpg' }).data?.banner).toBe('images/catalog-section/a.jpg');
    expect(toFieldErrors(parse({ name: 'Море', image: 'photos/city/a.jpg' }).error!)).toEqual({ image: [MESSAGES.files.wrongKind] });
  });
});
