/**
 * Аналитика (`/analytics`, spec 03 §2.12; issue 29), all three roles: so far its toolbar of reports —
 * the date report and the agency report; the filters, the totals, the table and the charts come next.
 */
import { Button, Card, H2 } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { useState } from 'react';
import { AgencyReportButton } from './AgencyReportDialog';
import { DateReportDialog } from './DateReportDialog';

export function AnalyticsScreen() {
  const [dateReport, setDateReport] = useState(false);
  return (
    <Card className="resource-screen" elevation={1}>
      <div className="screen-heading">
        <H2>{ROUTES.analytics.title}</H2>
      </div>
      <div className="list-toolbar">
        <Button icon="calendar" text={MESSAGES.dateReport.action} aria-haspopup="dialog" onClick={() => setDateReport(true)} />
        <AgencyReportButton />
      </div>
      {dateReport && <DateReportDialog onClose={() => setDateReport(false)} />}
    </Card>
  );
}
