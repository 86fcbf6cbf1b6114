/**
 * The dashboard `/` (spec 01 §2.15): booked seats per transport and departure date of a year — one
 * row per transport, DD.MM columns, the Sum row — with the boarding cities in each cell's tooltip,
 * filtered by type (all, excursion 1, flight 0). All three roles.
 */
import { Card, H2, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { MESSAGES } from '@shared/messages';
import { dashboardGrid, SCHEDULE_PATHS, type SeatDashboard } from '@shared/transport/schedules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type MouseEvent } from 'react';
import { api } from '../../api/http';
import { ReadFailure } from '../../common/ReadFailure';
import './dashboard.css';

const T = MESSAGES.transport;
/** Spec 01 §9: type 1 excursion, 0 flight, none all. The select is titled as the spec words it. */
const TYPES = [
  { value: '', label: 'Все' },
  { value: '1', label: 'Экскурсионные' },
  { value: '0', label: 'Рейсовые' },
];
const YEARS_AROUND = 5;

/** DD.MM of a YYYY-MM-DD date (spec 01 §9: dashboard headers). */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

/** Where the pointer is: one tooltip for the whole grid (a year has ~18 000 cells, too many for a popover each). */
interface Hovered {
  cities: [string, number][];
  left: number;
  top: number;
}

function CellTooltip({ hovered }: { hovered: Hovered }) {
  return (
    <ul className="dashboard-tooltip" role="tooltip" style={{ left: hovered.left, top: hovered.top }}>
      {hovered.cities.map(([city, count]) => (
        <li key={city}>
          {city}: {count}
        </li>
      ))}
    </ul>
  );
}


export function DashboardScreen() {
  const current = new Date().getFullYear();
  const [year, setYear] = useState(current);
  const [type, setType] = useState('');
  const reply = useQuery({
    queryKey: ['dashboard-seats', year, type],
    queryFn: ({ signal }) => api.get<{ data: SeatDashboard }>(SCHEDULE_PATHS.dashboard, { year, type }, signal),
    placeholderData: keepPreviousData,
  });
  const data = reply.data?.data;
  const table = useMemo(() => (data ? dashboardGrid(data) : null), [data]);
  const rowsById = useMemo(() => new Map((table?.rows ?? []).map((row) => [row.id, row])), [table]);
  const grid = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<Hovered | null>(null);
  const hover = (event: MouseEvent) => {
    const target = (event.target as Element).closest?.('[data-cell]') as HTMLElement | null;
    const cell = target ? rowsById.get(Number(target.dataset.transport))?.cells.get(Number(target.dataset.index)) : undefined;
    if (!target || !cell || !grid.current || !data) return setHovered(null);
    const box = target.getBoundingClientRect();
    const frame = grid.current.getBoundingClientRect();
    setHovered({ cities: cell.cities.map(([city, count]) => [data.cities[city] ?? '', count]), left: box.left - frame.left + box.width / 2, top: box.top - frame.top });
  };
  const years = Array.from({ length: YEARS_AROUND * 2 + 1 }, (_, index) => current - YEARS_AROUND + index);

  return (
    <Card className="resource-screen dashboard" elevation={1}>
      <div className="screen-heading">
        <H2>{T.dashboardTitle}</H2>
      </div>
      <div className="list-toolbar">
        <label className="bp6-label bp6-inline dashboard-filter">
          Год
          <HTMLSelect value={year} onChange={(event) => setYear(Number(event.currentTarget.value))} options={years.map((value) => ({ value, label: String(value) }))} />
        </label>
        {/* Spec 01 §2.15 titles the type select 'choose application status'. */}
        <label className="bp6-label bp6-inline dashboard-filter">
          Выберите статус заявки
          <HTMLSelect value={type} onChange={(event) => setType(event.currentTarget.value)} options={TYPES} />
        </label>
        {reply.isFetching && data && <Spinner size={16} />}
      </div>
      {reply.isPending ? (
        <p className="bp6-text-muted" role="status">
          {T.dashboardLoading}
        </p>
      ) : reply.isError ? (
        <ReadFailure error={reply.error} onRetry={() => void reply.refetch()} />
      ) : !table || table.dates.length === 0 ? (
        <NonIdealState icon="th" title={T.dashboardNoData} />
      ) : (
        <div className="dashboard-frame" ref={grid} onMouseOver={hover} onMouseLeave={() => setHovered(null)}>
          <div className="dashboard-grid" onScroll={() => setHovered(null)}>
            <HTMLTable compact bordered striped className="dashboard-table">
              <thead>
                <tr>
                  <th className="dashboard-name">Транспорт</th>
                  {table.dates.map((date) => (
                    <th key={date}>{dayMonth(date)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((transport) => (
                  <tr key={transport.id}>
                    <th className="dashboard-name" scope="row">
                      {transport.name}
                    </th>
                    {table.dates.map((date, index) => {
                      const cell = transport.cells.get(index);
                      return (
                        <td key={date} data-date={date} data-index={index} data-transport={transport.id} data-cell={cell ? '' : undefined}>
                          {cell ? <span className="dashboard-count">{cell.count}</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th className="dashboard-name" scope="row">
                    {T.sum}
                  </th>
                  {table.dates.map((date, index) => (
                    <td key={date} data-date={date}>
                      <strong>{table.totals[index] ?? 0}</strong>
                    </td>
                  ))}
                </tr>
              </tfoot>
            </HTMLTable>
          </div>
          {hovered && <CellTooltip hovered={hovered} />}
        </div>
      )}
    </Card>
  );
}
