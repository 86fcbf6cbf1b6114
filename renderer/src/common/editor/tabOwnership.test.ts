/** One reading of a tab's claim on error paths, for every editor and row dialog. */
import { hasErrorsUnder } from '@shared/editor';
import { describe, expect, it } from 'vitest';
import { tabOwns } from './EditorTabs';
import { owner, ownsPath, tabOwnership } from './tabOwnership';

describe('ownsPath', () => {
  it('owns an exact name and whatever lies under it, but not a longer name that only begins the same', () => {
    expect(ownsPath(['name'], 'name')).toBe(true);
    expect(ownsPath(['rooms'], 'rooms.3.dates.0.to')).toBe(true);
    expect(ownsPath(['rooms'], 'rooms_count')).toBe(false);
    expect(ownsPath(['rooms'], 'roomsheet')).toBe(false);
    expect(ownsPath(['rooms.1'], 'rooms.10.type_id')).toBe(false);
    expect(ownsPath(['rooms.1'], 'rooms.1.type_id')).toBe(true);
    expect(ownsPath(['routes.start'], 'routes')).toBe(false);
  });

  it('reads a trailing `_` as a prefix of field names', () => {
    expect(ownsPath(['commission_'], 'commission_adult_sum')).toBe(true);
    expect(ownsPath(['commission_'], 'commission_general_sum')).toBe(true);
    expect(ownsPath(['seo_'], 'seo_title')).toBe(true);
    expect(ownsPath(['commission_'], 'commission')).toBe(false);
    expect(ownsPath(['commission_'], 'is_commission_adult')).toBe(false);
  });

  it('owns nothing with no claims', () => {
    expect(ownsPath([], 'name')).toBe(false);
  });

  it('is how EditorTabs reads a tab given as a list (the `owns: [\'commission_\']` example marks its fields)', () => {
    expect(tabOwns({ owns: ['commission_', 'is_differentiate'] }, 'commission_child_type')).toBe(true);
    expect(tabOwns({ owns: ['commission_'] }, 'name')).toBe(false);
    expect(tabOwns({ owns: (path) => path === 'x' }, 'x')).toBe(true);
  });

  it('is how the shared hasErrorsUnder reads its prefixes', () => {
    expect(hasErrorsUnder({ commission_adult_sum: ['…'] }, ['commission_'])).toBe(true);
    expect(hasErrorsUnder({ 'rooms.10.x': ['…'] }, ['rooms.1'])).toBe(false);
  });
});

describe('tabOwnership', () => {
  const tabs = tabOwnership({ rooms: ['rooms'], commission: ['commission_', 'is_differentiate'], seo: ['seo_'] });

  it('gives each tab its predicate and the rest to the general tab', () => {
    expect(tabs.owns.rooms('rooms.0.dates.1.from')).toBe(true);
    expect(tabs.owns.commission('is_differentiate')).toBe(true);
    expect(tabs.owns.commission('commission_adv_adult_type')).toBe(true);
    expect(tabs.owns.seo('seo_h1')).toBe(true);
    expect(tabs.rest('name')).toBe(true);
    expect(tabs.rest('seo_h1')).toBe(false);
    expect(tabs.rest('rooms.2')).toBe(false);
  });

  it('names the tab of a path, undefined for the rest', () => {
    expect(['rooms.4.photos.0.path', 'commission_sum', 'seo_description', 'slug'].map(tabs.tabOf)).toEqual(['rooms', 'commission', 'seo', undefined]);
  });

  it('owner() is the claim as a predicate', () => {
    const commission = owner(['commission_']);
    expect(commission('commission_adult_type')).toBe(true);
    expect(commission('adult_price')).toBe(false);
  });
});
