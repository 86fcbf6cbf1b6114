/** Columns of the bus-transport lists (spec 02 "Bus-transport list"), shared by /transports and /transports/schedules. */
import type { TransportListRow } from '@shared/transport/transports';
import type { ColumnSpec } from '../../common/resource/definition';

export const transportColumns: ColumnSpec<TransportListRow>[] = [
  { key: 'id', title: 'ID', width: 70 },
  { key: 'name', title: 'Название' },
  { key: 'transportation', title: 'Транспорт', render: (row) => row.transportation?.name ?? '' },
  { key: 'kind', title: 'Тип', render: (row) => row.transportation?.kind_name ?? '' },
  { key: 'seats', title: 'Мест', render: (row) => String(row.transportation?.seats ?? '') },
  {
    key: 'route',
    title: 'Маршрут',
    render: (row) => (
      <span className="route-cell">
        {[row.route.start, ...row.route.intermediates, row.route.finish].filter(Boolean).join(' → ')}
      </span>
    ),
  },
  { key: 'duration', title: 'Дней' },
  { key: 'departure_days', title: 'Отправления' },
];
