/**
 * The database going away and coming back, for the people who look into it later: while it is down
 * the entries go to the log file (LogService does that), and the notice of its return goes to the
 * logs table, where staff see on /logs that it was down and where the details are.
 */
import type { LogFile } from '../logs/log-file.js';
import type { LogService } from '../logs/log.service.js';
import type { AvailabilityEvent, DatabaseAvailability } from './database-availability.js';
import type { RunningDatabase } from './embedded-database.js';

const DATABASE_LOST_TITLE = 'База данных недоступна';

export function reportDatabaseEvents(availability: DatabaseAvailability, database: RunningDatabase, logs: LogService, logFile: LogFile): void {
  availability.onChange((event) => void logAvailability(logs, logFile, event));
  // The embedded server's process ended or the data folder's owner left: the first sign of an outage
  // starts the recovery; when a failing query was faster, the reason (exit signal, PostgreSQL's last
  // words) is still worth its own entry.
  database.onLost((reason) => {
    if (availability.available) availability.markUnavailable(reason);
    else void logs.write('critical', 'database', DATABASE_LOST_TITLE, reason);
  });
}

async function logAvailability(logs: LogService, logFile: LogFile, event: AvailabilityEvent): Promise<void> {
  switch (event.kind) {
    case 'lost':
      console.error(`The database is unavailable; answering 503 until it is back. Details: ${logFile.file}`);
      return logs.write('critical', 'database', DATABASE_LOST_TITLE, event.reason);
    case 'retry-failed':
      return logs.error('database', `База данных недоступна: попытка восстановления ${event.attempt} не удалась`, event.error);
    case 'restored': {
      const seconds = (event.downtimeMs / 1000).toFixed(1);
      console.error(`The database is available again after ${seconds} s.`);
      return logs.write('warning', 'database', 'База данных снова доступна', `Была недоступна ${seconds} с. Записи журнала за это время — в файле ${logFile.file}`, {
        downtime_ms: event.downtimeMs,
        attempts: event.attempts,
        log_file: logFile.file,
      });
    }
  }
}
