/**
 * The date and date-range pickers of the form fields (fields.tsx), in a chunk of their own: Blueprint's
 * date package builds its time-zone tables when it loads (a few hundred milliseconds on a slow PC), so
 * only a form with a date field pays for it, not the sign-in page or every dialog (issue 9).
 */
import type { Intent } from '@blueprintjs/core';
import { DateInput3, DateRangeInput3 } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import { ru } from 'date-fns/locale';

/** A calendar date as the API exchanges it (YYYY-MM-DD) to the pickers' local ISO value and back. */
const toPickerValue = (date: unknown) => (typeof date === 'string' && date ? `${date.slice(0, 10)}T00:00:00` : null);
const fromPickerValue = (value: string | null) => (value ? value.slice(0, 10) : null);
/**
 * Dates typed or picked as DD.MM.YYYY, in Russian. The pickers' own range (Blueprint's default ends
 * six months ahead) is widened: price periods and tours are sold years ahead.
 */
const DATE_FORMAT = {
  dateFnsFormat: 'dd.MM.yyyy',
  locale: ru,
  placeholder: 'ДД.ММ.ГГГГ',
  minDate: new Date(2000, 0, 1),
  maxDate: new Date(new Date().getFullYear() + 10, 11, 31),
  invalidDateMessage: 'Неверная дата',
  outOfRangeMessage: 'Дата вне допустимого диапазона',
} as const;

const pad = (number: number) => String(number).padStart(2, '0');
const toCalendarDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

interface DateFieldProps {
  id: string;
  intent: Intent;
  disabled?: boolean;
  value: unknown;
  onChange(value: string | null): void;
}

export function DateField({ id, intent, disabled, value, onChange }: DateFieldProps) {
  return (
    <DateInput3 {...DATE_FORMAT} fill disabled={disabled} value={toPickerValue(value)} onChange={(next) => onChange(fromPickerValue(next))} inputProps={{ id, intent }} showActionsBar todayButtonText="Сегодня" clearButtonText="Очистить" />
  );
}

/** Two dates (from, to), each YYYY-MM-DD. */
export function DateRangeField({ id, intent, disabled, from, to, onChange }: Omit<DateFieldProps, 'value' | 'onChange'> & { from: unknown; to: unknown; onChange(from: string | null, to: string | null): void }) {
  const asDate = (value: unknown) => (toPickerValue(value) ? new Date(toPickerValue(value)!) : null);
  return (
    <DateRangeInput3
      {...DATE_FORMAT}
      disabled={disabled}
      value={[asDate(from), asDate(to)]}
      onChange={([start, end]) => onChange(start ? toCalendarDate(start) : null, end ? toCalendarDate(end) : null)}
      startInputProps={{ id, intent, placeholder: 'с ДД.ММ.ГГГГ' }}
      endInputProps={{ intent, placeholder: 'по ДД.ММ.ГГГГ' }}
      allowSingleDayRange
      overlappingDatesMessage="Дата окончания раньше даты начала"
    />
  );
}
