/**
 * The analytics' filter bar (spec 03 §7 "Analytics"; issue 29): every filter of ANALYTICS_FILTERS as
 * a labelled field in a panel that folds away. Fixed lists (statuses, types, cities, directions,
 * sources…) come from `GET /analytics/data`; records of tables that grow without bound (clients,
 * agencies, their employees, vendors, managers, products) are bounded pickers searched on the server,
 * named by the same reply when the address already chose them. A product is one of the chosen kind
 * (locked until a kind is chosen), an agency employee one of the chosen agency's (locked until then).
 */
import { Button, Collapse, Spinner } from '@blueprintjs/core';
import { analyticsPeriod, type AnalyticsData } from '@shared/analytics/analytics';
import { APPLICATION_PATHS, PRODUCT_SEGMENTS } from '@shared/applications/paths';
import type { ProductKind } from '@shared/applications/constants';
import type { IdName } from '@shared/api';
import { typedDate } from '@shared/dates';
import { MESSAGES } from '@shared/messages';
import { STAFF_PICKERS } from '@shared/resources/users';
import { useState } from 'react';
import { DateField } from '../../common/form/DateFields';
import { FormFields, type FieldRenderProps, type FieldSpec, type Option } from '../../common/form/fields';
import { LockableGroup } from '../../common/form/locks';
import { PickerField } from '../../common/form/PickerField';
import { addressChanges, formValues, type AnalyticsFilterKey, type useAnalyticsFilters } from './useAnalyticsFilters';

const F = MESSAGES.analytics.filters;
const ALL = MESSAGES.list.all;
type Values = Record<string, unknown>;

const items = (list: readonly Option[] | undefined) => ({ items: (list ?? []).map(({ id, name }) => ({ id, name })) });

/** A bounded picker as a field: its list's path (none while it is locked), the list's filters, the name the data gave for the chosen record. */
function pickerField(name: AnalyticsFilterKey, label: string, options: { path: (values: Values) => string | null; params?: (values: Values) => Record<string, number>; named: IdName[] | undefined; lockedReason?: string }): FieldSpec {
  return {
    name,
    label,
    kind: 'custom',
    render: ({ values, setValue, errors }: FieldRenderProps) => {
      const path = options.path(values);
      const value = typeof values[name] === 'number' ? (values[name] as number) : null;
      const error = errors[name]?.[0];
      return (
        <LockableGroup lockedReason={path === null ? (options.lockedReason ?? null) : null} label={label} labelFor={`analytics-${name}`} helperText={error} intent={error ? 'danger' : 'none'}>
          <PickerField
            id={`analytics-${name}`}
            path={path ?? ''}
            params={options.params?.(values)}
            value={value}
            selected={options.named?.find((item) => item.id === value) ?? null}
            onChange={(next) => setValue(name, next)}
            clearable
            disabled={path === null}
            intent={error ? 'danger' : 'none'}
            placeholder={ALL}
            testId={`analytics-filter-${name}`}
          />
        </LockableGroup>
      );
    },
  };
}

/**
 * A date filter. Only a whole day reaches the address; a half-typed one waits in the field. The
 * creation period's ends show their default (this year) while empty.
 */
function dateField(name: 'start_date' | 'date_from' | 'date_to', label: string): FieldSpec {
  return {
    name,
    label,
    kind: 'custom',
    render: ({ values, setValue, errors }: FieldRenderProps) => {
      const error = errors[name]?.[0];
      const fallback = name === 'start_date' ? null : analyticsPeriod(values as { date_from?: string; date_to?: string })[name];
      return (
        <LockableGroup label={label} labelFor={`analytics-${name}`} helperText={error} intent={error ? 'danger' : 'none'}>
          <DateField
            id={`analytics-${name}`}
            value={values[name] ?? null}
            intent={error ? 'danger' : 'none'}
            placeholder={fallback ? typedDate(fallback) : undefined}
            onChange={(next) => {
              if (next === null || next === '') setValue(name, null);
              else if (/^\d{4}-\d{2}-\d{2}$/.test(next)) setValue(name, next);
            }}
          />
        </LockableGroup>
      );
    },
  };
}

/** In rows of six at 1366 px: what the applications are (statuses, type, payment, source), when and where, then whose. */
function filterFields(data: AnalyticsData | undefined): FieldSpec[] {
  const select = (name: AnalyticsFilterKey, label: string, list: readonly Option[] | undefined): FieldSpec => ({ name, label, kind: 'select', clearable: true, placeholder: ALL, options: items(list) });
  return [
    { name: 'statuses_ids', label: F.statuses, kind: 'multiselect', placeholder: F.statusesAll, options: items(data?.statuses) },
    select('type', F.type, data?.application_types),
    select('payment_status', F.paymentStatus, data?.payment_statuses),
    select('payment_method', F.paymentMethod, data?.payment_methods),
    select('source', F.source, data?.sources),
    select('platform', F.platform, data?.platforms),
    dateField('date_from', F.createdFrom),
    dateField('date_to', F.createdTo),
    dateField('start_date', F.startDate),
    select('city_id', F.city, data?.cities),
    select('direction_id', F.direction, data?.directions),
    pickerField('user_id', F.manager, { path: () => STAFF_PICKERS.everyone, named: data?.users }),
    select('subject_id', F.subject, data?.subjects),
    pickerField('product_id', F.product, {
      path: (values) => (typeof values.subject_id === 'string' ? `/${PRODUCT_SEGMENTS[values.subject_id as ProductKind]}` : null),
      named: data?.products,
      lockedReason: MESSAGES.analytics.productNeedsSubject,
    }),
    pickerField('client_id', F.client, { path: () => '/clients', named: data?.clients }),
    pickerField('agency_id', F.agency, { path: () => '/agencies', named: data?.agencies }),
    pickerField('agency_user_id', F.agencyUser, {
      path: (values) => (typeof values.agency_id === 'number' ? APPLICATION_PATHS.agencyUsers : null),
      params: (values) => ({ agency_id: values.agency_id as number }),
      named: data?.agency_users,
      lockedReason: MESSAGES.analytics.agencyUserNeedsAgency,
    }),
    pickerField('vendor_id', F.vendor, { path: () => '/vendors', named: data?.vendors }),
  ];
}

export function AnalyticsFiltersBar({ filters, data, busy }: { filters: ReturnType<typeof useAnalyticsFilters>; data: AnalyticsData | undefined; busy: boolean }) {
  const [open, setOpen] = useState(true);
  const values = formValues(filters.raw);
  const setValue = (name: string, value: unknown) => filters.set(addressChanges(name as AnalyticsFilterKey, value));
  return (
    <section className="analytics-filters" aria-label={F.toggle(0)}>
      <div className="analytics-filters-head">
        <Button variant="minimal" icon="filter" endIcon={open ? 'chevron-up' : 'chevron-down'} text={F.toggle(filters.count)} aria-expanded={open} onClick={() => setOpen(!open)} />
        {filters.count > 0 && <Button variant="minimal" icon="filter-remove" text={F.reset} onClick={filters.reset} />}
        {busy && <Spinner size={16} aria-label={MESSAGES.list.loading} />}
      </div>
      <Collapse isOpen={open} keepChildrenMounted>
        <div className="analytics-filter-grid">
          <FormFields fields={filterFields(data)} form={{ values, setValue, errors: filters.errors }} idPrefix="analytics" />
        </div>
      </Collapse>
    </section>
  );
}
