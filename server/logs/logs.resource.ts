import { logsResource, type LogRow } from '../../shared/resources/logs.js';
import { ACCESS } from '../../shared/roles.js';
import { ALIAS, defineServerResource } from '../common/resource/server-resource.js';
import { LogEntity } from './log.entity.js';

/**
 * /logs: every staff role reads them (spec 01 §6 does not restrict it); read-only; deleting a log
 * is the administrator's (issue 8: the spec is silent, and the logs are the trail of what happened).
 */
export const logsServerResource = defineServerResource({
  definition: logsResource,
  entity: LogEntity,
  deleteRoles: ACCESS.administratorOnly,
  // The exact expression of ix_logs_search (migrations/1763942400001-LogsSearch.ts).
  searchExpression: `(${ALIAS}.source || ' ' || ${ALIAS}.title || ' ' || ${ALIAS}.msg)`,
  nameColumn: 'title',
  counted: { keys: ['level'] },
  toRow: (log): LogRow => ({
    id: log.id,
    level: log.level,
    level_name: log.level_name,
    source: log.source,
    title: log.title,
    msg: log.msg,
    meta: log.meta,
    env: log.env,
    created_at: log.created_at.toISOString(),
  }),
});
