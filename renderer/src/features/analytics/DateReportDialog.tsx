/**
 * The analytics' date report (spec 03 §2.12, §9): a date, and the xlsx of the applications starting
 * that day is saved through exportFile (the native save dialog in the desktop app). The server judges
 * the date: its 422 stands under the field ('Поле Дата начала обязательно для заполнения.'), any other
 * failure says 'Произошла непредвиденная ошибка'.
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import { dateReportFileName, dateReportUrl } from '@shared/analytics/date-report';
import { MESSAGES } from '@shared/messages';
import { useState } from 'react';
import { exportFile } from '../../common/exportFile';
import { DateField } from '../../common/form/DateFields';
import { ReportDialog } from '../../common/ReportDialog';

const R = MESSAGES.dateReport;

export function DateReportDialog({ onClose }: { onClose: () => void }) {
  // YYYY-MM-DD, null when empty, or the typed text while it is no date (DateField).
  const [date, setDate] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const download = (onQueued: (place: number | null) => void) => {
    setError(undefined);
    return exportFile(dateReportUrl(date), dateReportFileName(date ?? ''), { onInvalid: (errors) => setError(errors.start_date?.[0] ?? MESSAGES.errors.unexpected), onQueued });
  };
  return (
    <ReportDialog title={R.title} width={380} onClose={onClose} download={download}>
      <FormGroup label={R.date} labelFor="date-report-date" helperText={error} intent={error ? Intent.DANGER : Intent.NONE}>
        <DateField
          id="date-report-date"
          value={date}
          onChange={(next) => {
            setDate(next);
            setError(undefined);
          }}
          intent={error ? Intent.DANGER : Intent.NONE}
        />
      </FormGroup>
    </ReportDialog>
  );
}
