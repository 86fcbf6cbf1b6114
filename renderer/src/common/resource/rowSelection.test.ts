import { describe, expect, it } from 'vitest';
import { pageState, selectionIn, selectionScope, toggleRow, togglePage, type Selection } from './rowSelection';

const scopeOf = (query: string, filters: Record<string, string>) => selectionScope({ query, filters });
const empty = (scope: string): Selection => ({ scope, ids: new Set() });

describe('row selection', () => {
  it('keeps the chosen rows across pages of one filter', () => {
    const scope = scopeOf('', { status: '2' });
    let selection = togglePage(empty(scope), [1, 2, 3]);
    selection = toggleRow(selectionIn(selection, scope), 7); // a row of page 2
    expect([...selection.ids].sort()).toEqual([1, 2, 3, 7]);
    // Page, size and sort are not part of the scope: the same filter on another page keeps them.
    expect(selectionIn(selection, scopeOf('', { status: '2' })).ids.size).toBe(4);
    expect(pageState(selection, [1, 2, 3])).toBe('all');
    expect(pageState(selection, [7, 8])).toBe('some');
    expect(pageState(selection, [9, 10])).toBe('none');
  });

  it('forgets them when the filter or the search changes', () => {
    const selection = togglePage(empty(scopeOf('', { status: '2' })), [1, 2]);
    expect(selectionIn(selection, scopeOf('', { status: '3' })).ids.size).toBe(0);
    expect(selectionIn(selection, scopeOf('иванов', { status: '2' })).ids.size).toBe(0);
    expect(selectionIn(selection, scopeOf('', {})).ids.size).toBe(0);
  });

  it('does not tell filters apart by their order or by blank values', () => {
    expect(scopeOf(' a ', { status: '2', type: '1' })).toBe(scopeOf('a', { type: '1', status: '2', city_id: '' }));
  });

  it('header checkbox: adds the whole page, clears a wholly chosen one, row toggles both ways', () => {
    const scope = scopeOf('', {});
    let selection = toggleRow(empty(scope), 2);
    selection = togglePage(selection, [1, 2, 3]);
    expect([...selection.ids].sort()).toEqual([1, 2, 3]);
    selection = togglePage(selection, [1, 2, 3]);
    expect(selection.ids.size).toBe(0);
    selection = toggleRow(toggleRow(selection, 5), 5);
    expect(selection.ids.size).toBe(0);
  });
});
