/** Photo-list logic (spec 01 §4 "Photo lists", §5 "Photos"): reorder and reindex, sort values, picking files. */
import { describe, expect, it } from 'vitest';
import { PHOTO_POLICY, type Photo } from '../../../../shared/files';
import { MESSAGES } from '../../../../shared/messages';
import { appendUploaded, movePhoto, nextSort, pickFiles, reindex, removePhoto, scopedErrors, SORT_OPTIONS, updatePhoto } from './photoList';

const photo = (name: string, sort: number, extra: Partial<Photo> = {}): Photo => ({
  name: `${name}.jpg`,
  path: `photos/city/${name}.jpg`,
  url: `/api/storage/photos/city/${name}.jpg`,
  alt: null,
  sort,
  ...extra,
});
const names = (photos: Photo[]) => photos.map((item) => item.name.replace('.jpg', ''));
const sorts = (photos: Photo[]) => photos.map((item) => item.sort);

describe('reindex and move', () => {
  it('reindex gives sort values 1..n in list order and keeps unchanged photos as they are', () => {
    const list = [photo('a', 1), photo('b', 7), photo('c', 7), photo('d', 200)];
    const result = reindex(list);
    expect(sorts(result)).toEqual([1, 2, 3, 4]);
    expect(result[0]).toBe(list[0]);
    expect(result[1]).not.toBe(list[1]);
    expect(list[1]!.sort).toBe(7); // the input is not changed
  });

  it('reindex caps sort values at 255', () => {
    const list = Array.from({ length: 260 }, (_, index) => photo(`p${index}`, 1));
    const result = reindex(list);
    expect(result[0]!.sort).toBe(1);
    expect(result[254]!.sort).toBe(255);
    expect(result[259]!.sort).toBe(255);
  });

  it('a drag from one place to another moves the photo there and reindexes 1..n', () => {
    const list = [photo('a', 1), photo('b', 2), photo('c', 3), photo('d', 4)];
    expect(names(movePhoto(list, 0, 2))).toEqual(['b', 'c', 'a', 'd']);
    expect(sorts(movePhoto(list, 0, 2))).toEqual([1, 2, 3, 4]);
    expect(names(movePhoto(list, 3, 0))).toEqual(['d', 'a', 'b', 'c']);
    expect(names(movePhoto(list, 1, 3))).toEqual(['a', 'c', 'd', 'b']);
    const saved = [photo('x', 10, { id: 5, alt: 'Набережная' }), photo('y', 3)];
    expect(movePhoto(saved, 1, 0)).toEqual([photo('y', 1), photo('x', 2, { id: 5, alt: 'Набережная' })]);
  });

  it('a move out of range or onto itself changes nothing', () => {
    const list = [photo('a', 4), photo('b', 9)];
    expect(movePhoto(list, 0, 0)).toEqual(list);
    expect(movePhoto(list, -1, 1)).toEqual(list);
    expect(movePhoto(list, 0, 5)).toEqual(list);
  });
});

describe('changes to one photo', () => {
  it('a new upload goes last with the next sort value and an empty caption', () => {
    expect(nextSort([])).toBe(1);
    expect(nextSort([photo('a', 3), photo('b', 9)])).toBe(10);
    expect(nextSort([photo('a', 255)])).toBe(255);
    const list = appendUploaded([photo('a', 1)], { name: 'n.jpg', path: 'photos/city/n.jpg', url: '/api/storage/photos/city/n.jpg' });
    expect(list[1]).toEqual({ name: 'n.jpg', path: 'photos/city/n.jpg', url: '/api/storage/photos/city/n.jpg', alt: '', sort: 2 });
  });

  it('caption and sort stay within their limits (50 characters, 1–255)', () => {
    const list = [photo('a', 1), photo('b', 2)];
    expect(updatePhoto(list, 1, { alt: 'я'.repeat(60) })[1]!.alt).toHaveLength(50);
    expect(updatePhoto(list, 0, { sort: 300 })[0]!.sort).toBe(255);
    expect(updatePhoto(list, 0, { sort: 0 })[0]!.sort).toBe(1);
    expect(updatePhoto(list, 0, { sort: 42 })).toEqual([photo('a', 42), list[1]]);
    expect(names(removePhoto(list, 0))).toEqual(['b']);
  });

  it('the sort select offers 1 to 255', () => {
    expect(SORT_OPTIONS).toHaveLength(255);
    expect(SORT_OPTIONS[0]).toBe(1);
    expect(SORT_OPTIONS.at(-1)).toBe(255);
  });
});

describe('picking files', () => {
  const file = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type });

  it('takes at most 20 files at once and says how many were left out', () => {
    const files = Array.from({ length: 23 }, (_, index) => file(`${index}.jpg`));
    const picked = pickFiles(files);
    expect(picked.accepted).toHaveLength(20);
    expect(picked.accepted.at(-1)!.name).toBe('19.jpg');
    expect(picked.skipped).toBe(3);
    expect(pickFiles(files.slice(0, 20)).skipped).toBe(0);
  });

  it('pre-checks type and size with the shared limits and messages', () => {
    const limit = PHOTO_POLICY.maxBytes;
    expect(limit).toBe(2 * 1024 * 1024);
    const picked = pickFiles([
      file('a.jpg'),
      file('b.JPEG'),
      file('c.png', limit, 'image/png'),
      file('d.png', limit + 1, 'image/png'),
      file('e.gif', 10, 'image/gif'),
      file('f.pdf', 10, 'application/pdf'),
      file('g.jpg.exe', 10, 'application/octet-stream'),
      file('camera', 10, 'image/jpeg'),
    ]);
    expect(picked.accepted.map((item) => item.name)).toEqual(['a.jpg', 'b.JPEG', 'c.png', 'camera']);
    expect(picked.refused.map(({ file: item, message }) => [item.name, message])).toEqual([
      ['d.png', 'Загружаемый файл не может быть больше 2 мб'],
      ['e.gif', 'Недопустимый формат файла.'],
      ['f.pdf', MESSAGES.files.badFormat],
      ['g.jpg.exe', MESSAGES.files.badFormat],
    ]);
  });
});

describe('scopedErrors', () => {
  it('keeps the errors of the list, without its prefix', () => {
    expect(scopedErrors({ 'photos.1.alt': ['x'], 'photos.0.sort': ['y'], name: ['z'], photosX: ['w'] }, 'photos')).toEqual({ '1.alt': ['x'], '0.sort': ['y'] });
    expect(scopedErrors(undefined, 'photos')).toEqual({});
  });
});
