/**
 * The filter bar of the applications list (spec 03 §2.1): every filter lives in the query string
 * (useResourceList), so a view is bookmarked and opened from the clients' and agencies' screens with
 * `?client_id=` / `?agency_id=`. The client and agency pickers exclude each other; the platform is
 * offered only for the mobile application's applications. The dictionaries come from
 * `GET /applications/filters`, which names the client or agency the query points at.
 */
import { Button, HTMLSelect } from '@blueprintjs/core';
import { APPLICATION_LIMITS, APPLICATION_SOURCES, ApplicationSource, OFFICE_SOURCE_LABEL, REQUESTER_TYPES, SOURCE_PLATFORMS } from '@shared/applications/constants';
import { OFFICE_SOURCE, type ApplicationFilters, type ApplicationListRow } from '@shared/applications/list';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import type { IdName } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/http';
import { DateField } from '../../../common/form/DateFields';
import { PickerField } from '../../../common/form/PickerField';
import { ListSearchBox } from '../../../common/resource/ListToolbar';
import type { ResourceList } from '../../../common/resource/useResourceList';

/** The query-string names of the list's filters (shared/applications/list.ts): the bar draws all but `is_watched`, which is still read from a bookmarked address. */
export const APPLICATION_FILTER_PARAMS = ['type', 'status', 'payment_status', 'start_date', 'client_id', 'agency_id', 'city_id', 'unread_messages', 'source', 'platform', 'requester_type', 'is_watched'] as const;

const T = MESSAGES.applicationList;

interface SelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
  testId?: string;
}

/**
 * A select of one filter: '{label}: все' first, then the values. The selects are narrow, so the title
 * names the filter and its whole value (a chosen value alone, cut short, does not say whose it is).
 */
function FilterSelect({ label, value, options, onChange, testId }: SelectProps) {
  const chosen = options.find((option) => option.value === value)?.label ?? MESSAGES.list.all;
  return (
    <HTMLSelect
      aria-label={label}
      title={`${label}: ${chosen}`}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={[{ value: '', label: `${label}: ${MESSAGES.list.all}` }, ...options]}
    />
  );
}

const idNames = (items: readonly IdName[] | undefined) => (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

export function ApplicationFiltersBar({ list }: { list: ResourceList<ApplicationListRow> }) {
  const filters = list.params.filters;
  const value = (name: (typeof APPLICATION_FILTER_PARAMS)[number]) => filters[name] ?? '';
  const set = (changes: Partial<Record<(typeof APPLICATION_FILTER_PARAMS)[number], string | null>>) => list.update(changes);
  const clientId = value('client_id');
  const agencyId = value('agency_id');

  const dictionaries = useQuery({
    queryKey: [APPLICATION_PATHS.filters, clientId, agencyId],
    queryFn: ({ signal }) => api.get<ApplicationFilters>(APPLICATION_PATHS.filters, { client_id: clientId || undefined, agency_id: agencyId || undefined }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const data = dictionaries.data;
  const namedClient = data?.clients.find((client) => String(client.id) === clientId);
  const namedAgency = data?.agencies.find((agency) => String(agency.id) === agencyId);
  const anyFilter = Object.keys(filters).length > 0 || list.searchText !== '';

  return (
    <div className="list-toolbar app-filters" role="search">
      <ListSearchBox list={list} maxLength={APPLICATION_LIMITS.search} className="app-search" placeholder={MESSAGES.applicationList.searchPlaceholder} />
      <FilterSelect label="Тип" value={value('type')} options={idNames(data?.application.types)} onChange={(next) => set({ type: next })} />
      <FilterSelect label="Статус" value={value('status')} options={idNames(data?.application.statuses)} onChange={(next) => set({ status: next })} />
      <FilterSelect label="Статус оплаты" value={value('payment_status')} options={idNames(data?.application.payment_statuses)} onChange={(next) => set({ payment_status: next })} />
      <div className="app-filter-date">
        <DateField
          value={value('start_date') || null}
          aria-label="Дата начала"
          placeholder="Дата начала"
          // Only a whole day filters; a half-typed one waits.
          onChange={(next) => {
            if (next === null || next === '') set({ start_date: null });
            else if (/^\d{4}-\d{2}-\d{2}$/.test(next)) set({ start_date: next });
          }}
        />
      </div>
      <div className="app-filter-picker">
        <label htmlFor="filter-client_id" className="visually-hidden">
          Клиент
        </label>
        <PickerField
          id="filter-client_id"
          path="/clients"
          value={clientId ? Number(clientId) : null}
          selected={namedClient ? { id: namedClient.id, name: namedClient.full_name } : null}
          onChange={(next) => set({ client_id: next === null ? null : String(next) })}
          clearable
          disabled={agencyId !== ''}
          placeholder={`Клиент: ${MESSAGES.list.all}`}
          testId="filter-client"
        />
      </div>
      <div className="app-filter-picker">
        <label htmlFor="filter-agency_id" className="visually-hidden">
          Агентство
        </label>
        <PickerField
          id="filter-agency_id"
          path="/agencies"
          value={agencyId ? Number(agencyId) : null}
          selected={namedAgency ?? null}
          onChange={(next) => set({ agency_id: next === null ? null : String(next) })}
          clearable
          disabled={clientId !== ''}
          placeholder={`Агентство: ${MESSAGES.list.all}`}
          testId="filter-agency"
        />
      </div>
      <FilterSelect label="Город" value={value('city_id')} options={idNames(data?.cities)} onChange={(next) => set({ city_id: next })} />
      <FilterSelect
        label="Непрочитанные"
        value={value('unread_messages')}
        options={[
          { value: '1', label: 'Есть непрочитанные' },
          { value: '0', label: 'Нет непрочитанных' },
        ]}
        onChange={(next) => set({ unread_messages: next })}
      />
      <FilterSelect
        label="Источник"
        value={value('source')}
        options={[{ value: OFFICE_SOURCE, label: OFFICE_SOURCE_LABEL }, ...APPLICATION_SOURCES.map((source) => ({ value: source.id, label: source.name }))]}
        // The platform belongs to the mobile application: another source forgets it.
        onChange={(next) => set(next === ApplicationSource.MobileApplication ? { source: next } : { source: next, platform: null })}
      />
      {value('source') === ApplicationSource.MobileApplication && (
        <FilterSelect label="Платформа" value={value('platform')} options={SOURCE_PLATFORMS.map((platform) => ({ value: platform, label: platform }))} onChange={(next) => set({ platform: next })} />
      )}
      <FilterSelect label="Тип заказчика" value={value('requester_type')} options={REQUESTER_TYPES.map((type) => ({ value: type.id, label: type.name }))} onChange={(next) => set({ requester_type: next })} />
      {anyFilter && (
        <Button
          variant="minimal"
          icon="filter-remove"
          text={T.resetFilters}
          onClick={() => {
            list.setSearchText('');
            list.update({ query: null, ...Object.fromEntries(APPLICATION_FILTER_PARAMS.map((name) => [name, null])) });
          }}
        />
      )}
    </div>
  );
}
