/**
 * Form fields (Blueprint): one component renders any field kind a form declares, with its label,
 * the first error under it and the invalid mark (spec 01 §5). Fields read and write the whole form,
 * so a date range can fill two fields and a field can depend on another (`visible`).
 */
import { Button, Checkbox, ControlGroup, FormGroup, InputGroup, Intent, MenuItem, Switch, TextArea, type IconName } from '@blueprintjs/core';
import { MultiSelect, Select, type ItemRenderer } from '@blueprintjs/select';
import type { DateBounds } from '@shared/dates';
import { MESSAGES } from '@shared/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { api } from '../../api/http';
import { useDebouncedValue } from '../useDebouncedValue';
import type { FieldErrors } from '@shared/validation';
import type { UploadPolicy } from '@shared/files';
import { FileField } from './FileField';
import { NumberField } from './NumberField';
import { RemovableTagText } from './RemovableTagText';
import { PickerField, pickerItemProps, useSearchBoxFocus } from './PickerField';
import { LockableGroup, Locked, LockMark, useLockedReason } from './locks';
import type { IdName } from '@shared/api';

/** An option of a select: from a `/list` endpoint ({id, name}) or given in the declaration. */
export interface Option {
  id: number | string;
  name: string;
  icon?: IconName;
  /** What tells it apart from namesakes (a searched list's `detail`: a hotel's city), shown under its name. */
  detail?: string | null;
}

/**
 * Where a select's options come from: a GET endpoint answering `{data: Option[]}` (or a key of its
 * reply), a fixed list, or a server search (`GET {search}?query=…&limit=…` as the user types, after
 * `delayMs`) for lists too long to load whole (cities: spec 01 §7, limit 1000, 200 ms).
 */
export type OptionsSource =
  | { path: string; key?: string; map?: (item: never) => Option }
  | { items: Option[] }
  | { search: string; limit: number; delayMs: number };

/** The names of a form's fields: its keys that are text (a form of untyped values: any text). */
export type FieldName<V> = keyof V & string;

/**
 * How a field of a form changes, typed by the form: a key the form has and a value of that key's
 * type. A form of untyped values (`Record<string, unknown>`, the simple resources' dialogs) takes any
 * name and value. The one setter type of every form, editor and row dialog.
 */
export type SetField<V> = <K extends FieldName<V>>(key: K, value: V[K]) => void;

type Common<V> = {
  name: FieldName<V>;
  label: string;
  /** `'create'`: required when adding only (a password kept unchanged on edit). */
  required?: boolean | 'create';
  hint?: string;
  /** Hint shown instead when editing an existing record. */
  editHint?: string;
  /** Shown only while this holds (e.g. the discount percent while the discount box is checked). */
  visible?: (values: V) => boolean;
  /**
   * Locked by a role, a status or a rule while this gives a reason: shown disabled, keeping what was
   * typed (a room's adult and child prices while 'Общая цена за номер' is on: switching back brings them
   * back; the schema drops what is locked), with a lock beside the label and the reason on hover
   * (locks.tsx) — the server's refusal words where it has them, from shared/messages.
   */
  lockedReason?: (values: V) => string | null | false;
  /**
   * Filled from another field as the user types it (a slug from the name), until the user types
   * this one: it follows while it is empty or still the value derived from the other. Only in a
   * new record's form (create, copy): an edit keeps what is stored.
   */
  derive?: { from: FieldName<V>; value: (source: string) => string };
};

/** A field of a form of values `V` (untyped values unless said). */
export type FieldSpec<V = Record<string, unknown>> = Common<V> &
  (
    | { kind: 'text' | 'email' | 'password'; placeholder?: string; autoComplete?: string; icon?: IconName; autoFocus?: boolean }
    | { kind: 'textarea'; placeholder?: string; rows?: number }
    /** `money`: a sum — locked, it reads as the money format (`64 400,00 ₽`), a count as `10 243`. */
    | { kind: 'number'; min?: number; max?: number; step?: number; money?: boolean }
    | { kind: 'switch' }
    | { kind: 'checkbox' }
    /**
     * `known`: names of chosen values a search source may not have shown yet (an edit's record names them).
     * `optionTo` / `namesTo`: a field that also receives the chosen option (`{id, name}`) or the chosen names,
     * for a table that shows them once the dialog is closed.
     */
    | { kind: 'select'; options: OptionsSource; clearable?: boolean; known?: (values: V) => Option[]; optionTo?: FieldName<V>; placeholder?: string }
    | { kind: 'multiselect'; options: OptionsSource; known?: (values: V) => Option[]; namesTo?: FieldName<V>; placeholder?: string }
    /**
     * One record of a table that grows without bound (PickerField.tsx): `path` is its list
     * (`/clients`), searched on the server as the user types; `selected` names the record an edit
     * form already holds (e.g. `values => values.client`).
     */
    | { kind: 'picker'; path: string; clearable?: boolean; selected?: (values: V) => IdName | null }
    /** A typed DD.MM.YYYY date (DateFields.tsx) within `bounds` (DATE_BOUNDS unless said; give the schema the same). */
    | { kind: 'date'; bounds?: DateBounds }
    /** A period of two date fields: `name` (from) and `toName` (to), each YYYY-MM-DD; the schema checks it with checkDateRange. */
    | { kind: 'daterange'; toName: FieldName<V>; bounds?: DateBounds }
    /**
     * One file (FileField.tsx): the value is a chosen File, the record's current `{name, url}` or null.
     * Kinds and size from `policy`, else from GET /api/files/limits. Send it with `multipart` forms.
     */
    | { kind: 'file'; policy?: UploadPolicy }
    /** Anything else: the declaration renders it. */
    | { kind: 'custom'; render: (props: FieldRenderProps<V>) => ReactNode }
  );

export interface FieldRenderProps<V = Record<string, unknown>> {
  values: V;
  setValue: SetField<V>;
  errors: FieldErrors;
  editing: boolean;
  disabled?: boolean;
  /** Checks these fields with the form's schema now (a typed date as the user leaves it). */
  validateFields?(names: readonly string[]): void;
}

interface FieldProps<V> extends FieldRenderProps<V> {
  field: FieldSpec<V>;
  /** Element ids are `<idPrefix>-<name>` (default `field`): two forms on one page (a route's start and finish, the sign-in dialog over a form) keep their labels apart. */
  idPrefix?: string;
}

/** The date fields load with the first form that shows one: Blueprint's date package is heavy (DateFields.tsx says why). */
const DateField = lazy(() => import('./DateFields').then((module) => ({ default: module.DateField })));
/** What stands in a date field while its code arrives (a moment, once). */
const dateFallback = <InputGroup fill disabled placeholder={MESSAGES.dates.placeholder} />;

export function FormField<V>({ field, values, setValue, errors, editing, disabled: formDisabled, validateFields, idPrefix = 'field' }: FieldProps<V>) {
  const lockedReason = useLockedReason(field.lockedReason?.(values));
  if (field.visible && !field.visible(values)) return null;
  const disabled = formDisabled || lockedReason !== null;
  const error = errors[field.name]?.[0] ?? (field.kind === 'daterange' ? errors[field.toName]?.[0] : undefined);
  const intent = error ? Intent.DANGER : Intent.NONE;
  const id = `${idPrefix}-${field.name}`;
  const value: unknown = values[field.name];
  // What a control gives is the field's value as typed; the form's schema checks it before a save.
  const set = (name: FieldName<V>, next: unknown) => setValue(name, next as V[FieldName<V>]);
  const onChange = (next: unknown) => set(field.name, next);

  if (field.kind === 'switch' || field.kind === 'checkbox') {
    const Control = field.kind === 'switch' ? Switch : Checkbox;
    return (
      <Locked reason={lockedReason}>
        <FormGroup helperText={error} intent={intent}>
          <Control
            id={id}
            role={field.kind === 'switch' ? 'switch' : undefined}
            labelElement={lockedReason ? <>{field.label}<LockMark /></> : field.label}
            checked={Boolean(value)}
            disabled={disabled}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
        </FormGroup>
      </Locked>
    );
  }
  if (field.kind === 'custom') return <>{field.render({ values, setValue, errors, editing, disabled, validateFields })}</>;

  const required = field.required === true || (field.required === 'create' && !editing);
  const hint = (editing ? field.editHint : undefined) ?? field.hint;
  if (field.kind === 'file') {
    return <FileField id={id} label={field.label} required={required} policy={field.policy} hint={hint} value={value} error={error} disabled={disabled} onChange={onChange} />;
  }
  let control: ReactNode;
  switch (field.kind) {
    case 'select':
      control = (
        <SelectField id={id} field={field} value={value as Option['id'] | null} named={field.known?.(values)} intent={intent} disabled={disabled} onChange={onChange} onOption={field.optionTo ? (option) => set(field.optionTo!, option) : undefined} />
      );
      break;
    case 'picker':
      control = (
        <PickerField id={id} path={field.path} value={(value as number | null) ?? null} selected={field.selected?.(values)} clearable={field.clearable} intent={intent} disabled={disabled} onChange={onChange} testId={`picker-${field.name}`} />
      );
      break;
    case 'multiselect':
      control = (
        <MultiSelectField id={id} field={field} value={(value as Option['id'][] | null) ?? []} named={field.known?.(values)} intent={intent} disabled={disabled} onChange={onChange} onNames={field.namesTo ? (names) => set(field.namesTo!, names) : undefined} />
      );
      break;
    case 'number':
      control = <NumberField id={id} value={value} intent={intent} min={field.min} max={field.max} step={field.step} money={field.money} disabled={disabled} onChange={onChange} />;
      break;
    case 'date':
      control = (
        <Suspense fallback={dateFallback}>
          <DateField id={id} value={value} bounds={field.bounds} intent={intent} disabled={disabled} onChange={onChange} onLeave={() => validateFields?.([field.name])} />
        </Suspense>
      );
      break;
    case 'daterange': {
      const check = () => validateFields?.([field.name, field.toName]);
      const endIntent = errors[field.toName] ? Intent.DANGER : Intent.NONE;
      control = (
        <Suspense fallback={dateFallback}>
          <ControlGroup className="date-range-field">
            <DateField id={id} value={value} bounds={field.bounds} intent={errors[field.name] ? Intent.DANGER : Intent.NONE} disabled={disabled} onChange={onChange} onLeave={check} placeholder={`${MESSAGES.dates.from} ${MESSAGES.dates.placeholder}`} aria-label={`${field.label}: ${MESSAGES.dates.from}`} />
            <DateField id={`${idPrefix}${field.toName}`} value={values[field.toName]} bounds={field.bounds} intent={endIntent} disabled={disabled} onChange={(next) => set(field.toName, next)} onLeave={check} placeholder={`${MESSAGES.dates.to} ${MESSAGES.dates.placeholder}`} aria-label={`${field.label}: ${MESSAGES.dates.to}`} />
          </ControlGroup>
        </Suspense>
      );
      break;
    }
    case 'textarea':
      control = <TextArea id={id} fill rows={field.rows ?? 3} intent={intent} disabled={disabled} placeholder={field.placeholder} value={(value as string | null) ?? ''} onChange={(event) => onChange(event.target.value)} />;
      break;
    default:
      control = (
        <InputGroup
          id={id}
          name={field.name}
          type={field.kind === 'password' ? 'password' : field.kind === 'email' ? 'email' : 'text'}
          autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : 'off')}
          leftIcon={field.icon}
          autoFocus={field.autoFocus}
          intent={intent}
          disabled={disabled}
          placeholder={field.placeholder}
          value={(value as string | null) ?? ''}
          onValueChange={(text) => onChange(text)}
        />
      );
  }
  return (
    <LockableGroup lockedReason={lockedReason} label={field.label} labelFor={id} required={required} helperText={error ?? hint} intent={intent}>
      {control}
    </LockableGroup>
  );
}

/**
 * The options of a select: loaded once per endpoint and shared by every form that uses it, or, for a
 * search source, the server's matches for the typed text. `known` keeps the name of every option
 * seen, so a chosen value still shows its name when the current matches no longer hold it.
 */
export function useOptions(source: OptionsSource, typed = '', named: Option[] = []): { items: Option[]; known: Map<Option['id'], Option> } {
  const remote = 'path' in source ? source : null;
  const searched = 'search' in source ? source : null;
  const query = useDebouncedValue(typed.trim(), searched?.delayMs ?? 0);
  const { data } = useQuery({
    queryKey: ['select-options', remote?.path ?? searched?.search, remote?.key, searched ? query : null],
    queryFn: ({ signal }) =>
      searched
        ? api.get<Record<string, unknown>>(searched.search, { query, limit: searched.limit }, signal)
        : api.get<Record<string, unknown>>(remote!.path, undefined, signal),
    enabled: remote !== null || searched !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const known = useRef(new Map<Option['id'], Option>()).current;
  let items: Option[];
  if ('items' in source) items = source.items;
  else {
    const list = (data?.[remote?.key ?? 'data'] as unknown[] | undefined) ?? [];
    items = remote?.map ? list.map((item) => remote.map!(item as never)) : (list as Option[]).map(({ id, name, icon, detail }) => ({ id, name, icon, detail }));
  }
  for (const item of [...named, ...items]) known.set(item.id, item);
  return { items, known };
}

const matches = (text: string, item: Option) => item.name.toLowerCase().includes(text.trim().toLowerCase());

const optionRenderer =
  (isSelected: (item: Option) => boolean): ItemRenderer<Option> =>
  (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem key={item.id} {...pickerItemProps(item.name, item.detail)} icon={item.icon} active={modifiers.active} selected={isSelected(item)} disabled={modifiers.disabled} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" />
    ) : null;

const nothingFound = <MenuItem disabled text={MESSAGES.list.nothingFound} roleStructure="listoption" />;
/** The list of a select, named in Russian (Blueprint names it 'selectable options'). */
const OPTIONS_LIST = { 'aria-label': MESSAGES.list.options };

/** What a select and a multi-select get: the field, its value, the names of chosen values known beforehand (`named`). */
interface ChoiceProps<Kind extends 'select' | 'multiselect', Value> {
  id: string;
  /** `placeholder`: what stands while nothing is chosen (a filter's 'все'), 'Выберите…' / 'Поиск' unless said. */
  field: { name: string; kind: Kind; options: OptionsSource; clearable?: boolean; placeholder?: string };
  value: Value;
  named?: Option[];
  intent: Intent;
  disabled?: boolean;
  onChange(value: unknown): void;
}

/** A searchable select; its empty state reads 'Не найдено' (spec 01 §2.3). */
function SelectField({ id, field, value, named, intent, disabled, onChange, onOption }: ChoiceProps<'select', Option['id'] | null> & { onOption?(option: { id: Option['id']; name: string } | null): void }) {
  const [query, setQuery] = useState('');
  const { items, known } = useOptions(field.options, query, named);
  const selected = known.get(value as Option['id']);
  const searchBox = useSearchBoxFocus();
  return (
    <div className="select-field">
      <Select<Option>
        items={items}
        itemRenderer={optionRenderer((item) => item.id === value)}
        itemPredicate={matches}
        itemsEqual="id"
        onItemSelect={(item) => {
          onChange(item.id);
          onOption?.({ id: item.id, name: item.name });
        }}
        query={query}
        onQueryChange={setQuery}
        resetOnClose
        noResults={nothingFound}
        menuProps={OPTIONS_LIST}
        inputProps={{ placeholder: MESSAGES.list.searchPlaceholder, inputRef: searchBox.inputRef }}
        popoverProps={{ minimal: true, matchTargetWidth: true, onOpening: searchBox.focus }}
        disabled={disabled}
        fill
      >
        <Button id={id} fill alignText="start" icon={selected?.icon} endIcon="caret-down" intent={intent} text={selected?.name ?? field.placeholder ?? MESSAGES.list.choose} disabled={disabled} data-testid={`select-${field.name}`} data-field />
      </Select>
      {/* A locked select offers no clearing: a greyed cross beside it read as one that works. */}
      {field.clearable && !disabled && value !== null && value !== undefined && (
        <Button
          variant="minimal"
          icon="cross"
          aria-label="Очистить"
          onClick={() => {
            onChange(null);
            onOption?.(null);
          }}
        />
      )}
    </div>
  );
}

/** Several ids chosen from a searchable list, shown as tags. */
function MultiSelectField({ id, field, value, named, intent, disabled, onChange, onNames }: ChoiceProps<'multiselect', Option['id'][]> & { onNames?(names: string[]): void }) {
  const [query, setQuery] = useState('');
  const { items, known } = useOptions(field.options, query, named);
  const chosen = value.map((itemId) => known.get(itemId) ?? { id: itemId, name: String(itemId) });
  const toggle = (item: Option) => {
    const next = value.includes(item.id) ? value.filter((itemId) => itemId !== item.id) : [...value, item.id];
    onChange(next);
    onNames?.(next.map((itemId) => known.get(itemId)?.name ?? String(itemId)));
  };
  return (
    <MultiSelect<Option>
      items={items}
      selectedItems={chosen}
      itemRenderer={optionRenderer((item) => value.includes(item.id))}
      itemPredicate={matches}
      itemsEqual="id"
      onItemSelect={toggle}
      query={query}
      onQueryChange={setQuery}
      // Blueprint's own remove cross is labelled 'Remove tag': each tag carries its own, in Russian.
      tagRenderer={(item) => <RemovableTagText name={item.name} disabled={disabled} onRemove={() => toggle(item)} />}
      noResults={nothingFound}
      menuProps={OPTIONS_LIST}
      placeholder={field.placeholder ?? MESSAGES.list.searchPlaceholder}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      tagInputProps={{ intent, disabled, inputProps: { id }, tagProps: { onRemove: undefined } }}
      disabled={disabled}
      fill
      resetOnSelect
    />
  );
}

/** The fields of a form, in order, typed by the form (`form.values`). */
export function FormFields<V>({
  fields,
  form,
  editing = false,
  disabled,
  idPrefix,
}: {
  fields: FieldSpec<V>[];
  form: Omit<FieldRenderProps<V>, 'editing' | 'disabled'>;
  editing?: boolean;
  disabled?: boolean;
  idPrefix?: string;
}) {
  // A stored record keeps what it has (a renamed city keeps its page's address): only a new one follows.
  const derived = editing ? [] : fields.filter((field) => field.derive);
  const setValue =
    derived.length === 0
      ? form.setValue
      : <K extends FieldName<V>>(name: K, value: V[K]) => {
          form.setValue(name, value);
          for (const field of derived) {
            const { from, value: derive } = field.derive!;
            if (from !== name) continue;
            const current: unknown = form.values[field.name];
            if (current === null || current === undefined || current === '' || current === derive(String(form.values[from] ?? ''))) form.setValue(field.name, derive(String(value ?? '')) as V[FieldName<V>]);
          }
        };
  return (
    <>
      {fields.map((field) => (
        <FormField key={field.name} field={field} values={form.values} setValue={setValue} errors={form.errors} editing={editing} disabled={disabled} validateFields={form.validateFields} idPrefix={idPrefix} />
      ))}
    </>
  );
}
