/** Logs (spec 01 §2.13, §3 "Log", §7 "Logs"): the server's own events, read and deleted from /logs. */
import { z } from 'zod';
import type { IdName } from '../api.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Severity as in PSR-3 / Monolog: the number is stored in `level`, the upper-case name in `level_name`. */
export const LOG_LEVELS = { debug: 100, info: 200, notice: 250, warning: 300, error: 400, critical: 500 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

/** What the screen calls each level: `level_name` stays the protocol value (DEBUG, ERROR…), people read these. */
export const LOG_LEVEL_TITLES: Record<LogLevelName, string> = {
  debug: 'Отладка',
  info: 'Информация',
  notice: 'Уведомление',
  warning: 'Предупреждение',
  error: 'Ошибка',
  critical: 'Критическая ошибка',
};

/** The Russian name of a level number (an unknown number shows as itself). */
export function logLevelTitle(level: number): string {
  const name = (Object.keys(LOG_LEVELS) as LogLevelName[]).find((key) => LOG_LEVELS[key] === level);
  return name ? LOG_LEVEL_TITLES[name] : String(level);
}

/** GET /api/logs/levels/list → {data: [{id: 100, name: 'Отладка'}, …]}: the options of the level filter. */
export const LOG_LEVELS_LIST_PATH = '/logs/levels/list';
export const LOG_LEVEL_OPTIONS: IdName[] = (Object.keys(LOG_LEVELS) as LogLevelName[]).map((name) => ({ id: LOG_LEVELS[name], name: LOG_LEVEL_TITLES[name] }));

/**
 * What the screen calls each source of a log (`source` is the area of the server that wrote it). A
 * source not listed here shows as written — and the Russian-text browser test then asks for its name.
 */
export const LOG_SOURCE_TITLES: Record<string, string> = {
  http: 'Запросы к серверу',
  database: 'База данных',
  auth: 'Вход и доступ',
  agencies: 'Агентства',
  clients: 'Клиенты',
  vendors: 'Поставщики',
  users: 'Пользователи',
  mail: 'Почта',
  files: 'Файлы',
  imports: 'Импорты',
  hotels: 'Отели',
  transports: 'Транспорт',
  applications: 'Заявки',
  tours: 'Туры',
  jobs: 'Фоновые задачи',
  server: 'Сервер',
};
export const logSourceTitle = (source: string) => LOG_SOURCE_TITLES[source] ?? source;

export interface LogRow {
  id: number;
  level: number;
  level_name: string;
  source: string;
  title: string;
  msg: string;
  meta: Record<string, unknown>;
  env: Record<string, unknown>;
  created_at: string;
}

/** Logs are written by the server only: no create or update (readOnly), a level filter, delete. */
export const logsResource = defineResource({
  path: '/logs',
  createSchema: z.never(),
  updateSchema: z.never(),
  sortable: ['id', 'level'],
  filters: z.object({ level: listFilter.integer(0, 1000) }),
  readOnly: true,
  // `saved` is never shown: nothing saves a log through the API.
  messages: { saved: '', deleted: MESSAGES.logs.deleted },
});
