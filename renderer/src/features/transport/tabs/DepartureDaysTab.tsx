/**
 * The departures tab (spec 02 "Departures tab", §4 "Departure mode", §5): weekly days or specific
 * dates, the switch between them locked while the current mode has rows. Days: weekday, markup,
 * freight, at most 7, each weekday once, the weekday fixed once saved. Dates: checkboxes and
 * "delete selected", no past date, none twice, the date fixed once saved.
 */
import { Button, Intent, SegmentedControl } from '@blueprintjs/core';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { COMMISSION_BOUNDS, COMMISSION_TYPES } from '@shared/commission';
import { dateRowErrors, dayRowErrors } from '@shared/transport/schema';
import { DEPARTURE_TYPE, TRANSPORT_LIMITS, WEEKDAYS, weekdayName } from '@shared/transport/constants';
import type { FieldErrors } from '@shared/validation';
import { useEffect, useState } from 'react';
import { CollectionTable, commissionColumn, moneyColumn } from '../../../common/editor/CollectionTable';
import { ConfirmDelete } from '../../../common/ConfirmDelete';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { dropErrors } from '../../../common/editor/useAggregateEditor';
import { useFormCollection, type RowDialogMode } from '../../../common/editor/useCollectionEditor';
import { LockableGroup } from '../../../common/form/locks';
import { FormFields, type FieldName, type FieldSpec, type SetField } from '../../../common/form/fields';
import { blankDate, blankDay, type DateValues, type DayValues, type Values } from '../form';

const T = MESSAGES.transport;

interface Props {
  form: Values;
  update: SetField<Values>;
  errors: FieldErrors;
  setErrors(update: (errors: FieldErrors) => FieldErrors): void;
}

/** "5%" or "150,00 ₽" (commission type 1 fixed, 2 percent), as every money cell. */
const markupColumn = <Row extends DayValues | DateValues>() => commissionColumn<Row>('Наценка', (row) => Number(row.commission_type), (row) => row.commission_sum);

export function DepartureDaysTab({ form, update, errors, setErrors }: Props) {
  const mode = Number(form.departure_type) === DEPARTURE_TYPE.dates ? DEPARTURE_TYPE.dates : DEPARTURE_TYPE.days;
  const locked = (mode === DEPARTURE_TYPE.days ? form.days : form.dates).length > 0;
  const modeError = errors.departure_type?.[0] ?? errors[mode === DEPARTURE_TYPE.days ? 'days' : 'dates']?.[0];
  return (
    <div>
      <LockableGroup label="Режим отправлений" helperText={modeError} intent={modeError ? Intent.DANGER : Intent.NONE} lockedReason={locked ? T.modeLocked : null}>
        <SegmentedControl
          aria-label="Режим отправлений"
          inline
          value={String(mode)}
          disabled={locked}
          onValueChange={(value) => update('departure_type', Number(value))}
          options={[
            { label: 'Дни недели', value: String(DEPARTURE_TYPE.days) },
            { label: 'Даты', value: String(DEPARTURE_TYPE.dates) },
          ]}
        />
      </LockableGroup>
      {mode === DEPARTURE_TYPE.days ? <DaysTable form={form} update={update} errors={errors} setErrors={setErrors} /> : <DatesTable form={form} update={update} errors={errors} setErrors={setErrors} />}
    </div>
  );
}

/** The commission and freight fields of a day or date row. */
const commissionFields = <Row extends DayValues | DateValues>(): FieldSpec<Row>[] => [
  { kind: 'select', name: 'commission_type', label: 'Тип наценки', required: true, options: { items: [...COMMISSION_TYPES] } },
  { kind: 'number', name: 'commission_sum', label: 'Наценка', min: -COMMISSION_BOUNDS.transport.fixed, max: COMMISSION_BOUNDS.transport.fixed, step: 0.01 },
  { kind: 'number', name: 'freight', label: 'Фрахт автобуса, ₽', min: 0, max: TRANSPORT_LIMITS.freight, step: 0.01 },
];

/** A departure list edited in dialogs, and its rows besides the one open (a weekday or a date is had once). */
function useRows<Key extends 'days' | 'dates', Row extends DayValues | DateValues>(key: Key, items: Row[], props: Props & { update(key: Key, items: Row[]): void }, blank: () => Row) {
  const { editor, rowErrors } = useFormCollection(key, { items, update: props.update, errors: props.errors, setErrors: props.setErrors, blank, copy: (row) => ({ ...row, id: null }) });
  const others = items.filter((_, index) => !(editor.state.open && index === editor.state.index));
  return { editor, rowErrors, others };
}

function DaysTable(props: Props) {
  const { editor, others } = useRows('days', props.form.days, props, blankDay);
  const days = props.form.days;
  const full = days.length >= TRANSPORT_LIMITS.weekdays;
  return (
    <>
      <CollectionTable<DayValues>
        label="Дни недели"
        name="days"
        {...editor.table({ copy: false, add: !full })}
        pageSize={TRANSPORT_LIMITS.weekdays}
        addText="Добавить день"
        columns={[
          { title: 'День', render: (day) => weekdayName(Number(day.number)) },
          markupColumn<DayValues>(),
          moneyColumn<DayValues>('Фрахт автобуса', (day) => day.freight ?? 0),
        ]}
      />
      {editor.state.open && (
        <DepartureRowDialog
          kind="day"
          mode={editor.state.mode}
          draft={editor.state.draft}
          setDraft={editor.setDraft}
          serverErrors={editor.rowErrors}
          check={(draft) => dayRowErrors(draft, others.map((other) => ({ number: Number(other.number) })))}
          fields={[
            {
              kind: 'select',
              name: 'number',
              label: 'День недели',
              required: true,
              // A weekday another row has cannot be chosen again (spec 02 §5).
              options: { items: WEEKDAYS.filter((day) => !others.some((other) => Number(other.number) === day.id)).map(({ id, name }) => ({ id, name })) },
            },
            ...commissionFields<DayValues>(),
          ]}
          fixed={editor.state.draft.id ? 'number' : null}
          onSave={editor.commit}
          onClose={editor.close}
        />
      )}
    </>
  );
}

function DatesTable(props: Props) {
  const { editor, rowErrors, others } = useRows('dates', props.form.dates, props, blankDate);
  const dates = props.form.dates;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setSelected(new Set()), [dates.length]);
  const removeSelected = () => {
    props.update('dates', dates.filter((_, index) => !selected.has(index)));
    props.setErrors((current) => dropErrors(current, 'dates'));
    setSelected(new Set());
    setConfirming(false);
  };
  return (
    <>
      <CollectionTable<DateValues>
        label="Даты отправления"
        name="dates"
        rows={dates}
        pageSize={10}
        errors={rowErrors}
        addText="Добавить дату"
        onAdd={editor.openCreate}
        onEdit={editor.openEdit}
        selection={{ selected, onChange: setSelected, label: (date) => `Выбрать ${formatDate(date.start_date as string | null)}` }}
        toolbar={<Button icon="trash" intent={Intent.DANGER} text="Удалить выбранные даты" disabled={selected.size === 0} onClick={() => setConfirming(true)} />}
        columns={[
          { title: 'Дата отправления', render: (date) => (date.start_date ? formatDate(String(date.start_date)) : '') },
          markupColumn<DateValues>(),
          moneyColumn<DateValues>('Фрахт автобуса', (date) => date.freight ?? 0),
        ]}
      />
      <ConfirmDelete item={confirming ? selected.size : null} message={`Удалить выбранные даты (${selected.size})?`} onCancel={() => setConfirming(false)} onConfirm={removeSelected} />
      {editor.state.open && (
        <DepartureRowDialog
          kind="date"
          mode={editor.state.mode}
          draft={editor.state.draft}
          setDraft={editor.setDraft}
          serverErrors={editor.rowErrors}
          check={(draft) => dateRowErrors(draft, others.map((other) => ({ start_date: String(other.start_date) })))}
          fields={[{ kind: 'date', name: 'start_date', label: 'Дата отправления', required: true }, ...commissionFields<DateValues>()]}
          fixed={editor.state.draft.id ? 'start_date' : null}
          onSave={editor.commit}
          onClose={editor.close}
        />
      )}
    </>
  );
}

const TITLES: Record<'day' | 'date', Record<RowDialogMode, string>> = {
  day: { create: 'Добавление дня', edit: 'Редактирование дня', copy: 'Копирование дня' },
  date: { create: 'Добавление даты', edit: 'Редактирование даты', copy: 'Копирование даты' },
};

interface RowDialogProps<Row extends DayValues | DateValues> {
  kind: 'day' | 'date';
  mode: RowDialogMode;
  draft: Row;
  setDraft(update: (current: Row) => Row): void;
  serverErrors: FieldErrors;
  check(draft: Row): FieldErrors;
  fields: FieldSpec<Row>[];
  /** The field a saved row keeps (its weekday or date: spec 02 §5 "fixed on edit"), shown but not editable. */
  fixed: FieldName<Row> | null;
  onSave(row: Row): void;
  onClose(): void;
}

function DepartureRowDialog<Row extends DayValues | DateValues>({ kind, mode, draft, setDraft, serverErrors, check, fields, fixed, onSave, onClose }: RowDialogProps<Row>) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  // The fixed field shows its value as text (the weekday's name, the date), locked.
  const kept = fields.find((field) => field.name === fixed);
  const keptText = 'number' in draft ? weekdayName(Number(draft.number)) : formatDate(String(draft.start_date));
  return (
    <RowDialog
      id={`${kind}-dialog`}
      isOpen
      title={TITLES[kind][mode]}
      width="36vw"
      errors={errors}
      onSave={() => {
        if (checkRow(check(draft), setErrors)) onSave(draft);
      }}
      onClose={onClose}
    >
      <>
        {kept && (
          <FormFields<Record<string, string>>
            fields={[{ kind: 'text', name: kept.name, label: kept.label, required: kept.required, hint: kind === 'day' ? T.dayFixed : T.dateFixed }]}
            form={{ values: { [kept.name]: keptText }, setValue: () => undefined, errors }}
            disabled
            idPrefix={kind}
          />
        )}
        <FormFields fields={fields.filter((field) => field.name !== fixed)} form={{ values: draft, setValue, errors }} editing idPrefix={kind} />
      </>
    </RowDialog>
  );
}
