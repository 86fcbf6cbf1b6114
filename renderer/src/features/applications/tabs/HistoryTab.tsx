/**
 * История (issue 28 "History"): the application's recorded changes, read-only, newest first and paged
 * — who, when, what (the field in Russian), before → after (money as roubles, statuses by name).
 * Read again whenever the application's version changes (a save records its changes).
 */
import { Callout, HTMLTable, Spinner } from '@blueprintjs/core';
import { historyPathLabel, historyValueText, type ApplicationHistoryRow } from '@shared/applications/history';
import { APPLICATION_PATHS } from '@shared/applications/paths';
import { formatDateTime } from '@shared/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/http';
import { ReadFailure } from '../../../common/ReadFailure';
import { Pagination } from '../../../common/resource/Pagination';

const PAGE_SIZE = 50;

/** Who made the change: the user as recorded, else the kind of actor. */
const whoOf = (row: ApplicationHistoryRow) => row.user?.name ?? (row.actor.startsWith('supplier') ? 'Поставщик' : 'Система');

export function HistoryTab({ applicationId, version }: { applicationId: number | undefined; version: number | undefined }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['applications', applicationId, 'history', version, page],
    queryFn: ({ signal }) => api.get<{ data: ApplicationHistoryRow[]; count: number }>(APPLICATION_PATHS.history(applicationId!), { page, limit: PAGE_SIZE }, signal),
    enabled: applicationId !== undefined,
  });
  if (applicationId === undefined) return <Callout>История появится после сохранения заявки.</Callout>;
  if (history.isError) return <ReadFailure part title="Не удалось загрузить историю" error={history.error} onRetry={() => void history.refetch()} />;
  if (!history.data) return <Spinner size={24} />;
  return (
    <div className="application-history" data-testid="application-history">
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>Когда</th>
            <th>Кто</th>
            <th>Что</th>
            <th>Было</th>
            <th>Стало</th>
          </tr>
        </thead>
        <tbody>
          {history.data.data.map((row) => (
            <tr key={row.id}>
              <td>{formatDateTime(row.at)}</td>
              <td>{whoOf(row)}</td>
              <td>{historyPathLabel(row.path)}</td>
              <td>{historyValueText(row.path, row.before)}</td>
              <td>{historyValueText(row.path, row.after)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Pagination page={page} pages={Math.ceil(history.data.count / PAGE_SIZE)} onPage={setPage} />
    </div>
  );
}
