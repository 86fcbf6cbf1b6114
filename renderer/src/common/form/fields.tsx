/**
 * Form fields (Blueprint): one component renders any field kind a resource form declares, with its
 * label, the first error under it and the invalid mark (spec 01 §5).
 */
import { Button, FormGroup, InputGroup, Intent, MenuItem, NumericInput, Switch, TextArea, type IconName } from '@blueprintjs/core';
import { Select, type ItemRenderer } from '@blueprintjs/select';
import type { IdName } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/http';

export type FieldSpec =
  | {
      kind: 'text' | 'email' | 'password' | 'textarea';
      name: string;
      label: string;
      placeholder?: string;
      /** `'create'`: required when adding only (a password kept unchanged on edit). */
      required?: boolean | 'create';
      hint?: string;
      /** Hint shown instead when editing an existing record. */
      editHint?: string;
      autoComplete?: string;
      icon?: IconName;
      autoFocus?: boolean;
    }
  | { kind: 'number'; name: string; label: string; min?: number; max?: number; required?: boolean }
  | { kind: 'switch'; name: string; label: string }
  | {
      kind: 'select';
      name: string;
      label: string;
      required?: boolean;
      /** Options from a `/list` endpoint (path under /api) or given here. */
      options: { path: string } | { items: IdName[] };
    };

interface FieldProps {
  field: FieldSpec;
  value: unknown;
  error?: string;
  onChange(value: unknown): void;
  disabled?: boolean;
  /** The form edits an existing record (as opposed to adding one). */
  editing?: boolean;
}

export function FormField({ field, value, error, onChange, disabled, editing = false }: FieldProps) {
  const intent = error ? Intent.DANGER : Intent.NONE;
  const id = `field-${field.name}`;
  if (field.kind === 'switch') {
    return (
      <FormGroup helperText={error} intent={intent}>
        <Switch id={id} role="switch" label={field.label} checked={Boolean(value)} disabled={disabled} onChange={(event) => onChange(event.currentTarget.checked)} />
      </FormGroup>
    );
  }
  const required = 'required' in field && (field.required === true || (field.required === 'create' && !editing));
  const hint = 'hint' in field || 'editHint' in field ? ((editing && 'editHint' in field ? field.editHint : undefined) ?? ('hint' in field ? field.hint : undefined)) : undefined;
  return (
    <FormGroup label={field.label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={error ?? hint} intent={intent}>
      {field.kind === 'select' ? (
        <SelectField id={id} field={field} value={value as number | null} intent={intent} disabled={disabled} onChange={onChange} />
      ) : field.kind === 'number' ? (
        <NumericInput
          id={id}
          fill
          intent={intent}
          min={field.min}
          max={field.max}
          disabled={disabled}
          value={value === null || value === undefined ? '' : String(value)}
          onValueChange={(number, text) => onChange(text.trim() === '' ? null : number)}
        />
      ) : field.kind === 'textarea' ? (
        <TextArea id={id} fill intent={intent} disabled={disabled} placeholder={field.placeholder} value={(value as string | null) ?? ''} onChange={(event) => onChange(event.target.value)} />
      ) : (
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
      )}
    </FormGroup>
  );
}

const optionRenderer =
  (selectedId: number | null): ItemRenderer<IdName> =>
  (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem key={item.id} text={item.name} active={modifiers.active} selected={item.id === selectedId} disabled={modifiers.disabled} onClick={handleClick} onFocus={handleFocus} roleStructure="listoption" />
    ) : null;

/** A searchable select; its empty state reads 'Не найдено' (spec 01 §2.3). */
function SelectField({ id, field, value, intent, disabled, onChange }: { id: string; field: Extract<FieldSpec, { kind: 'select' }>; value: number | null; intent: Intent; disabled?: boolean; onChange(value: unknown): void }) {
  const remote = 'path' in field.options ? field.options.path : null;
  const { data } = useQuery({
    queryKey: ['select-options', remote],
    queryFn: ({ signal }) => api.get<{ data: IdName[] }>(remote!, undefined, signal),
    enabled: remote !== null,
    staleTime: 60_000,
  });
  const items = 'items' in field.options ? field.options.items : (data?.data ?? []);
  const selected = items.find((item) => item.id === value);
  const [query, setQuery] = useState('');
  return (
    <Select<IdName>
      items={items}
      itemRenderer={optionRenderer(value)}
      itemPredicate={(text, item) => item.name.toLowerCase().includes(text.trim().toLowerCase())}
      itemsEqual="id"
      onItemSelect={(item) => onChange(item.id)}
      query={query}
      onQueryChange={setQuery}
      noResults={<MenuItem disabled text={MESSAGES.list.nothingFound} roleStructure="listoption" />}
      inputProps={{ placeholder: MESSAGES.list.searchPlaceholder }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      disabled={disabled}
      fill
    >
      <Button id={id} fill alignText="start" endIcon="caret-down" intent={intent} text={selected?.name ?? 'Выберите…'} disabled={disabled} data-testid={`select-${field.name}`} />
    </Select>
  );
}
