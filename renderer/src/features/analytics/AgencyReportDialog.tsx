/**
 * The analytics' agency report (spec 03 §2.12, §5, §9; issue 29): the creation period (this year in
 * Moscow by default; one end is enough), statuses, application types, sources and «По сотрудникам».
 * What was typed is checked with the server's own schema first, so a missing period is said under the
 * dates before anything is asked; the xlsx is saved through exportFile (the native save dialog in the
 * desktop app), a 422 lands under the fields, any other failure says 'Произошла непредвиденная ошибка';
 * the dialog stays open after a failure.
 */
import { Button } from '@blueprintjs/core';
import { analyticsAgencyReportFileName, analyticsAgencyReportQuerySchema, analyticsAgencyReportUrl } from '@shared/analytics/agency-report';
import { APPLICATION_SOURCES, APPLICATION_STATUSES, APPLICATION_TYPES, OFFICE_SOURCE_LABEL } from '@shared/applications/constants';
import { OFFICE_SOURCE } from '@shared/applications/list';
import { MESSAGES } from '@shared/messages';
import { useMemo, useState } from 'react';
import { exportFile } from '../../common/exportFile';
import { FormFields, type FieldSpec } from '../../common/form/fields';
import { useZodForm } from '../../common/form/useZodForm';
import { ReportDialog } from '../../common/ReportDialog';
import { officeToday } from '@shared/calendar';

const A = MESSAGES.analyticsAgencyReport;

interface ReportValues extends Record<string, unknown> {
  date_from: string | null;
  date_to: string | null;
  status_ids: number[];
  product_types: number[];
  sources: string[];
  by_employees: boolean;
}

const FIELDS: FieldSpec<ReportValues>[] = [
  { name: 'date_from', toName: 'date_to', kind: 'daterange', label: A.period },
  { name: 'status_ids', kind: 'multiselect', label: A.statuses, options: { items: APPLICATION_STATUSES.map(({ id, name }) => ({ id, name })) } },
  { name: 'product_types', kind: 'multiselect', label: A.productTypes, options: { items: APPLICATION_TYPES.map(({ id, name }) => ({ id, name })) } },
  {
    name: 'sources',
    kind: 'multiselect',
    label: A.sources,
    options: { items: [{ id: OFFICE_SOURCE, name: OFFICE_SOURCE_LABEL }, ...APPLICATION_SOURCES.map(({ id, name }) => ({ id, name }))] },
  },
  { name: 'by_employees', kind: 'switch', label: A.byEmployees },
];

export function AgencyReportDialog({ onClose }: { onClose: () => void }) {
  const schema = useMemo(() => analyticsAgencyReportQuerySchema(), []);
  const year = officeToday().slice(0, 4);
  const form = useZodForm<ReportValues>(schema, { date_from: `${year}-01-01`, date_to: `${year}-12-31`, status_ids: [], product_types: [], sources: [], by_employees: false });
  const download = async (onQueued: (place: number | null) => void) => {
    const checked = schema.safeParse(form.values);
    if (!checked.success) {
      form.validate();
      return false;
    }
    // A refusal keeps the dialog open, its messages under the fields or in the toast.
    return exportFile(analyticsAgencyReportUrl(checked.data), analyticsAgencyReportFileName(checked.data), { onInvalid: form.setErrors, onQueued });
  };
  return (
    <ReportDialog title={A.title} width={560} onClose={onClose} download={download}>
      <FormFields fields={FIELDS} form={form} idPrefix="agency-report" />
    </ReportDialog>
  );
}

/** The analytics toolbar's «Отчет по агентствам» button and its dialog. */
export function AgencyReportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="document" text={A.action} onClick={() => setOpen(true)} />
      {open && <AgencyReportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
