/**
 * The picker of a record from a table that grows without bound (clients, staff, agencies, their
 * employees; hotels, tours and applications as they come): it never loads the table, it asks
 * `GET {path}/list?query=…&limit=50` as the user types (debounced) and shows the server's matches
 * by name. The server searches the list's whole search text (name, phone, e-mail), so the matches
 * are shown as they come, not filtered again here. The chosen record keeps its name while other
 * matches are shown; on an edit form `selected(values)` gives it before any search.
 */
import { Button, Intent, Menu, MenuItem } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import type { IdName } from '@shared/api';
import { PICKER_LIMITS, pickerPath } from '@shared/list';
import { MESSAGES } from '@shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../api/http';
import { useDebouncedValue } from '../useDebouncedValue';

export interface PickerProps {
  id: string;
  /** The list's path, e.g. `/clients` or `/agencies/7/agency-users`. */
  path: string;
  value: number | null;
  onChange(value: number | null): void;
  /** The chosen record's id and name when it is already known (an edit form's record). */
  selected?: IdName | null;
  clearable?: boolean;
  intent?: Intent;
  disabled?: boolean;
  /** Button text while nothing is chosen. */
  placeholder?: string;
  testId?: string;
  /** The list's filters the matches are narrowed by (the hotels of one city: `{ city_id: 5 }`). */
  params?: Record<string, string | number>;
  /** Records not offered (those already chosen in a list the picker adds to). */
  exclude?: readonly number[];
  /** The record chosen, with its name (a picker that adds to a list keeps `value` null). */
  onPick?(item: IdName): void;
}

/** The server's matches for the typed text: the first `PICKER_LIMITS.default` by name. */
export function usePickerMatches(path: string, typed: string, enabled: boolean, params: Record<string, string | number> = {}) {
  const query = useDebouncedValue(typed.trim(), PICKER_LIMITS.debounceMs);
  const result = useQuery({
    queryKey: ['picker', path, query, params],
    queryFn: ({ signal }) => api.get<{ data: IdName[] }>(pickerPath(path), { ...params, query, limit: PICKER_LIMITS.default }, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return { matches: result.data?.data, searching: result.isFetching || query !== typed.trim() };
}

export function PickerField({ id, path, value, onChange, selected, clearable, intent, disabled, placeholder, testId, params, exclude, onPick }: PickerProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { matches: found, searching } = usePickerMatches(path, typed, open, params);
  const matches = exclude && found ? found.filter((match) => !exclude.includes(match.id)) : found;
  const known = useRef(new Map<number, IdName>()).current;
  if (selected) known.set(selected.id, selected);
  for (const match of matches ?? []) known.set(match.id, match);
  const chosen = value === null ? undefined : known.get(value);
  const items = matches ?? [];

  return (
    <div className="select-field">
      <Select<IdName>
        items={items}
        itemsEqual="id"
        itemRenderer={(item, { handleClick, handleFocus, modifiers }) => (
          <MenuItem key={item.id} text={item.name} active={modifiers.active} selected={item.id === value} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" />
        )}
        itemListRenderer={({ items: shown, renderItem, itemsParentRef }) => (
          <Menu ulRef={itemsParentRef} role="listbox" data-testid={testId ? `${testId}-menu` : undefined}>
            {shown.length === 0 ? (
              <MenuItem disabled text={matches === undefined || searching ? MESSAGES.list.searching : MESSAGES.list.nothingFound} roleStructure="listoption" />
            ) : (
              shown.map(renderItem)
            )}
            {shown.length >= PICKER_LIMITS.default && <MenuItem disabled text={MESSAGES.list.pickerMore(PICKER_LIMITS.default)} roleStructure="listoption" />}
          </Menu>
        )}
        onItemSelect={(item) => {
          known.set(item.id, item);
          onChange(item.id);
          onPick?.(item);
        }}
        query={typed}
        onQueryChange={setTyped}
        resetOnClose={false}
        inputProps={{ placeholder: MESSAGES.list.searchPlaceholder }}
        popoverProps={{ minimal: true, matchTargetWidth: true, onOpening: () => setOpen(true), onClosed: () => setOpen(false) }}
        disabled={disabled}
        fill
      >
        <Button id={id} fill alignText="start" endIcon="caret-down" intent={intent} text={chosen?.name ?? placeholder ?? 'Выберите…'} disabled={disabled} data-testid={testId} />
      </Select>
      {clearable && value !== null && <Button variant="minimal" icon="cross" aria-label="Очистить" onClick={() => onChange(null)} disabled={disabled} />}
    </div>
  );
}
