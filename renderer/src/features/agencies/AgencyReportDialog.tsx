/**
 * The agency's monthly report (spec 01 §2.4, §9): a year (2019 to now) and a month by name, this
 * month (Moscow) by default; the xlsx is saved through exportFile (the native save dialog in the
 * desktop app), whose failure says 'Произошла непредвиденная ошибка' (the dialog stays open then).
 */
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import type { AgencyRow } from '@shared/resources/agencies';
import { agencyReportFileName, agencyReportUrl, agencyReportYears, MONTH_NAMES, moscowMonth } from '@shared/resources/agency-report';
import { useState } from 'react';
import { exportFile } from '../../common/exportFile';
import { ReportDialog } from '../../common/ReportDialog';

const R = MESSAGES.agencies.report;

export function AgencyReportDialog({ agency, onClose }: { agency: Pick<AgencyRow, 'id' | 'legal_name'>; onClose: () => void }) {
  const [{ year, month }, setPeriod] = useState(() => moscowMonth());
  return (
    <ReportDialog
      title={R.title(agency.legal_name)}
      width={420}
      onClose={onClose}
      download={(onQueued) => exportFile(agencyReportUrl({ agency_id: agency.id, year, month }), agencyReportFileName(agency.legal_name, year, month), { onQueued })}
    >
      <div className="form-grid">
        <FormGroup label={R.year} labelFor="agency-report-year">
          <HTMLSelect
            id="agency-report-year"
            fill
            value={year}
            onChange={(event) => setPeriod({ year: Number(event.currentTarget.value), month })}
            options={agencyReportYears().map((value) => ({ value, label: String(value) }))}
          />
        </FormGroup>
        <FormGroup label={R.month} labelFor="agency-report-month">
          <HTMLSelect
            id="agency-report-month"
            fill
            value={month}
            onChange={(event) => setPeriod({ year, month: Number(event.currentTarget.value) })}
            options={MONTH_NAMES.map((label, index) => ({ value: index + 1, label }))}
          />
        </FormGroup>
      </div>
    </ReportDialog>
  );
}
