/**
 * A supplier speaking our protocol v1 (docs/supplier-protocol-v1.md) on a local port, for the tests
 * of the connector, the imports and the Comments tab: its catalogue, credentials and behaviour (slow,
 * failing, malformed, paging) are set by the test, and every request it got is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupplierHotel, SupplierMessage, SupplierType } from '../imports/connectors/connector.js';

export interface SupplierBehaviour {
  /** Milliseconds before each answer. */
  delayMs: number;
  /** Answer every request with this status (and a `{message}` body when `message` is set). */
  failStatus: number | null;
  message: string | null;
  /** Answer 200 with this text instead of the protocol's JSON. */
  malformed: string | null;
  /** Items per page of /items, whatever `limit` asks. */
  pageSize: number;
  /** Item ids answered with 500. */
  failingItems: Set<string>;
  /** /items answers the first page's cursor for ever (a supplier paging in circles). */
  repeatCursor: boolean;
  /** Photo file names (`h1.jpg`) answered with 500. */
  failingPhotos: Set<string>;
  /** A hostile supplier's answer (issue 37): called first, before the body is read; true when it answered the request. */
  intercept: ((request: IncomingMessage, response: ServerResponse, url: URL) => boolean) | null;
}

export interface SupplierRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
}

export interface TestSupplier {
  url: string;
  behaviour: SupplierBehaviour;
  requests: SupplierRequest[];
  types: SupplierType[];
  /** By type id, as the supplier sends them: an id may come as a number (the connector reads it as text). */
  hotels: Map<string, WireHotel[]>;
  /** By booking id. */
  messages: Map<string, SupplierMessage[]>;
  messageTypes: SupplierType[];
  close(): Promise<void>;
}

/** A hotel on the wire: the protocol's item, its id text or a number. */
export type WireHotel = Omit<SupplierHotel, 'id'> & { id: string | number };

export const SUPPLIER_LOGIN = 'backoffice';
export const SUPPLIER_PASSWORD = 'pa:ss wörd';

/** Small real image files the supplier serves at `/photos/<name>.jpg` and `.png` (a 16×16 JPEG, a 2×2 PNG). */
export const SUPPLIER_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
  'base64',
);
export const SUPPLIER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGM4USF3okKOAUIBACj+BXl7FQAKAAAAAElFTkSuQmCC', 'base64');

/** A hotel of the supplier, with `rooms` rooms; its photos (a JPEG of the hotel, a PNG per room) at the supplier's `url`. */
export function supplierHotel(n: number, rooms = 2, url = 'http://127.0.0.1'): SupplierHotel {
  return {
    id: `H${n}`,
    name: `Отель поставщика ${n}`,
    city: 'Ялта',
    address: `ул. Морская, ${n}`,
    description: `<p>Отель ${n} у моря</p>`,
    photos: [{ url: `${url}/photos/h${n}.jpg` }],
    rooms: Array.from({ length: rooms }, (_, r) => ({
      id: `H${n}-R${r + 1}`,
      name: `Номер ${r + 1}`,
      room_type: 'Стандарт',
      placement: 'Двухместный',
      accommodation: 'Основное место',
      places: 2,
      photos: [{ url: `${url}/photos/h${n}-r${r + 1}.png` }],
      prices: [{ date_from: '2027-06-01', date_to: '2027-08-31', price: 4500 + r * 500 }],
    })),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export async function startTestSupplier(options: { hotels?: number; rooms?: number } = {}): Promise<TestSupplier> {
  const supplier: Omit<TestSupplier, 'url' | 'close'> = {
    behaviour: { delayMs: 0, failStatus: null, message: null, malformed: null, pageSize: 100, failingItems: new Set(), repeatCursor: false, failingPhotos: new Set(), intercept: null },
    requests: [],
    types: [{ id: 'hotels', name: 'Отели' }, { id: 'excursions', name: 'Экскурсии' }],
    // Filled once the server listens (the photos' links name its port).
    hotels: new Map(),
    messages: new Map(),
    messageTypes: [{ id: 'question', name: 'Вопрос' }, { id: 'change', name: 'Изменение заявки' }],
  };
  const expected = `Basic ${Buffer.from(`${SUPPLIER_LOGIN}:${SUPPLIER_PASSWORD}`).toString('base64')}`;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://supplier.test');
      if (supplier.behaviour.intercept?.(request, response, url)) return;
      const body = await readBody(request);
      supplier.requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.authorization ?? null, body });
      const { behaviour } = supplier;
      if (behaviour.delayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      if (behaviour.failStatus) return json(response, behaviour.failStatus, behaviour.message ? { message: behaviour.message } : {});
      if (behaviour.malformed !== null) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(behaviour.malformed);
      }
      const type = url.searchParams.get('type') ?? '';
      let match: RegExpMatchArray | null;
      // Photos are public files (as on a CDN): no credentials asked.
      // A link to something that is no picture (a text file), for the importer's check by content.
      if (request.method === 'GET' && /^\/photos\/[\w-]+\.txt$/.test(url.pathname)) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end('not a picture');
      }
      if (request.method === 'GET' && (match = url.pathname.match(/^\/photos\/([\w-]+)\.(jpg|png)$/))) {
        if (behaviour.failingPhotos.has(`${match[1]}.${match[2]}`)) return json(response, 500, { message: 'Внутренняя ошибка' });
        const bytes = match[2] === 'jpg' ? SUPPLIER_JPEG : SUPPLIER_PNG;
        response.writeHead(200, { 'content-type': match[2] === 'jpg' ? 'image/jpeg' : 'image/png', 'content-length': bytes.length });
        return response.end(bytes);
      }
      if (request.headers.authorization !== expected) return json(response, 401, { message: 'Неверный логин или пароль' });
      if (request.method === 'GET' && url.pathname === '/types') return json(response, 200, { data: supplier.types });
      if (request.method === 'GET' && url.pathname === '/items') {
        const query = (url.searchParams.get('query') ?? '').toLowerCase();
        const found = (supplier.hotels.get(type) ?? []).filter((hotel) => hotel.name.toLowerCase().includes(query));
        const from = Number(url.searchParams.get('cursor') ?? 0);
        const size = Math.min(behaviour.pageSize, Number(url.searchParams.get('limit') ?? 100));
        const page = found.slice(from, from + size);
        return json(response, 200, { data: page.map(({ id, name }) => ({ id, name })), next_cursor: behaviour.repeatCursor ? String(size) : from + size < found.length ? String(from + size) : null });
      }
      if (request.method === 'GET' && (match = url.pathname.match(/^\/items\/([^/]+)$/))) {
        const id = decodeURIComponent(match[1]!);
        if (behaviour.failingItems.has(id)) return json(response, 500, { message: 'Внутренняя ошибка' });
        const hotel = (supplier.hotels.get(type) ?? []).find((item) => String(item.id) === id);
        return hotel ? json(response, 200, { data: hotel }) : json(response, 404, { message: 'Объект не найден' });
      }
      if ((match = url.pathname.match(/^\/bookings\/([^/]+)\/messages$/))) {
        const booking = decodeURIComponent(match[1]!);
        const list = supplier.messages.get(booking) ?? [];
        if (request.method === 'GET') return json(response, 200, { data: list, types: supplier.messageTypes });
        const sent = body as { type?: string; text?: string };
        if (!supplier.messageTypes.some((kind) => kind.id === sent?.type)) return json(response, 422, { message: 'Неизвестный тип сообщения' });
        const message: SupplierMessage = { id: `M${list.length + 1}`, type: sent.type!, date: new Date().toISOString(), author: 'Туроператор', is_our: true, text: String(sent.text) };
        supplier.messages.set(booking, [...list, message]);
        return json(response, 201, { data: message });
      }
      return json(response, 404, { message: 'Нет такого адреса' });
    })().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A supplier left open by a test (the resource samples' one) does not keep the test process alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  supplier.hotels.set('hotels', Array.from({ length: options.hotels ?? 5 }, (_, n) => supplierHotel(n + 1, options.rooms ?? 2, url)));
  return {
    ...supplier,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
