import { useCallback, useMemo, useState } from 'react';
import type { RowBase } from './definition';
import { pageState, selectionIn, selectionScope, toggleRow, togglePage, type Selection } from './rowSelection';
import type { ResourceList } from './useResourceList';

/** The selected rows of a list (see rowSelection.ts): kept across its pages, cleared by a new filter or search. */
export function useRowSelection<Row extends RowBase>(list: ResourceList<Row>) {
  const scope = selectionScope(list.params);
  const [stored, setStored] = useState<Selection>({ scope, ids: new Set() });
  const selection = selectionIn(stored, scope);
  const pageIds = useMemo(() => list.rows.map((row) => row.id), [list.rows]);
  const update = (change: (current: Selection) => Selection) => setStored((current) => change(selectionIn(current, scope)));
  const clear = useCallback(() => setStored({ scope, ids: new Set() }), [scope]);
  return {
    ids: [...selection.ids],
    count: selection.ids.size,
    isSelected: (id: number) => selection.ids.has(id),
    toggle: (id: number) => update((current) => toggleRow(current, id)),
    page: pageState(selection, pageIds),
    togglePage: () => update((current) => togglePage(current, pageIds)),
    clear,
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;
