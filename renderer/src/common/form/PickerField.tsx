/**
 * The picker of a record from a table that grows without bound (clients, staff, agencies, their
 * employees; hotels, tours and applications as they come): it never loads the table, it asks
 * `GET {path}/list?query=…&limit=50` as the user types (debounced) and shows the server's matches
 * by name. The server searches the list's whole search text (name, phone, e-mail), so the matches
 * are shown as they come, not filtered again here. The chosen record keeps its name while other
 * matches are shown; on an edit form `selected(values)` gives it before any search. Each match shows
 * under its name what tells it apart from namesakes (the server's `detail`: a hotel's city, a
 * client's phone and e-mail). The search box takes the letters typed right after the click and
 * starts empty each time the picker opens.
 */
import { Button, Intent, Menu, MenuItem } from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import type { IdName } from '@shared/api';
import { PICKER_LIMITS, pickerPath } from '@shared/list';
import { MESSAGES } from '@shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
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

/**
 * A picker row's MenuItem text: the name, and under it, muted, what tells it apart (`detail`); both
 * wrap rather than being cut, so a long hotel name and its city stay readable in a narrow field. The
 * row is named by its name alone and described by its detail (what a screen reader says after it).
 */
export function pickerItemProps(name: string, detail: string | null | undefined): { text: ReactNode; multiline?: boolean; 'aria-description'?: string } {
  if (!detail) return { text: name };
  const text = (
    <span className="picker-item">
      <span className="picker-item-name">{name}</span>{' '}
      <span className="picker-item-detail bp6-text-muted" aria-hidden>
        {detail}
      </span>
    </span>
  );
  return { text, multiline: true, 'aria-description': detail };
}

/**
 * The search box of a Blueprint select, focused as its popover starts opening: Blueprint focuses it
 * only once the opening transition ends (~0.3 s), and the letters typed meanwhile were lost.
 */
export function useSearchBoxFocus() {
  const input = useRef<HTMLInputElement | null>(null);
  return { inputRef: input, focus: () => input.current?.focus() };
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
  const searchBox = useSearchBoxFocus();

  return (
    <div className="select-field">
      <Select<IdName>
        items={items}
        itemsEqual="id"
        itemRenderer={(item, { handleClick, handleFocus, modifiers }) => (
          <MenuItem key={item.id} {...pickerItemProps(item.name, item.detail)} active={modifiers.active} selected={item.id === value} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" />
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
        // Each opening starts with an empty box (the previous search is not carried over).
        resetOnClose
        inputProps={{ placeholder: MESSAGES.list.searchPlaceholder, inputRef: searchBox.inputRef }}
        popoverProps={{
          minimal: true,
          matchTargetWidth: true,
          onOpening: () => {
            setOpen(true);
            searchBox.focus();
          },
          onClosed: () => setOpen(false),
        }}
        disabled={disabled}
        fill
      >
        <Button id={id} fill alignText="start" endIcon="caret-down" intent={intent} text={chosen?.name ?? placeholder ?? 'Выберите…'} disabled={disabled} data-testid={testId} />
      </Select>
      {clearable && !disabled && value !== null && <Button variant="minimal" icon="cross" aria-label="Очистить" onClick={() => onChange(null)} />}
    </div>
  );
}
