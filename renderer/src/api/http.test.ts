/**
 * A file the server queues (issue 37: beyond two exports at once, server/exports/export-slots.ts) has
 * its headers at once with `X-Export-Queue: N`: `api.file` tells its place until the first bytes come,
 * then that it left the queue, and still answers the whole file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_QUEUE_HEADER } from '@shared/api';

vi.mock('../common/toaster', () => ({ toast: { error: vi.fn() } }));
vi.mock('./connection', () => ({ connectionAnswered: vi.fn(), connectionLost: vi.fn() }));

const { api } = await import('./http');

afterEach(() => vi.unstubAllGlobals());

/** A reply whose body the test sends chunk by chunk. */
function streamedReply(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { response: new Response(body, { status: 200, headers }), controller };
}

describe('api.file', () => {
  it('tells the place in the queue while the file waits, then null when its bytes come, and answers the whole file', async () => {
    const { response, controller } = streamedReply({ [EXPORT_QUEUE_HEADER]: '2', 'Content-Type': 'application/octet-stream' });
    vi.stubGlobal('fetch', vi.fn(async () => response));
    const places: (number | null)[] = [];
    let firstPlace!: () => void;
    const told = new Promise<void>((resolve) => (firstPlace = resolve));
    const file = api.file('/analytics/export', undefined, (place) => {
      places.push(place);
      firstPlace();
    });
    await told;
    expect(places).toEqual([2]);
    controller.enqueue(new TextEncoder().encode('PK'));
    controller.enqueue(new TextEncoder().encode('-file'));
    controller.close();
    const blob = await file;
    expect(await blob.text()).toBe('PK-file');
    expect(places[0]).toBe(2);
    expect(places.slice(1).every((place) => place === null)).toBe(true);
    expect(places.length).toBeGreaterThan(1);
  });

  it('a file that was not queued says nothing about a queue', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('PK-now', { status: 200 })));
    const onQueued = vi.fn();
    expect(await (await api.file('/clients/export', undefined, onQueued)).text()).toBe('PK-now');
    expect(onQueued).not.toHaveBeenCalled();
  });
});
