/**
 * /imports (spec 01 §2.14, §4 "Imports", §5 "Import"; issue 31): the imports from the suppliers'
 * services — their progress, the form that searches a supplier and ticks its items, the view and the
 * logs dialogs, and the administrator's «Обновить данные поставщиков».
 */
import { Button, Checkbox, FormGroup, HTMLTable, InputGroup, Intent, ProgressBar, Spinner, Tag } from '@blueprintjs/core';
import { formatDateTime, formatNumber, formatPercent } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import {
  externalSearchPath,
  IMPORT_LIMITS,
  importLogsPath,
  IMPORTS_DATA_PATH,
  IMPORTS_RESTART_PATH,
  IMPORTS_UPDATE_ITEMS_PATH,
  importsResource,
  ImportStatus,
  type ImportItem,
  type ImportLogRow,
  type ImportRow,
  type ImportsData,
  type UpdateItemsReply,
} from '@shared/resources/imports';
import { Role } from '@shared/roles';
import { routePath } from '@shared/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../api/http';
import { AppDialog } from '../../common/AppDialog';
import { notifyFailure } from '../../common/failure';
import { FormField, type FieldRenderProps } from '../../common/form/fields';
import { RemovableTagText } from '../../common/form/RemovableTagText';
import { defineResourceScreen } from '../../common/resource/definition';
import { notify, toast } from '../../common/toaster';
import { useDebouncedValue } from '../../common/useDebouncedValue';
import './imports.css';
import { isUpdateItemsReply, vendorUpdateIntent, vendorUpdateLine } from './vendorUpdates';

const T = MESSAGES.imports;
/** Spec 01 §2.14: the search is sent after a 500 ms pause. */
const SEARCH_DELAY_MS = 500;
/** While an import of the page waits or runs, the list is read this often (its progress moves); idle otherwise. */
const RUNNING_POLL_MS = 2_000;
const underWay = (row: ImportRow) => row.status === ImportStatus.Waiting || row.status === ImportStatus.Running;

/**
 * The connected vendors with their cached types (GET /imports/data), shared by the form's fields; read
 * again each time the form opens (a cache read on the server), so an update of the vendor data shows.
 */
function useImportsData() {
  return useQuery({ queryKey: [IMPORTS_DATA_PATH], queryFn: ({ signal }) => api.get<ImportsData>(IMPORTS_DATA_PATH, undefined, signal) });
}

/** Spec 01 §4: blue up to 99 %, green above. */
function ImportProgress({ progress }: { progress: number }) {
  return (
    <div className="import-progress">
      <ProgressBar value={progress / 100} intent={progress > 99 ? Intent.SUCCESS : Intent.PRIMARY} animate={false} stripes={false} aria-label={`Выполнено ${formatPercent(progress)}`} />
      <span>{formatPercent(progress)}</span>
    </div>
  );
}

const itemsText = (row: Pick<ImportRow, 'type_name' | 'items_count'>) => `${row.type_name} (${formatNumber(row.items_count)})`;

/**
 * The vendor and its type (spec 01 §4): both locked once the import is saved; another vendor clears
 * the type and the items, another type clears the items (and the search, ItemsField).
 */
function VendorAndTypeFields(props: FieldRenderProps) {
  const { values, setValue, editing } = props;
  const vendors = useImportsData().data?.vendors ?? [];
  const vendor = vendors.find((entry) => entry.id === values.vendor_id);
  const locked = () => (editing ? T.locked : null);
  const set: FieldRenderProps['setValue'] = (key, value) => {
    if (key === 'vendor_id' && value !== values.vendor_id) {
      setValue('type', null);
      setValue('items', []);
    }
    if (key === 'type' && value !== values.type) setValue('items', []);
    setValue(key, value);
  };
  const known = (editing && values.type ? [{ id: values.type as string, name: String(values.type_name ?? values.type) }] : []);
  return (
    <>
      <FormField {...props} setValue={set} field={{ kind: 'select', name: 'vendor_id', label: 'Поставщик', required: true, clearable: true, options: { items: vendors }, known: () => (editing && values.vendor ? [values.vendor as { id: number; name: string }] : []), lockedReason: locked }} />
      <FormField {...props} setValue={set} field={{ kind: 'select', name: 'type', label: 'Тип', required: true, options: { items: vendor?.types ?? [] }, known: () => known, lockedReason: locked }} />
    </>
  );
}

/** The item fields' first error (on the list or on one of its items). */
const itemsError = (errors: FieldRenderProps['errors']) => Object.entries(errors).find(([key]) => key === 'items' || key.startsWith('items.'))?.[1]?.[0];

/**
 * The search of the supplier's items by name (sent when the text is not empty, after a pause), its
 * checkable results, and the chosen items with Select all and Clear selection.
 */
function ItemsField({ values, setValue, errors, disabled }: FieldRenderProps) {
  const vendorId = values.vendor_id as number | null;
  const type = values.type as string | null;
  const chosen = (values.items as ImportItem[] | undefined) ?? [];
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  // Another vendor or type: the search starts anew.
  useEffect(() => setText(''), [vendorId, type]);
  const search = useQuery({
    queryKey: ['imports-search', vendorId, type, query],
    queryFn: () => api.post<{ data: ImportItem[] }>(externalSearchPath(vendorId!), { type, query }),
    enabled: Boolean(vendorId && type && query),
    retry: false,
    staleTime: 30_000,
  });
  useEffect(() => {
    // A refusal (the supplier's, the role's): its message as an error toast (spec 01 §8); a 503 the HTTP client says itself.
    if (search.error) notifyFailure(search.error, T.failed, { write: false });
  }, [search.error]);
  const results = query ? (search.data?.data ?? []) : [];
  const isChosen = (item: ImportItem) => chosen.some((entry) => entry.id === item.id);
  const toggle = (item: ImportItem) => setValue('items', isChosen(item) ? chosen.filter((entry) => entry.id !== item.id) : [...chosen, item]);
  const selectAll = () => setValue('items', [...chosen, ...results.filter((item) => !isChosen(item))].slice(0, IMPORT_LIMITS.items));
  const error = itemsError(errors);
  return (
    <div className="import-items">
      <FormGroup label="Поиск по названию" labelFor="field-import-search" helperText={!vendorId || !type ? 'Выберите поставщика и тип' : undefined}>
        <InputGroup
          id="field-import-search"
          type="search"
          leftIcon="search"
          maxLength={IMPORT_LIMITS.search}
          disabled={disabled || !vendorId || !type}
          value={text}
          onValueChange={setText}
          rightElement={search.isFetching ? <Spinner size={16} /> : undefined}
        />
      </FormGroup>
      <div className="import-items-columns">
        <section aria-label="Результаты поиска">
          <h4>Результаты поиска</h4>
          {results.length === 0 ? (
            <div className="bp6-text-muted">{query && !search.isFetching ? MESSAGES.list.nothingFound : '—'}</div>
          ) : (
            results.map((item) => <Checkbox key={item.id} label={item.name} checked={isChosen(item)} disabled={disabled} onChange={() => toggle(item)} />)
          )}
        </section>
        <section aria-label="Выбранные объекты">
          <h4>Выбрано: {formatNumber(chosen.length)}</h4>
          <div className="import-chosen">
            {chosen.map((item) => (
              <Tag key={item.id} minimal>
                <RemovableTagText name={item.name} disabled={disabled} onRemove={() => toggle(item)} />
              </Tag>
            ))}
          </div>
        </section>
      </div>
      <div className="import-items-buttons">
        <Button text={T.selectAll} icon="tick" disabled={disabled || results.length === 0} onClick={selectAll} />
        <Button text={T.clearSelection} icon="cross" disabled={disabled || chosen.length === 0} onClick={() => setValue('items', [])} />
      </div>
      {error ? <div className="bp6-form-helper-text import-items-error">{error}</div> : null}
    </div>
  );
}

/** The logs dialog (50 %): the import's lines as a table with their count. */
function ImportLogsDialog({ row, onClose }: { row: ImportRow; onClose: () => void }) {
  const logs = useQuery({ queryKey: [importLogsPath(row.id)], queryFn: ({ signal }) => api.get<{ data: ImportLogRow[] }>(importLogsPath(row.id), undefined, signal) });
  useEffect(() => {
    if (logs.error) notifyFailure(logs.error, T.failed, { write: false });
  }, [logs.error]);
  const lines = logs.data?.data ?? [];
  return (
    <AppDialog isOpen title={`Логи импорта № ${row.id}`} onClose={onClose} style={{ width: '50vw' }}>
      <div className="bp6-dialog-body import-logs">
        {logs.isPending ? (
          <Spinner size={24} />
        ) : (
          <>
            <HTMLTable compact striped className="import-logs-table">
              <thead>
                <tr>
                  <th>Дата</th>
                  <th>Сообщение</th>
                  <th>Статус</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.id}>
                    <td>{formatDateTime(line.created_at)}</td>
                    <td data-typed>{line.message}</td>
                    <td>{line.status_name}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <div className="bp6-text-muted">Строк: {formatNumber(lines.length)}</div>
          </>
        )}
      </div>
    </AppDialog>
  );
}

function ImportView({ record }: { record: ImportRow }) {
  return (
    <HTMLTable compact className="key-values">
      <tbody>
        <tr>
          <th>Тип</th>
          <td>{record.type_name}</td>
        </tr>
        <tr>
          <th>Объекты</th>
          <td>
            {record.items.map((item) => (
              <div key={item.id}>{item.name}</div>
            ))}
          </td>
        </tr>
      </tbody>
    </HTMLTable>
  );
}

/**
 * The administrator's GETs that change things, each answered with its message (a 503 the HTTP client
 * says itself): «Обновить данные поставщиков» reads the suppliers' types and catalogues anew,
 * «Перезапустить импорты» runs every active import anew.
 */
const administratorCall = (path: string, done: string) => async () => {
  try {
    const reply = await api.getChanging<{ message: string }>(path);
    toast.success(reply.message ?? done);
  } catch (error) {
    notifyFailure(error, T.failed);
  }
};
const isAdministrator = (user: { role: Role }) => user.role === Role.Administrator;

/** «Обновить данные поставщиков»: each vendor's result on a line of its own (a 503 names them too: no vendor was updated). */
const updateVendorData = async () => {
  const show = (reply: UpdateItemsReply) => notify(vendorUpdateIntent(reply), reply.message, T.door.updateTitle, { details: reply.vendors.map(vendorUpdateLine) });
  try {
    show(await api.getChanging<UpdateItemsReply>(IMPORTS_UPDATE_ITEMS_PATH));
  } catch (error) {
    if (error instanceof ApiError && isUpdateItemsReply(error.body)) show(error.body);
    else notifyFailure(error, T.failed);
  }
};

export const importsScreen = defineResourceScreen<ImportRow, ImportRow>({
  resource: importsResource,
  title: T.title,
  subtitle: T.subtitle,
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'status_name', title: 'Статус' },
    { key: 'progress', title: 'Прогресс', width: 170, render: (row) => <ImportProgress progress={row.progress} /> },
    { key: 'vendor', title: 'Поставщик', render: (row) => row.vendor.name, text: (row) => row.vendor.name },
    { key: 'type_name', title: 'Тип', render: itemsText, text: itemsText },
    { key: 'last_log', title: 'Последний лог', render: (row) => formatDateTime(row.last_log?.created_at) },
  ],
  switches: [{ segment: 'active', title: 'Активен' }],
  toolbar: [
    { text: T.updateVendorData, icon: 'refresh', visible: isAdministrator, run: updateVendorData },
    // The restarted imports wait now: the list shows it, and from there follows them (poll).
    { text: T.restart, icon: 'play', visible: isAdministrator, run: administratorCall(IMPORTS_RESTART_PATH, T.restarted), refreshes: true },
    { text: T.mappings.title, icon: 'exchange', visible: isAdministrator, to: () => routePath('imports-mappings') },
  ],
  poll: { everyMs: RUNNING_POLL_MS, while: (rows) => rows.some(underWay) },
  rowActions: [{ title: 'Логи', icon: 'history', dialog: (row, close) => <ImportLogsDialog row={row} onClose={close} /> }],
  view: { title: 'Просмотр импорта', width: '50vw', render: (record) => <ImportView record={record} /> },
  form: {
    titles: { create: T.addTitle, edit: T.editTitle },
    width: '70vw',
    fields: [
      { kind: 'custom', name: 'vendor_id', label: 'Поставщик', render: (props) => <VendorAndTypeFields {...props} /> },
      { kind: 'checkbox', name: 'is_active', label: 'Активен' },
      { kind: 'custom', name: 'items', label: 'Объекты', render: (props) => <ItemsField {...props} /> },
    ],
    initial: { vendor_id: null, type: null, items: [], is_active: true },
    toValues: ({ vendor_id, vendor, type, type_name, items, is_active }) => ({ vendor_id, vendor, type, type_name, items, is_active }),
  },
  confirmDelete: 'Вы действительно желаете удалить импорт?',
});
