/** /transports/schedules (spec 02 §2, §7 "Schedules"): the bus transports, each opening its schedule. */
import { MESSAGES } from '@shared/messages';
import { defineResource } from '@shared/resources/define';
import { routePath } from '@shared/routes';
import { SCHEDULE_PATHS } from '@shared/transport/schedules';
import { transportsResource } from '@shared/transport/resource';
import { type TransportListRow } from '@shared/transport/types';
import { defineResourceScreen } from '../../common/resource/definition';
import { transportColumns } from './transportColumns';

const schedulesResource = defineResource({ ...transportsResource, path: SCHEDULE_PATHS.list, readOnly: true, messages: { ...transportsResource.messages, loadFailed: MESSAGES.errors.unexpected } });

export const schedulesScreen = defineResourceScreen<TransportListRow>({
  resource: schedulesResource,
  title: 'Расписание автобусов',
  columns: transportColumns,
  rowActions: [{ title: 'Расписание', icon: 'calendar', to: (row) => routePath('transport-schedule', { id: row.id }) }],
  canDelete: () => false,
});
