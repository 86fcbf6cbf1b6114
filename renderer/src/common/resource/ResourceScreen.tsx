/**
 * The generic list screen (spec 01 §2.3) serving every simple resource: server paging with the page
 * in the query string, debounced search, sortable columns, filters, active switch, add/edit dialog
 * and delete with confirmation. A resource brings only its declaration (./definition.ts).
 */
import { Alert, Breadcrumbs, Button, Card, H2, HTMLSelect, HTMLTable, Icon, InputGroup, Intent, Spinner, Switch } from '@blueprintjs/core';
import { LIST_DEFAULTS, type Paged, type SwitchReply } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api, ApiError } from '../../api/http';
import { useSession } from '../../api/session';
import { COUNTERS_QUERY_KEY } from '../../app/counters';
import { useOptions } from '../form/fields';
import { toast } from '../toaster';
import { useDebouncedValue } from '../useDebouncedValue';
import type { EditableScreenDefinition, FilterSpec, ResourceScreenDefinition, RowActionSpec, RowBase, SwitchColumnSpec, ToolbarActionSpec } from './definition';
import { Pagination } from './Pagination';
import { ResourceDialog } from './ResourceDialog';
import { ResourceViewDialog } from './ResourceViewDialog';
import { PAGE_SIZES, useListParams } from './useListParams';

type DialogState = { open: false } | { open: true; id?: number };

export function ResourceScreen<Row extends RowBase>({ definition }: { definition: ResourceScreenDefinition<Row> }) {
  const { resource } = definition;
  // A path with route parameters (`/agencies/:agency_id/agency-users`) is filled from the page's route.
  const routeParams = useParams();
  const path = resource.path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? ''));
  const navigate = useNavigate();
  const filterNames = useMemo(() => (definition.filters ?? []).map((filter) => filter.param), [definition.filters]);
  const [params, update] = useListParams(filterNames);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const closeView = useCallback(() => setViewing(null), []);
  const [toConfirm, setToConfirm] = useState<{ action: RowActionSpec<Row>; row: Row } | null>(null);
  const user = useSession((state) => state.user);
  // No form, or a read-only resource (logs): no add button and no edit action.
  const editable = Boolean(definition.form) && !resource.readOnly;

  // Search text: typed freely, sent 700 ms after the last keystroke.
  const [searchText, setSearchText] = useState(params.query);
  const debouncedSearch = useDebouncedValue(searchText, LIST_DEFAULTS.searchDebounceMs);
  useEffect(() => {
    if (debouncedSearch.trim() !== params.query) update({ query: debouncedSearch.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced text triggers a search
  }, [debouncedSearch]);

  const list = useQuery({
    queryKey: [path, 'list', params],
    queryFn: ({ signal }) =>
      api.get<Paged<Row>>(
        path,
        { page: params.page, limit: params.limit, query: params.query, orderBy: params.orderBy, ascending: params.orderBy || !params.ascending ? (params.ascending ? 1 : 0) : undefined, ...params.filters },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [path] });

  const rows = list.data?.data ?? [];
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / params.limit));
  // After a delete on the last page, step back to the page that still exists.
  useEffect(() => {
    if (list.data && params.page > pages) update({ page: pages });
  }, [list.data, params.page, pages, update]);

  const remove = useMutation({
    mutationFn: (row: Row) => api.delete(`${path}/${row.id}`),
    onSuccess: () => {
      toast.success(resource.messages.deleted);
      void refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 500) return; // the global 'Ошибка' toast was shown
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast.error(message ?? (error instanceof ApiError && error.status === 403 ? MESSAGES.errors.inUse : (resource.messages.deleteFailed ?? MESSAGES.errors.deleteFailed)));
    },
  });

  const runAction = useMutation({
    mutationFn: async ({ action, row }: { action: RowActionSpec<Row>; row: Row }) => action.run?.(row),
    onSettled: () => void refresh(),
  });

  const runToolbar = useMutation({ mutationFn: async (action: ToolbarActionSpec) => action.run?.() });

  // Opening a record may mark it seen (the 'Новый' mark and the header counters).
  const closeDialog = () => {
    setDialog({ open: false });
    if (definition.refreshesCounters) {
      void queryClient.invalidateQueries({ queryKey: COUNTERS_QUERY_KEY });
      void refresh();
    }
  };

  const switchFlag = useMutation({
    mutationFn: ({ row, segment }: { row: Row; segment: string }) => api.put<SwitchReply>(`${path}/${row.id}/${segment}`),
    onSuccess: (reply, { segment }) => {
      const column = resource.switches?.[segment] ?? '';
      const describe = MESSAGES.switches[segment] ?? MESSAGES.switches.active!;
      toast.success(describe(reply.name, Boolean(reply[column])));
      void refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status >= 500) return;
      toast.error((error instanceof ApiError && error.status === 403 && error.serverMessage) || MESSAGES.errors.generic);
    },
  });

  const sortBy = (key: string) => {
    const current = params.orderBy ?? 'id';
    update(current === key ? { orderBy: key, ascending: !params.ascending } : { orderBy: key, ascending: true });
  };
  const sortedColumn = params.orderBy ?? 'id';
  const from = count === 0 ? 0 : (params.page - 1) * params.limit + 1;
  const to = Math.min(count, params.page * params.limit);
  const switches = definition.switches ?? [];
  // A switch column stands after the column its `after` names, else after all columns.
  const switchesAfter = (key: string | undefined) => switches.filter((column) => column.after === key || (key === undefined && !definition.columns.some((other) => other.key === column.after)));
  const switchHeader = (column: SwitchColumnSpec) => (
    <th key={column.segment} style={{ width: 110 }}>
      {column.title}
    </th>
  );
  const switchCell = (column: SwitchColumnSpec, row: Row) => (
    <td key={column.segment}>
      <Switch
        checked={Boolean((row as Record<string, unknown>)[resource.switches?.[column.segment] ?? ''])}
        disabled={switchFlag.isPending}
        onChange={() => switchFlag.mutate({ row, segment: column.segment })}
        aria-label={column.title}
        className="row-switch"
        role="switch"
      />
    </td>
  );
  const columnCount = definition.columns.length + switches.length + 1;

  return (
    <Card className="resource-screen" elevation={1}>
      <div className="screen-heading">
        <div>
          {definition.breadcrumbs && (
            <Breadcrumbs
              items={definition.breadcrumbs(list.data as Record<string, unknown> | undefined).map(({ text, to }) => ({ text, href: to, onClick: to ? (event) => (event.preventDefault(), navigate(to)) : undefined }))}
            />
          )}
          <H2>{definition.title}</H2>
          {definition.subtitle && <div className="bp6-text-muted">{typeof definition.subtitle === 'function' ? definition.subtitle(list.data as Record<string, unknown> | undefined) : definition.subtitle}</div>}
        </div>
        <div className="screen-heading-actions">
          {user &&
            (definition.toolbar ?? [])
              .filter((action) => action.visible?.(user) ?? true)
              .map((action) => (
                <Button
                  key={action.text}
                  icon={action.icon}
                  text={action.text}
                  intent={action.intent}
                  loading={runToolbar.isPending && runToolbar.variables === action}
                  onClick={() => (action.to ? navigate(action.to()) : runToolbar.mutate(action))}
                />
              ))}
          {editable && <Button intent={Intent.PRIMARY} icon="add" text={MESSAGES.list.add} onClick={() => setDialog({ open: true })} />}
        </div>
      </div>

      <div className="list-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={MESSAGES.list.searchPlaceholder}
          maxLength={LIST_DEFAULTS.searchMaxLength}
          value={searchText}
          onValueChange={setSearchText}
          rightElement={list.isFetching ? <Spinner size={16} className="search-spinner" /> : undefined}
          aria-label={MESSAGES.list.searchPlaceholder}
        />
        {(definition.filters ?? []).map((filter) => (
          <ListFilterSelect key={filter.param} filter={filter} value={params.filters[filter.param] ?? ''} onChange={(value) => update({ [filter.param]: value })} />
        ))}
      </div>

      <HTMLTable className="resource-table" striped interactive compact aria-busy={list.isFetching}>
        <thead>
          <tr>
            {definition.columns.map((column) => {
              const sortable = resource.sortable.includes(column.key);
              const sorted = sortedColumn === column.key;
              return [
                <th
                  key={column.key}
                  style={{ width: column.width }}
                  className={sortable ? 'sortable' : undefined}
                  onClick={sortable ? () => sortBy(column.key) : undefined}
                  aria-sort={sorted ? (params.ascending ? 'ascending' : 'descending') : undefined}
                >
                  {column.title}
                  {sortable && <Icon icon={sorted ? (params.ascending ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical'} size={12} className="sort-icon" />}
                </th>,
                ...switchesAfter(column.key).map(switchHeader),
              ];
            })}
            {switchesAfter(undefined).map(switchHeader)}
            <th style={{ width: 100 }} aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !list.isPending && (
            <tr>
              <td colSpan={columnCount} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {list.isPending && (
            <tr>
              <td colSpan={columnCount}>
                <Spinner size={24} />
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id}>
              {definition.columns.map((column) => [
                <td key={column.key}>{column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}</td>,
                ...switchesAfter(column.key).map((switchColumn) => switchCell(switchColumn, row)),
              ])}
              {switchesAfter(undefined).map((column) => switchCell(column, row))}
              <td className="row-actions">
                {definition.view && <Button variant="minimal" icon="eye-open" aria-label={MESSAGES.list.view} title={MESSAGES.list.view} onClick={() => setViewing(row.id)} />}
                {user &&
                  (definition.rowActions ?? [])
                    .filter((action) => action.visible?.(row, user) ?? true)
                    .map((action) => (
                      <Button
                        key={action.title}
                        variant="minimal"
                        icon={action.icon}
                        intent={action.intent}
                        aria-label={action.title}
                        title={action.title}
                        disabled={runAction.isPending}
                        onClick={() => (action.to ? navigate(action.to(row)) : action.confirm ? setToConfirm({ action, row }) : runAction.mutate({ action, row }))}
                      />
                    ))}
                {editable && <Button variant="minimal" icon="edit" aria-label={MESSAGES.list.edit} title={MESSAGES.list.edit} onClick={() => setDialog({ open: true, id: row.id })} />}
                {user && (definition.canDelete?.(row, user) ?? true) && (
                  <Button variant="minimal" intent={Intent.DANGER} icon="trash" aria-label={MESSAGES.list.delete} title={MESSAGES.list.delete} onClick={() => setToDelete(row)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>

      <div className="list-footer">
        <span data-testid="list-count">{MESSAGES.list.shown(from, to, count)}</span>
        <div className="list-footer-controls">
          <Pagination page={Math.min(params.page, pages)} pages={pages} onPage={(page) => update({ page })} />
          <HTMLSelect
            aria-label="Записей на странице"
            value={params.limit}
            onChange={(event) => update({ limit: Number(event.currentTarget.value) })}
            options={PAGE_SIZES.map((size) => ({ value: size, label: `по ${size}` }))}
          />
        </div>
      </div>

      {editable && (
        <ResourceDialog
          definition={definition as unknown as EditableScreenDefinition}
          id={dialog.open ? dialog.id : undefined}
          isOpen={dialog.open}
          onClose={closeDialog}
          onSaved={() => {
            void refresh();
            if (definition.refreshesCounters) void queryClient.invalidateQueries({ queryKey: COUNTERS_QUERY_KEY });
          }}
        />
      )}
      {definition.view && <ResourceViewDialog resource={resource} view={definition.view} id={viewing} onClose={closeView} />}

      <Alert
        isOpen={toConfirm !== null}
        intent={toConfirm?.action.intent ?? Intent.PRIMARY}
        icon={toConfirm?.action.icon}
        confirmButtonText={MESSAGES.list.yes}
        cancelButtonText={MESSAGES.list.cancel}
        canOutsideClickCancel
        canEscapeKeyCancel
        onCancel={() => setToConfirm(null)}
        onConfirm={() => {
          if (toConfirm) runAction.mutate(toConfirm);
          setToConfirm(null);
        }}
      >
        <p>{toConfirm && (typeof toConfirm.action.confirm === 'function' ? toConfirm.action.confirm(toConfirm.row) : toConfirm.action.confirm)}</p>
      </Alert>

      <Alert
        isOpen={toDelete !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={MESSAGES.list.delete}
        cancelButtonText={MESSAGES.list.cancel}
        canOutsideClickCancel
        canEscapeKeyCancel
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
      >
        <p>{definition.confirmDelete ?? MESSAGES.list.confirmDelete}</p>
      </Alert>
    </Card>
  );
}

/** A list filter in the toolbar: a flag (all / yes / no) or a select of options (all / each option). */
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
      options={[{ value: '', label: `${filter.label}: все` }, ...choices]}
    />
  );
}
