/**
 * The date field of the forms (fields.tsx), in a chunk of its own: Blueprint's date package builds its
 * time-zone tables when it loads (a few hundred milliseconds on a slow PC), so only a form with a
 * date field pays for it, not the sign-in page or every dialog (issue 9). A period is two of them.
 *
 * A date typed as DD.MM.YYYY or picked from a Russian calendar. The form value is the API's
 * YYYY-MM-DD, null when empty, or — while the text is not a real date — the text itself, so the
 * shared schema refuses it ('Введите дату в формате ДД.ММ.ГГГГ.') on the client and on the server
 * instead of silently dropping it. The field is checked as the user leaves it (`onLeave`).
 *
 * Esc in the open calendar closes the calendar only, never the dialog holding the form.
 */
import { Button, InputGroup, Popover, type Intent } from '@blueprintjs/core';
import { DatePicker3 } from '@blueprintjs/datetime2';
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import { DATE_BOUNDS, parseTypedDate, typedDate, type DateBounds } from '@shared/dates';
import { MESSAGES } from '@shared/messages';
import { ru } from 'date-fns/locale';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTypedText } from './useTypedText';

/** react-day-picker's own labels are English: the calendar's buttons and selects are named in Russian. */
const CALENDAR_LABELS = {
  labelPrevious: () => 'Предыдущий месяц',
  labelNext: () => 'Следующий месяц',
  labelMonthDropdown: () => 'Месяц',
  labelYearDropdown: () => 'Год',
  labelWeekNumber: (week: number) => `Неделя ${week}`,
};

/** Local midnight of a YYYY-MM-DD (the calendar works in local dates). */
const toLocalDate = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const pad = (value: number) => String(value).padStart(2, '0');
const toIso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** What the input shows for a form value: DD.MM.YYYY for a date, the typed text for anything else. */
const shownText = (value: unknown) => (typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}/.test(value) ? typedDate(value) : value) : '');

export interface DateFieldProps {
  id?: string;
  value: unknown;
  onChange(value: string | null): void;
  /** The user left the field (typing done, or a day chosen): check it now. */
  onLeave?(): void;
  bounds?: DateBounds;
  intent?: Intent;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
  /** Days the calendar does not offer (a schedule's days without a departure), YYYY-MM-DD. */
  isDayDisabled?(date: string): boolean;
}

export function DateField({ id, value, onChange, onLeave, bounds, intent, disabled, placeholder = MESSAGES.dates.placeholder, 'aria-label': ariaLabel, isDayDisabled }: DateFieldProps) {
  const { text, setText, typed } = useTypedText(value, shownText);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const type = (next: string) => {
    const parsed = parseTypedDate(next);
    // Not a date (yet): the text itself, which the schema refuses with the format message.
    const emitted = parsed === undefined ? next : parsed;
    typed(next, emitted);
    onChange(emitted);
  };
  const calendarRef = useRef<HTMLDivElement>(null);
  /**
   * Focus gone to another control (Tab to the next field): the calendar closes, not covering what comes
   * next. Focus moving into the calendar (a day clicked) keeps it; a blur to nothing is the outside
   * click's, which the popover handles.
   */
  const focusLeft = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !calendarRef.current?.contains(next) && next !== inputRef.current) setOpen(false);
  };
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    focusLeft(event);
    const parsed = parseTypedDate(text);
    if (parsed) setText(typedDate(parsed)); // 1.2.2025 reads back as 01.02.2025
    onLeave?.();
  };
  const pick = (date: Date | null) => {
    const next = date ? toIso(date) : null;
    typed(next ? typedDate(next) : '', next);
    onChange(next);
    setOpen(false);
    onLeave?.();
  };
  // On the text and on the calendar button: the dialog around the form would take this Esc for itself
  // (and swallow it before the calendar hears it), so the calendar is closed here.
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'ArrowDown' && !open) setOpen(true);
  };

  const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  const min = bounds?.min ?? DATE_BOUNDS.min;
  const max = bounds?.max ?? DATE_BOUNDS.max;
  return (
    <Popover
      isOpen={open && !disabled}
      onInteraction={(next, event) => {
        // A click into the text keeps the calendar open (the user is typing); the button toggles it.
        if (!next && event && event.target === inputRef.current) return;
        setOpen(next);
      }}
      autoFocus={false}
      enforceFocus={false}
      minimal
      placement="bottom-start"
      fill
      targetProps={{ onKeyDown: keyDown }}
      content={
        <div ref={calendarRef} onBlur={focusLeft}>
          <DatePicker3
            locale={ru}
            value={parsed ? toLocalDate(parsed) : null}
            onChange={(date, isUserChange) => isUserChange && pick(date)}
            minDate={toLocalDate(min)}
            maxDate={toLocalDate(max)}
            highlightCurrentDay
            showActionsBar
            todayButtonText={MESSAGES.dates.today}
            clearButtonText={MESSAGES.dates.clear}
            dayPickerProps={{ labels: CALENDAR_LABELS, disabled: isDayDisabled ? (day: Date) => isDayDisabled(toIso(day)) : undefined }}
          />
        </div>
      }
    >
      <InputGroup
        id={id}
        inputRef={inputRef}
        value={text}
        placeholder={placeholder}
        intent={intent}
        disabled={disabled}
        autoComplete="off"
        inputMode="numeric"
        aria-label={ariaLabel}
        onValueChange={type}
        onBlur={leave}
        onClick={() => setOpen(true)}
        rightElement={
          <Button variant="minimal" icon="calendar" disabled={disabled} aria-label={MESSAGES.dates.openCalendar} title={MESSAGES.dates.openCalendar} tabIndex={-1} />
        }
      />
    </Popover>
  );
}
