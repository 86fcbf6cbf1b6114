/**
 * Columns of the bus-transport lists (spec 02 "Bus-transport list"), shared by /transports and
 * /transports/schedules; text columns are capped so both lists fit a 1366×768 screen.
 */
import type { TransportListRow } from '@shared/transport/types';
import type { ColumnSpec } from '../../common/resource/definition';

export const transportColumns: ColumnSpec<TransportListRow>[] = [
  { key: 'id', title: 'ID', width: 70 },
  { key: 'name', title: 'Название', maxWidth: '11vw' },
  { key: 'transportation', title: 'Транспорт', maxWidth: '8vw', render: (row) => row.transportation?.name ?? '' },
  { key: 'kind', title: 'Тип', maxWidth: '6vw', render: (row) => row.transportation?.kind_name ?? '' },
  { key: 'seats', title: 'Мест', width: 70, render: (row) => String(row.transportation?.seats ?? '') },
  { key: 'route_start', title: 'Отправление', maxWidth: '7vw', render: (row) => row.route.start ?? '' },
  { key: 'route_intermediates', title: 'Остановки', maxWidth: '9vw', render: (row) => row.route.intermediates.join(', ') },
  { key: 'route_finish', title: 'Прибытие', maxWidth: '7vw', render: (row) => row.route.finish ?? '' },
  { key: 'duration', title: 'Дней', width: 70 },
  { key: 'departure_days', title: 'Отправления', maxWidth: '8vw' },
];
