/**
 * The departures tab of the schedule (spec 02 "Schedule screen"): the date's departure data — name,
 * number, tracking link, departure place and time, application numbers — added, edited and deleted
 * in a dialog, and the notification of a departure's applications.
 */
import { Button, DialogBody, DialogFooter, HTMLTable, Intent } from '@blueprintjs/core';
import { AppDialog } from '../../../common/AppDialog';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { ConfirmDelete } from '../../../common/ConfirmDelete';
import { MESSAGES } from '@shared/messages';
import { dateDataSchema, SCHEDULE_PATHS, type DateDataRow, type ScheduleOfDate } from '@shared/transport/schedules';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../api/http';
import { DialogForm } from '../../../common/form/DialogForm';
import { FormFields, type FieldSpec } from '../../../common/form/fields';
import { useZodForm } from '../../../common/form/useZodForm';
import { notifyFailure, notifyInvalidForm } from '../../../common/failure';
import { toast } from '../../../common/toaster';
import { SafeLink } from '../../../common/SafeLink';

interface Props {
  transportId: number;
  date: string;
  rows: DateDataRow[];
  applications: ScheduleOfDate['applications'];
  onChanged(): void;
}

const EMPTY = { name: '', number: '', glonas_url: '', departure_place: '', departure_time: '', applications_ids: [] as number[] };
const T = MESSAGES.transport;


export function DateDeparturesTab({ transportId, date, rows, applications, onChanged }: Props) {
  const [editing, setEditing] = useState<DateDataRow | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<DateDataRow | null>(null);
  const [notifying, setNotifying] = useState<number | null>(null);
  /** A departure whose notifications are asked about before they are sent. */
  const [toNotify, setToNotify] = useState<DateDataRow | null>(null);

  const notify = async (row: DateDataRow) => {
    setNotifying(row.id);
    try {
      const reply = await api.getChanging<{ message: string }>(SCHEDULE_PATHS.notify(transportId, row.id));
      toast.success(reply.message ?? T.notifyQueued);
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.unexpected, { fixed: true });
    } finally {
      setNotifying(null);
    }
  };

  const remove = async (row: DateDataRow) => {
    try {
      await api.delete(SCHEDULE_PATHS.date(transportId, row.id));
      toast.success(MESSAGES.success.deleted);
      onChanged();
    } catch (error) {
      notifyFailure(error, MESSAGES.errors.deleteFailed, { fixed: true });
    }
  };

  return (
    <div className="departures-tab">
      <div className="tab-toolbar">
        <Button intent={Intent.PRIMARY} icon="add" text={MESSAGES.list.add} onClick={() => setEditing('new')} />
      </div>
      <HTMLTable compact striped className="resource-table">
        <thead>
          <tr>
            <th>Название</th>
            <th>Номер</th>
            <th>Отслеживание</th>
            <th>Место отправления</th>
            <th>Время отправления</th>
            <th>Заявки</th>
            <th aria-label="Действия" />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty-row">
                {MESSAGES.list.empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>{row.number}</td>
              <td>
                {/* One line per row (as every table): a long link or list is cut with '…' and shown whole on hover. */}
                {row.glonas_url && (
                  <div className="cell" title={row.glonas_url}>
                    <SafeLink href={row.glonas_url} target="_blank" className="cell-value" />
                  </div>
                )}
              </td>
              <td>{row.departure_place}</td>
              <td>{row.departure_time}</td>
              <td>
                <div className="cell" title={row.applications_numbers.join(', ')}>
                  <span className="cell-value">{row.applications_numbers.join(', ')}</span>
                </div>
              </td>
              <td className="row-actions">
                <Button variant="minimal" icon="envelope" title="Отправить уведомление" aria-label="Отправить уведомление" loading={notifying === row.id} onClick={() => setToNotify(row)} />
                <Button variant="minimal" icon="edit" title={MESSAGES.list.edit} aria-label={MESSAGES.list.edit} onClick={() => setEditing(row)} />
                <Button variant="minimal" icon="trash" intent={Intent.DANGER} title={MESSAGES.list.delete} aria-label={MESSAGES.list.delete} onClick={() => setToDelete(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <DateDataDialog
        transportId={transportId}
        date={date}
        row={editing}
        applications={applications}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          onChanged();
        }}
      />
      <ConfirmDialog
        isOpen={toNotify !== null}
        icon="envelope"
        confirmText={T.notify}
        onCancel={() => setToNotify(null)}
        onConfirm={() => {
          if (toNotify) void notify(toNotify);
          setToNotify(null);
        }}
      >
        {toNotify && T.confirmNotify(toNotify.name || toNotify.number || date.split('-').reverse().join('.'))}
      </ConfirmDialog>
      <ConfirmDelete
        item={toDelete}
        onCancel={() => setToDelete(null)}
        onConfirm={(row) => {
          void remove(row);
          setToDelete(null);
        }}
      />
    </div>
  );
}

function DateDataDialog({
  transportId,
  date,
  row,
  applications,
  onClose,
  onSaved,
}: {
  transportId: number;
  date: string;
  row: DateDataRow | 'new' | null;
  applications: ScheduleOfDate['applications'];
  onClose(): void;
  onSaved(): void;
}) {
  const form = useZodForm(dateDataSchema, { ...EMPTY, date });
  const { setValues, setErrors } = form;
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  useEffect(() => {
    if (row === null) return;
    setErrors({});
    setValues(
      row === 'new'
        ? { ...EMPTY, date }
        : {
            date: row.date,
            name: row.name ?? '',
            number: row.number ?? '',
            glonas_url: row.glonas_url ?? '',
            departure_place: row.departure_place ?? '',
            departure_time: row.departure_time ?? '',
            applications_ids: row.applications_ids,
          },
    );
  }, [row, date, setValues, setErrors]);

  const known = new Map(applications.map((application) => [application.id, application.number]));
  if (row && row !== 'new') row.applications_ids.forEach((id, index) => known.set(id, row.applications_numbers[index] ?? String(id)));
  const fields: FieldSpec[] = [
    { kind: 'text', name: 'name', label: 'Название' },
    { kind: 'text', name: 'number', label: 'Номер' },
    { kind: 'text', name: 'glonas_url', label: 'Ссылка на отслеживание (ГЛОНАСС)' },
    { kind: 'text', name: 'departure_place', label: 'Место отправления' },
    { kind: 'text', name: 'departure_time', label: 'Время отправления', placeholder: 'ЧЧ:ММ' },
    { kind: 'multiselect', name: 'applications_ids', label: 'Заявки', options: { items: [...known].map(([id, number]) => ({ id, name: number })) } },
  ];

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (savingRef.current) return;
    const invalid = form.check();
    if (invalid) return void notifyInvalidForm(invalid);
    savingRef.current = true;
    setSaving(true);
    try {
      if (row === 'new') await api.post(SCHEDULE_PATHS.dateData(transportId), form.values);
      else if (row) await api.patch(SCHEDULE_PATHS.date(transportId, row.id), form.values);
      toast.saved(T.dateDataSaved);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fieldErrors);
        notifyInvalidForm(error.fieldErrors);
      } else notifyFailure(error, MESSAGES.errors.saveFailedText, { title: MESSAGES.errors.saveFailedTitle, fixed: true, saveFailure: true });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <AppDialog isOpen={row !== null} onClose={onClose} title={row === 'new' ? 'Добавление отправления' : 'Редактирование отправления'} style={{ width: 560 }}>
      <DialogForm onSubmit={() => void submit()}>
        <DialogBody>
          <FormFields fields={fields} form={form} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={MESSAGES.list.cancel} onClick={onClose} />
              <Button type="submit" intent={Intent.PRIMARY} text={MESSAGES.list.save} loading={saving} />
            </>
          }
        />
      </DialogForm>
    </AppDialog>
  );
}
