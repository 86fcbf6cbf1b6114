/**
 * The tour's start dates (spec 03 §2.5 "Dates tab", §9): upcoming and past on tabs of their own (a
 * date before today is past), each date once. Deleting a date also deletes its checklist points.
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { formatDate } from '@shared/format';
import { MESSAGES } from '@shared/messages';
import { isPastDate } from '@shared/tours/rules';
import { todayIso } from '@shared/transport/constants';
import type { FieldErrors } from '@shared/validation';
import { useState } from 'react';
import { CollectionTable } from '../../../common/editor/CollectionTable';
import { checkRow, RowDialog, useRowDraft } from '../../../common/editor/RowDialog';
import { rowDialogProps, useFormCollection, type RowDialogMode, type RowDialogProps } from '../../../common/editor/useCollectionEditor';
import { FormFields, type SetField } from '../../../common/form/fields';
import { blankDate, type DateValues, type TourValues } from '../form';

interface Props {
  form: TourValues;
  update: SetField<TourValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
}

export function DatesTab({ form, update, errors, setErrors }: Props) {
  const [tab, setTab] = useState<'upcoming' | 'past'>('upcoming');
  const { editor, rowErrors: dateErrors } = useFormCollection('dates', {
    items: form.dates,
    update,
    errors,
    setErrors,
    onChange: (dates) => update('dates', [...dates].sort((a, b) => String(a.start_date ?? '').localeCompare(String(b.start_date ?? '')))),
    blank: blankDate,
    copy: ({ id: _id, ...date }) => date,
  });
  const dialog = rowDialogProps(editor);
  const today = todayIso();
  const indexed = form.dates.map((date, index) => ({ date, index }));
  const part = (past: boolean) => indexed.filter(({ date }) => date.start_date !== null && isPastDate(date.start_date, today) === past);
  const table = (past: boolean) => {
    const rows = part(past);
    const original = (shown: number) => rows[shown]!.index;
    // The part's own rows carry the errors of their place in the whole list.
    const shownErrors = Object.fromEntries(
      Object.entries(dateErrors).flatMap(([path, messages]) => {
        const [head, ...rest] = path.split('.');
        const at = rows.findIndex((row) => String(row.index) === head);
        return at === -1 ? [] : [[[at, ...rest].join('.'), messages]];
      }),
    );
    return (
      <CollectionTable<DateValues>
        label={past ? 'Прошедшие даты' : 'Предстоящие даты'}
        name={past ? 'past-dates' : 'dates'}
        rows={rows.map(({ date }) => date)}
        pageSize={10}
        errors={shownErrors}
        addText={past ? undefined : 'Добавить дату'}
        onAdd={past ? undefined : editor.openCreate}
        onEdit={(index) => editor.openEdit(original(index))}
        onDelete={(index) => editor.remove(original(index))}
        confirmDelete="Удалить дату? Пункты чеклиста этой даты тоже будут удалены."
        columns={[{ title: 'Дата начала', render: (date) => formatDate(date.start_date) }]}
      />
    );
  };
  return (
    <>
      <Tabs id="tour-dates" selectedTabId={tab} onChange={(next) => setTab(next as 'upcoming' | 'past')} renderActiveTabPanelOnly>
        <Tab id="upcoming" title="Предстоящие" panel={table(false)} />
        <Tab id="past" title={`Прошедшие (${part(true).length})`} panel={table(true)} />
      </Tabs>
      {dialog && <DateDialog {...dialog} others={form.dates.filter((_, index) => !(editor.state.open && index === editor.state.index))} />}
    </>
  );
}

const TITLES: Record<RowDialogMode, string> = { create: 'Добавление даты', edit: 'Редактирование даты', copy: 'Копирование даты' };

function DateDialog({ mode, draft, setDraft, serverErrors, others, onSave, onClose }: RowDialogProps<DateValues> & { others: DateValues[] }) {
  const { errors, setErrors, setValue } = useRowDraft(setDraft, serverErrors);
  const save = () => {
    const found: FieldErrors = {};
    if (!draft.start_date) found.start_date = [MESSAGES.validation.required];
    else if (others.some((other) => other.start_date === draft.start_date)) found.start_date = [MESSAGES.tours.dateTwice];
    if (checkRow(found, setErrors, MESSAGES.tours.fillRequired)) onSave(draft);
  };
  return (
    <RowDialog
      id="date-dialog"
      isOpen
      title={TITLES[mode]}
      width="36vw"
      errors={errors}
      onSave={save}
      onClose={onClose}
    >
      <FormFields fields={[{ kind: 'date', name: 'start_date', label: 'Дата начала', required: true }]} form={{ values: draft, setValue, errors }} editing idPrefix="date" />
    </RowDialog>
  );
}
