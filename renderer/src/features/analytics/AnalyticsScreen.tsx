/**
 * Аналитика (`/analytics`, spec 03 §2.12, §3 "Analytics row", §7; issue 29), all three roles: the
 * reports' toolbar (date report, agency report) and «Экспорт в Excel», the filters (kept in the
 * address, applied 700 ms after the last change), the totals, the charts and the paged table — each
 * read with the same filters (shared/analytics/analytics.ts), each saying in its own place when it
 * could not be read.
 */
import { Button, Card, H2, Spinner } from '@blueprintjs/core';
import { ANALYTICS_PATHS, analyticsFileName, type AnalyticsCharts as Charts, type AnalyticsData, type AnalyticsRow, type AnalyticsTotals as Totals } from '@shared/analytics/analytics';
import type { Paged } from '@shared/api';
import { MESSAGES } from '@shared/messages';
import { ROUTES } from '@shared/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/http';
import { exportFile } from '../../common/exportFile';
import { ReadFailure } from '../../common/ReadFailure';
import { ListFooter } from '../../common/resource/ListFooter';
import { AgencyReportButton } from './AgencyReportDialog';
import { AnalyticsCharts } from './AnalyticsCharts';
import { AnalyticsFiltersBar } from './AnalyticsFiltersBar';
import { AnalyticsTable } from './AnalyticsTable';
import { AnalyticsTotals } from './AnalyticsTotals';
import { DateReportDialog } from './DateReportDialog';
import { useAnalyticsFilters } from './useAnalyticsFilters';
import './analytics.css';

/** A path with the filters' query string. */
const filtered = (path: string, query: string) => (query ? `${path}?${query}` : path);

/** One reply of the screen, read with the applied filters; the previous one stays shown while the next comes. */
function useAnalyticsReply<T>(path: string, query: string, extra: Record<string, number> = {}) {
  return useQuery({
    queryKey: ['analytics', path, query, extra],
    queryFn: ({ signal }) => api.get<T>(filtered(path, query), extra, signal),
    placeholderData: keepPreviousData,
  });
}

function ExportButton({ query, period }: { query: string; period: { date_from: string; date_to: string } }) {
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      await exportFile(filtered(ANALYTICS_PATHS.export, query), analyticsFileName(period), { onQueued: setQueued });
    } finally {
      setBusy(false);
      setQueued(null);
    }
  };
  if (queued !== null) return <Button icon="time" text={MESSAGES.list.exportQueued(queued)} disabled data-testid="analytics-export" />;
  return <Button icon="export" text={MESSAGES.analytics.export} loading={busy} onClick={() => void run()} data-testid="analytics-export" />;
}

/** The filters `/analytics/data` names rows of (the chosen pickers'): the dictionaries are re-read only when one of them changes. */
const DATA_FILTERS = ['client_id', 'agency_id', 'agency_user_id', 'vendor_id', 'user_id', 'subject_id', 'product_id'];
const dataQuery = (query: string) => {
  const params = new URLSearchParams(query);
  return new URLSearchParams([...params].filter(([key]) => DATA_FILTERS.includes(key))).toString();
};

export function AnalyticsScreen() {
  const [dateReport, setDateReport] = useState(false);
  const filters = useAnalyticsFilters();
  const { query, period } = filters.applied;
  const data = useAnalyticsReply<AnalyticsData>(ANALYTICS_PATHS.data, dataQuery(query));
  const totals = useAnalyticsReply<Totals>(ANALYTICS_PATHS.totals, query);
  const charts = useAnalyticsReply<Charts>(ANALYTICS_PATHS.charts, query);
  const page = useAnalyticsReply<Paged<AnalyticsRow>>(ANALYTICS_PATHS.page, query, { page: filters.page, limit: filters.limit });

  const count = page.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / filters.limit));
  const footer = { from: count === 0 ? 0 : (filters.page - 1) * filters.limit + 1, to: Math.min(count, filters.page * filters.limit), count, pages, params: { page: filters.page, limit: filters.limit }, update: filters.update };
  const busy = [totals, charts, page].some((reply) => reply.isFetching) || filters.waiting;

  return (
    <Card className="resource-screen analytics" elevation={1}>
      <div className="screen-heading">
        <H2>{ROUTES.analytics.title}</H2>
        <div className="screen-heading-actions">
          <Button icon="calendar" text={MESSAGES.dateReport.action} aria-haspopup="dialog" onClick={() => setDateReport(true)} />
          <AgencyReportButton />
          <ExportButton query={query} period={period} />
        </div>
      </div>
      <AnalyticsFiltersBar filters={filters} data={data.data} busy={busy} />
      <AnalyticsTotals totals={totals.data} failure={totals.isError && !totals.data ? <ReadFailure part error={totals.error} onRetry={() => void totals.refetch()} /> : undefined} />
      {charts.isError && !charts.data ? (
        <ReadFailure part error={charts.error} onRetry={() => void charts.refetch()} />
      ) : charts.data ? (
        <AnalyticsCharts charts={charts.data} sources={data.data?.sources ?? []} />
      ) : (
        <Spinner size={24} className="analytics-loading" aria-label={MESSAGES.list.loading} />
      )}
      {page.isError && !page.data ? (
        <ReadFailure error={page.error} onRetry={() => void page.refetch()} />
      ) : page.data ? (
        <>
          <AnalyticsTable rows={page.data.data} />
          <ListFooter list={footer} />
        </>
      ) : (
        <Spinner size={24} className="analytics-loading" aria-label={MESSAGES.list.loading} />
      )}
      {dateReport && <DateReportDialog onClose={() => setDateReport(false)} />}
    </Card>
  );
}
