/** Columns of the bus-transport lists (spec 02 "Bus-transport list"), shared by /transports and /transports/schedules. */
import type { TransportListRow } from '@shared/transport/transports';
import type { ColumnSpec } from '../../common/resource/definition';

export const transportColumns: ColumnSpec<TransportListRow>[] = [
  { key: 'id', title: 'ID', width: 70 },
  { key: 'name', title: 'Название' },
  { key: 'transportation', title: 'Транспорт', render: (row) => row.transportation?.name ?? '' },
  { key: 'kind', title: 'Тип', render: (row) => row.transportation?.kind_name ?? '' },
  { key: 'seats', title: 'Мест', width: 70, render: (row) => String(row.transportation?.seats ?? '') },
  { key: 'route_start', title: 'Отправление', render: (row) => row.route.start ?? '' },
  { key: 'route_intermediates', title: 'Остановки', render: (row) => <span className="route-cell">{row.route.intermediates.join(', ')}</span> },
  { key: 'route_finish', title: 'Прибытие', render: (row) => row.route.finish ?? '' },
  { key: 'duration', title: 'Дней', width: 70 },
  { key: 'departure_days', title: 'Отправления' },
];
