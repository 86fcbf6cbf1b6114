import { HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { formatDateTime } from '@shared/format';
import { LOG_LEVELS, LOG_LEVELS_LIST_PATH, logLevelTitle, logSourceTitle, logsResource, type LogRow } from '@shared/resources/logs';
import { ACCESS } from '@shared/roles';
import { defineResourceScreen } from '../../common/resource/definition';

function levelIntent(level: number): Intent {
  if (level >= LOG_LEVELS.error) return Intent.DANGER;
  if (level >= LOG_LEVELS.warning) return Intent.WARNING;
  if (level >= LOG_LEVELS.notice) return Intent.PRIMARY;
  return Intent.NONE;
}

const LevelTag = ({ log }: { log: Pick<LogRow, 'level'> }) => (
  <Tag minimal intent={levelIntent(log.level)}>
    {logLevelTitle(log.level)}
  </Tag>
);

const valueText = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value ?? ''));

/** A key/value list of a JSON object (meta, env): the server's own data, shown as stored (not interface text: translate="no"). */
function KeyValues({ title, values }: { title: string; values: Record<string, unknown> | null | undefined }) {
  const entries = Object.entries(values ?? {});
  return (
    <section className="log-section">
      <h4>{title}</h4>
      {entries.length === 0 ? (
        <div className="bp6-text-muted">—</div>
      ) : (
        <HTMLTable compact bordered className="key-values" translate="no">
          <tbody>
            {entries.map(([key, value]) => (
              <tr key={key}>
                <th>{key}</th>
                <td>
                  <pre>{valueText(value)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

function LogView({ log }: { log: LogRow }) {
  return (
    <div className="log-view">
      <HTMLTable compact className="key-values">
        <tbody>
          <tr>
            <th>Уровень</th>
            <td>
              <LevelTag log={log} />
            </td>
          </tr>
          <tr>
            <th>Источник</th>
            <td>{logSourceTitle(log.source)}</td>
          </tr>
          <tr>
            <th>Заголовок</th>
            <td>{log.title}</td>
          </tr>
          <tr>
            <th>Дата</th>
            <td>{formatDateTime(log.created_at)}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <section className="log-section">
        <h4>Сообщение</h4>
        {log.msg ? (
          <pre className="log-message" translate="no">
            {log.msg}
          </pre>
        ) : (
          <div className="bp6-text-muted">—</div>
        )}
      </section>
      <KeyValues title="Метаданные" values={log.meta} />
      <KeyValues title="Окружение" values={log.env} />
    </div>
  );
}

/** /logs (spec 01 §2.13): the server's events; viewed and deleted, never added or edited. */
export const logsScreen = defineResourceScreen<LogRow, LogRow>({
  resource: logsResource,
  title: 'Логи',
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    { key: 'level', title: 'Уровень', width: 130, render: (log) => <LevelTag log={log} /> },
    { key: 'source', title: 'Источник', render: (log) => logSourceTitle(log.source), text: (log) => logSourceTitle(log.source) },
    { key: 'title', title: 'Заголовок' },
    { key: 'created_at', title: 'Дата', width: 150, render: (log) => formatDateTime(log.created_at) },
  ],
  filters: [{ kind: 'select', param: 'level', label: 'Уровень', options: { path: LOG_LEVELS_LIST_PATH } }],
  view: { title: 'Просмотр лога', width: '60vw', render: (log) => <LogView log={log} /> },
  // Deleting a log is the administrator's (issue 8); the server refuses the others with 403.
  canDelete: (_log, user) => (ACCESS.administratorOnly as readonly number[]).includes(user.role),
  confirmDelete: 'Вы действительно желаете удалить запись лога?',
});
