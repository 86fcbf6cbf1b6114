/**
 * Analytics (`/analytics`, spec 03 §2.12; issue 29), all three roles: so far its toolbar of reports
 * (the filters, totals, table and charts come with their parts of the issue).
 */
import { Card, H2 } from '@blueprintjs/core';
import { ROUTES } from '@shared/routes';
import { AgencyReportButton } from './AgencyReportDialog';

export function AnalyticsScreen() {
  return (
    <Card className="resource-screen" elevation={1}>
      <div className="screen-heading">
        <H2>{ROUTES.analytics.title}</H2>
      </div>
      <div className="list-toolbar">
        <AgencyReportButton />
      </div>
    </Card>
  );
}
