/** The row over a list: the search box (sent 700 ms after typing, see useResourceList) and the list's filters. */
import { HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { LIST_DEFAULTS } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { useOptions } from '../form/fields';
import type { FilterSpec, RowBase } from './definition';
import type { ResourceList } from './useResourceList';

export function ListToolbar<Row extends RowBase>({ list, filters }: { list: ResourceList<Row>; filters: FilterSpec[] }) {
  return (
    <div className="list-toolbar">
      <ListSearchBox list={list} />
      {filters.map((filter) => (
        <ListFilterSelect key={filter.param} filter={filter} value={list.params.filters[filter.param] ?? ''} onChange={(value) => list.update({ [filter.param]: value })} />
      ))}
    </div>
  );
}

/**
 * A list's search box: what is typed goes to the list 700 ms later (useResourceList); a spinner while
 * the list is read. `placeholder` says what it searches when 'Поиск' would leave a user guessing.
 */
export function ListSearchBox<Row extends RowBase>({
  list,
  maxLength = LIST_DEFAULTS.searchMaxLength,
  className,
  placeholder = MESSAGES.list.searchPlaceholder,
}: {
  list: ResourceList<Row>;
  maxLength?: number;
  className?: string;
  placeholder?: string;
}) {
  return (
    <InputGroup
      type="search"
      leftIcon="search"
      placeholder={placeholder}
      maxLength={maxLength}
      value={list.searchText}
      onValueChange={list.setSearchText}
      rightElement={list.list.isFetching ? <Spinner size={16} className="search-spinner" aria-label={MESSAGES.list.loading} /> : undefined}
      // Named 'Поиск' whatever the placeholder: the box's name, the placeholder says what it searches.
      aria-label={MESSAGES.list.searchPlaceholder}
      className={className}
    />
  );
}

/** A list filter: a flag (all / yes / no) or a select of options (all / each option). */
function ListFilterSelect({ filter, value, onChange }: { filter: FilterSpec; value: string; onChange(value: string): void }) {
  const options = useOptions(filter.kind === 'select' ? filter.options : { items: [] }).items;
  const choices =
    filter.kind === 'select'
      ? options.map((option) => ({ value: String(option.id), label: option.name }))
      : [
          { value: '1', label: filter.yes },
          { value: '0', label: filter.no },
        ];
  return (
    <HTMLSelect
      aria-label={filter.label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={[{ value: '', label: `${filter.label}: ${MESSAGES.list.all}` }, ...choices]}
    />
  );
}
