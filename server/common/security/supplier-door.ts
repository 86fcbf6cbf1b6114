/**
 * The supplier door (issue 37): every request the server makes to a supplier (its API, its photo
 * links) goes through here. The host is resolved first and the request refused before any connection
 * when one of its addresses is not public (loopback however spelled, private, link-local, unspecified,
 * multicast, reserved; IPv4 inside IPv6 judged as IPv4), unless the administrator named the host in
 * SUPPLIER_PRIVATE_HOSTS. The API's own host:port is refused whatever the list says. The connection
 * goes to the address that was checked (the socket's lookup answers it), so a second DNS answer cannot
 * swap it; redirects are never followed (node:http follows none).
 *
 * Every answer is counted as it arrives and cut past its cap, whether or not it declares its length.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import os from 'node:os';

/** A resolved address of a host. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name (never an IP literal) to its addresses; injectable so tests need no DNS server. */
export type SupplierResolver = (host: string) => Promise<ResolvedAddress[]>;

/**
 * DNS, but for the special-use names of RFC 6761: `localhost` and `*.localhost` are this computer, and
 * `*.test`, `*.example`, `*.invalid` never resolve — answered here, without a query leaving the computer.
 */
export const systemResolver: SupplierResolver = async (host) => {
  if (host === 'localhost' || host.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }];
  if (/\.(test|example|invalid)$/.test(host)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Why the door stays shut: an internal address, or a host that does not resolve. */
export class DoorRefused extends Error {
  constructor(
    readonly kind: 'internal' | 'unresolved' | 'credentials',
    readonly detail: string,
  ) {
    super(`Supplier door refused (${kind}): ${detail}`);
  }
}

/** The answer went past its cap (counted as it arrived). */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** An address as bytes (4 or 16), or null when the text is no IP address. */
function bytesOf(address: string): number[] | null {
  const family = isIP(address);
  if (family === 4) return address.split('.').map(Number);
  if (family !== 6) return null;
  let text = address.split('%')[0]!.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes two groups.
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const inV4 = (bytes: number[], network: [number, number, number, number], bits: number) => {
  const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const net = ((network[0] << 24) | (network[1] << 16) | (network[2] << 8) | network[3]) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) === (net & mask);
};

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const V4_INTERNAL: [[number, number, number, number], number][] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, the cloud metadata address
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved and broadcast
];

function internalV4(bytes: number[]): boolean {
  return V4_INTERNAL.some(([network, bits]) => inV4(bytes, network, bits));
}

/** Whether an address (v4 or v6 text) is anything but the public internet. Text that is no address counts as internal. */
export function isInternalAddress(address: string): boolean {
  const bytes = bytesOf(address);
  if (!bytes) return true;
  if (bytes.length === 4) return internalV4(bytes);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, :: and ::1 among them) and NAT64 (64:ff9b::a.b.c.d): the IPv4 inside decides.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return internalV4(bytes.slice(12));
  if (zeros(0, 12)) return true;
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return internalV4(bytes.slice(12));
  // 6to4 (2002:a.b.c.d::) carries an IPv4 as well.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return internalV4(bytes.slice(2, 6));
  if ((bytes[0]! & 0xfe) === 0xfc) return true; // unique local fc00::/7
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return true; // site-local fec0::/10 (deprecated)
  if (bytes[0] === 0xff) return true; // multicast
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && zeros(2, 4)) return true; // Teredo 2001::/32 tunnels to anywhere
  return false;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) carries; null for any other. */
function embeddedV4(address: string): string | null {
  const bytes = bytesOf(address);
  if (bytes?.length !== 16 || !bytes.slice(0, 10).every((byte) => byte === 0) || bytes[10] !== 0xff || bytes[11] !== 0xff) return null;
  return bytes.slice(12).join('.');
}

const sameAddress = (a: string, b: string) => {
  const x = bytesOf(a);
  const y = bytesOf(b);
  return x !== null && y !== null && x.length === y.length && x.every((byte, index) => byte === y[index]);
};

// ---------------------------------------------------------------------------------------------
// The door

export interface SupplierDoorOptions {
  /** SUPPLIER_PRIVATE_HOSTS: `host` or `host:port` entries the administrator opened to the office network. */
  privateHosts: readonly string[];
  resolve?: SupplierResolver;
}

/** A URL's host as a list entry names it: lower case, no brackets around IPv6. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** SUPPLIER_PRIVATE_HOSTS read: entries as typed, each parsed as a URL host would be (so `127.1` is `127.0.0.1`). */
export function parsePrivateHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const invalid = new Error(`SUPPLIER_PRIVATE_HOSTS: "${entry}" is no host or host:port`);
      if (!/^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(entry)) throw invalid;
      try {
        const url = new URL(`http://${entry}`);
        return url.port ? `${hostOf(url)}:${url.port}` : hostOf(url);
      } catch {
        throw invalid;
      }
    });
}

export interface DoorRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The whole request (connect, answer, body) within this. */
  signal: AbortSignal;
}

export class SupplierDoor {
  private readonly resolve: SupplierResolver;
  /** Where the API itself listens (set once it does): never a supplier, whatever the list says. */
  private own: { host: string; port: number } | null = null;

  constructor(private readonly options: SupplierDoorOptions) {
    this.resolve = options.resolve ?? systemResolver;
  }

  listening(host: string, port: number): void {
    this.own = { host, port };
  }

  /** Whether `address:port` is the API itself: its port on loopback, unspecified, its listening address or any of this computer's interfaces. */
  private isOwn(address: string, port: number): boolean {
    if (!this.own || this.own.port !== port) return false;
    const plain = embeddedV4(address) ?? address;
    if (plain.startsWith('127.') || plain.startsWith('0.') || sameAddress(plain, '::1') || sameAddress(plain, '::')) return true;
    if (sameAddress(plain, this.own.host)) return true;
    return Object.values(os.networkInterfaces()).some((list) => list?.some((entry) => sameAddress(entry.address, plain)));
  }

  /**
   * The address a request to `url` may connect to; DoorRefused when the host resolves to nothing, to
   * an internal address not opened by SUPPLIER_PRIVATE_HOSTS, or to the API itself; a URL carrying
   * a login or password is refused too (it would be sent to whoever answers).
   */
  async check(url: URL): Promise<ResolvedAddress> {
    if (url.username || url.password) throw new DoorRefused('credentials', url.host);
    const host = hostOf(url);
    const port = portOf(url);
    let addresses: ResolvedAddress[];
    const literal = isIP(host);
    if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch (error) {
        throw new DoorRefused('unresolved', `${host}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!addresses.length) throw new DoorRefused('unresolved', host);
    const opened = this.options.privateHosts.includes(host) || this.options.privateHosts.includes(`${host}:${port}`);
    for (const { address } of addresses) {
      if (this.isOwn(address, port)) throw new DoorRefused('internal', `${host}:${port} is this API (${address})`);
      if (!opened && isInternalAddress(address)) throw new DoorRefused('internal', `${host} resolves to ${address}`);
    }
    return addresses[0]!;
  }

  /**
   * A request through the door: checked, then sent to the checked address (SNI and Host still name the
   * host). Answers the response once its headers arrived; its body is read with `readCapped`.
   */
  async request(url: URL, request: DoorRequest): Promise<IncomingMessage> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DoorRefused('internal', `scheme ${url.protocol}`);
    const checked = await this.check(url);
    // The socket asks this, not DNS: the connection goes where the check looked.
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [checked]);
      else callback(null, checked.address, checked.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = client.request(url, { method: request.method, headers: request.headers, lookup, signal: request.signal, agent: false }, resolve);
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
  }
}

/**
 * The body of an answer read whole, counting bytes as they arrive: AnswerTooLarge (and the socket
 * closed) once past `maxBytes`, declared length or not.
 */
export async function readCapped(response: AsyncIterable<Uint8Array> & { destroy?: () => void; headers?: IncomingMessage['headers'] }, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers?.['content-length'] ?? 0);
  if (declared > maxBytes) {
    response.destroy?.();
    throw new AnswerTooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of cappedBody(response, maxBytes)) {
    total += chunk.length;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

/** The bytes of a body as they arrive, AnswerTooLarge (the stream destroyed) once past `maxBytes`. */
export async function* cappedBody(body: AsyncIterable<Uint8Array> & { destroy?: () => void }, maxBytes: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      body.destroy?.();
      throw new AnswerTooLarge(maxBytes);
    }
    yield chunk;
  }
}

/** The door of this server (one per process: the resource declarations, which are no providers, reach it here). */
let current: SupplierDoor | undefined;

export function useSupplierDoor(door: SupplierDoor): SupplierDoor {
  current = door;
  return door;
}

export function supplierDoor(): SupplierDoor {
  if (!current) throw new Error('The supplier door is not set up');
  return current;
}
