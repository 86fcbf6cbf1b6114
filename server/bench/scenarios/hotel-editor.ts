/**
 * The hotel editor (issue 11) on a hotel of 30 rooms × 12 price periods: the p95 of opening it (GET)
 * and saving it (PUT, the payload as the editor sends it back) next to their targets, the SQL
 * statements one save sends (they must not grow with the rooms: counted for 3 and 30 rooms), and the
 * memory a 100 MB video costs the server while it is uploaded and served (the server runs in this
 * process). Times are the server's plus a loopback round trip, one client.
 */
import { performance } from 'node:perf_hooks';
import { toPayloadBody } from '../../../shared/editor.js';
import { HotelFileType } from '../../../shared/hotels/constants.js';
import { observeAggregateStatements } from '../../common/aggregate/save-aggregate.js';
import { createHotelHandbooks, hotelPayload } from '../../test/hotel-fixtures.js';
import { percentile, type BenchRow, type BenchScenario } from '../context.js';

const WARMUP = 20;
const TARGETS = { loadP95: 50, saveP95: 150, videoMemoryMb: 64 };
const MB = 1024 * 1024;

async function timed(count: number, request: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  const durations: number[] = [];
  for (let index = 0; index < WARMUP + count; index++) {
    const started = performance.now();
    await request();
    if (index >= WARMUP) durations.push(performance.now() - started);
  }
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}

/** A multipart body of `size` bytes of video, made piece by piece (never whole in this process either). */
function videoBody(boundary: string, size: number): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${HotelFileType.Video}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tour.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const first = Buffer.alloc(MB);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(first);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent < size) {
        const length = Math.min(MB, size - sent);
        controller.enqueue(sent === 0 ? first.subarray(0, length) : Buffer.alloc(length, sent % 251));
        sent += length;
      } else {
        controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
}

/** Peak RSS of this process (the server runs in it) above the level before `work`, in MB. */
async function peakMemory(work: () => Promise<void>): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return (Math.max(peak, process.memoryUsage().rss) - before) / MB;
}

export const hotelEditorScenario: BenchScenario = {
  name: 'hotel editor',
  stage: 'full',
  async run({ baseUrl, admin: http, sql, sizes, log }) {
    const requests = sizes.requests;
    const handbooks = await createHotelHandbooks(async (text, params) => (await sql.query(text, params)).rows, 'Бенч');
    const create = async (rooms: number) => {
      const response = await http.post('/api/hotels', toPayloadBody(hotelPayload(handbooks, `Отель ${rooms} номеров`, { rooms, periodsPerRoom: 12 })));
      if (response.status !== 201) throw new Error(`POST /api/hotels: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
      return response.body.data as { id: number; version: number };
    };
    const big = await create(30);
    const small = await create(3);
    const body = JSON.stringify(toPayloadBody((await http.get(`/api/hotels/${big.id}`)).body.data));
    log(`  hotel editor: a hotel of 30 rooms × 12 price periods, payload ${(body.length / 1024).toFixed(0)} KB`);

    const load = await timed(requests, async () => {
      const response = await http.get(`/api/hotels/${big.id}`);
      if (response.status !== 200) throw new Error(`GET: ${response.status}`);
    });
    // Each save sends back what the editor read, with the version the previous save answered.
    let current = (await http.get(`/api/hotels/${big.id}`)).body.data;
    const save = await timed(Math.min(requests, 100), async () => {
      const response = await http.put(`/api/hotels/${big.id}`, toPayloadBody(current));
      if (response.status !== 200) throw new Error(`PUT: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
      current = response.body.data;
    });

    // SQL statements of one save, for 3 and for 30 rooms: the same number (no statement per row).
    const statements = async (id: number) => {
      const hotel = (await http.get(`/api/hotels/${id}`)).body.data;
      let count = 0;
      observeAggregateStatements(() => count++);
      try {
        const response = await http.put(`/api/hotels/${id}`, toPayloadBody(hotel));
        if (response.status !== 200) throw new Error(`PUT: ${response.status}`);
      } finally {
        observeAggregateStatements(null);
      }
      return count;
    };
    const [few, many] = [await statements(small.id), await statements(big.id)];

    // A 100 MB video: uploaded (streamed into 1 MB chunks) and served back whole, chunk by chunk.
    const size = 100 * MB;
    let url = '';
    const boundary = `----bench${Date.now()}`;
    const cookie = [...http.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const uploadMb = await peakMemory(async () => {
      const response = await fetch(`${baseUrl}/api/hotels/files`, {
        method: 'POST',
        body: videoBody(boundary, size),
        duplex: 'half',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          Cookie: cookie,
          'X-XSRF-TOKEN': decodeURIComponent(http.cookies.get('XSRF-TOKEN') ?? ''),
        },
      } as RequestInit);
      if (response.status !== 201) throw new Error(`POST /api/hotels/files: ${response.status} ${await response.text()}`);
      url = ((await response.json()) as { url: string }).url;
    });
    let served = 0;
    const downloadMb = await peakMemory(async () => {
      const response = await fetch(`${baseUrl}${url}`, { headers: { Cookie: cookie } });
      for await (const chunk of response.body!) served += (chunk as Uint8Array).byteLength;
    });
    if (served !== size) throw new Error(`Served ${served} bytes of ${size}`);

    const rows: BenchRow[] = [
      { scenario: 'hotel editor: open (GET /api/hotels/{id})', clients: 1, p50: load.p50, p95: load.p95, target: `p95 < ${TARGETS.loadP95} ms`, met: load.p95 < TARGETS.loadP95 },
      { scenario: 'hotel editor: save (PUT /api/hotels/{id})', clients: 1, p50: save.p50, p95: save.p95, target: `p95 < ${TARGETS.saveP95} ms`, met: save.p95 < TARGETS.saveP95 },
      { scenario: 'hotel editor: SQL statements of one save', target: 'same for 3 and 30 rooms', met: few === many, note: `3 rooms: ${few}, 30 rooms: ${many}` },
      { scenario: 'hotel editor: 100 MB video upload, peak memory', target: `< ${TARGETS.videoMemoryMb} MB`, met: uploadMb < TARGETS.videoMemoryMb, note: `+${uploadMb.toFixed(0)} MB` },
      { scenario: 'hotel editor: 100 MB video download, peak memory', target: `< ${TARGETS.videoMemoryMb} MB`, met: downloadMb < TARGETS.videoMemoryMb, note: `+${downloadMb.toFixed(0)} MB` },
    ];
    return rows;
  },
};
