/**
 * The bystander (issue 15): while ten uploads stall mid-file and twenty editors keep saving a bus
 * transport with a stale version, another user's list page and `/api/health` are timed as usual —
 * HTTP p95 beside the database's p95 and the server's CPU per request. Targets: both below 100 ms,
 * and no 503 anywhere (uploads hold no connection while they wait on the network, a stale save
 * is refused before it queues for the row lock, health asks on a connection of its own).
 * The twenty editors save back to back for the whole measurement (hundreds of saves a second), so
 * the server CPU per bystander request printed here includes their share of the main thread.
 */
import { performance } from 'node:perf_hooks';
import { toPayloadBody } from '../../../shared/editor.js';
import { HotelFileType } from '../../../shared/hotels/constants.js';
import { Role } from '../../../shared/roles.js';
import { hashPassword } from '../../auth/passwords.js';
import { ApiClient } from '../../test/api-client.js';
import { startStalledUpload, type StalledUpload } from '../../test/stalled-upload.js';
import { insertCities, insertTransport, insertTransportation, type Sql } from '../../test/transport-fixtures.js';
import type { BenchContext, BenchRow, BenchScenario } from '../context.js';

const STALLED_UPLOADS = 10;
const STALE_SAVERS = 20;
const TARGET_MS = 100;
const UPLOADERS = 5;

async function signedInManagers(context: BenchContext, count: number): Promise<ApiClient[]> {
  const password = 'bench-bystander-password';
  const hash = await hashPassword(password);
  const clients: ApiClient[] = [];
  for (let index = 0; index < count; index++) {
    const email = `bystander-uploader-${Date.now()}-${index}@bench.test`;
    await context.sql.query(`INSERT INTO users (surname, name, email, password_hash, role, is_active) VALUES ('Загрузчик', $1, $2, $3, $4, true)`, [`Номер ${index + 1}`, email, hash, Role.Manager]);
    const client = new ApiClient(context.baseUrl);
    const reply = await client.login(email, password);
    if (reply.status !== 200) throw new Error(`Sign-in of ${email} answered ${reply.status}`);
    clients.push(client);
  }
  return clients;
}

export const bystanderScenario: BenchScenario = {
  name: 'bystander',
  stage: 'full',
  async run(context): Promise<BenchRow[]> {
    const db: Sql = { query: async <Row>(text: string, params?: unknown[]) => (await context.sql.query(text, params)).rows as Row[] };
    const cities = await insertCities(db, ['Ярославль', 'Кострома']);
    const transportId = await insertTransport(db, { name: 'Рейс свидетеля', transportationId: await insertTransportation(db), cities, startDate: '2031-01-01', finishDate: '2031-12-31', days: [6] });
    // One real save, so the version the stale editors send (the one read before it) exists.
    const read = (await context.admin.get(`/api/transports/${transportId}`)).body.data as Record<string, unknown>;
    const saved = await context.admin.put(`/api/transports/${transportId}`, toPayloadBody({ ...read, child_price: 900 }));
    if (saved.status !== 200) throw new Error(`The transport's save answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    const stale = toPayloadBody(read);

    const uploaders = await signedInManagers(context, UPLOADERS);
    const stalled: StalledUpload[] = [];
    for (let index = 0; index < STALLED_UPLOADS; index++) stalled.push(startStalledUpload(uploaders[index % UPLOADERS]!, '/api/hotels/files', { type: String(HotelFileType.Video) }));
    let stop = false;
    // A stalled upload is answered only when it is refused (a bound, a 503): none should be, before the end.
    let answeredEarly = 0;
    for (const upload of stalled) void upload.answer.then((answer) => void (answer && !stop && answeredEarly++));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const answers = new Map<number, number>();
    let unexpected: string | undefined;
    const savers = Array.from({ length: STALE_SAVERS }, async () => {
      const editor = context.admin.withBaseUrl(context.baseUrl);
      while (!stop) {
        const reply = await editor.put(`/api/transports/${transportId}`, stale);
        answers.set(reply.status, (answers.get(reply.status) ?? 0) + 1);
        if (reply.status !== 409) unexpected ??= `${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`;
      }
    });

    const started = performance.now();
    let rows: BenchRow[] = [];
    let failure: string | null = null;
    try {
      rows = [
        ...(await context.measure('bystander: list page (ten uploads stalled, twenty stale saves)', ['/api/clients?page=1&limit=10&orderBy=full_name&ascending=1'], { p95AtOne: TARGET_MS, p95AtEight: TARGET_MS })),
        ...(await context.measure('bystander: /api/health (same load)', ['/api/health'], { p95AtOne: TARGET_MS, p95AtEight: TARGET_MS })),
      ];
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      stop = true;
      await Promise.all(savers);
      for (const upload of stalled) upload.abort();
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const saves = [...answers].map(([status, count]) => `${count}×${status}`).join(', ');
    const clean = failure === null && answeredEarly === 0 && [...answers.keys()].every((status) => status === 409);
    return [
      ...rows,
      {
        scenario: 'bystander: the load itself',
        target: 'no 503; stale saves 409',
        met: clean,
        note: `${STALLED_UPLOADS} uploads stalled for ${seconds} s${answeredEarly ? ` (${answeredEarly} were answered before the end!)` : ''}; stale saves: ${saves}${unexpected ? ` (first other answer: ${unexpected})` : ''}${failure ? `; bystander failed: ${failure}` : ''}`,
      },
    ];
  },
};
