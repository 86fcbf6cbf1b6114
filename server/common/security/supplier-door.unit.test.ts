/** The supplier door's address rules (issue 37), without any connection: a resolver of the test's own, no DNS. */
import { describe, expect, it } from 'vitest';
import { DoorRefused, isInternalAddress, parsePrivateHosts, SupplierDoor, systemResolver, type SupplierResolver } from './supplier-door.js';

const names: Record<string, string[]> = { 'supplier.test': ['127.0.0.1'], 'mixed.test': ['203.0.113.7', '10.0.0.8'], 'public.test': ['203.0.113.7', '2001:4860::8888'], localhost: ['127.0.0.1', '::1'] };
const resolve: SupplierResolver = async (host) => {
  const found = names[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const refusal = async (door: SupplierDoor, url: string) => {
  try {
    await door.check(new URL(url));
    return null;
  } catch (error) {
    if (error instanceof DoorRefused) return error.kind;
    throw error;
  }
};

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '0.0.0.0', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255',
    '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'ff02::1', 'not an address',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '172.15.255.255', '192.169.0.1', '203.0.113.7', '2001:4860::8888', '::ffff:8.8.8.8', '2a00:1450::1'])('%s is public', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );
});

describe('SupplierDoor.check', () => {
  const door = new SupplierDoor({ privateHosts: [], resolve });

  it.each([
    'http://127.0.0.1/', 'http://localhost:8080/', 'http://[::1]/', 'http://0x7f000001/', 'http://2130706433/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/',
    'http://10.0.0.1/', 'http://172.16.5.5/', 'http://192.168.1.1/', 'http://[fc00::1]/', 'http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/',
    'http://supplier.test/', 'http://mixed.test/',
  ])('refuses %s before connecting', async (url) => expect(await refusal(door, url)).toBe('internal'));

  it('lets a public host through and answers the address it checked', async () => {
    expect(await door.check(new URL('https://public.test/v1'))).toEqual({ address: '203.0.113.7', family: 4 });
    expect(await refusal(door, 'https://nowhere.test/')).toBe('unresolved');
    expect(await refusal(door, 'http://user:secret@public.test/')).toBe('credentials');
  });

  it('SUPPLIER_PRIVATE_HOSTS opens a named host (or host:port) only, never the API’s own host:port', async () => {
    const office = new SupplierDoor({ privateHosts: parsePrivateHosts(' supplier.test , 10.0.0.1:8443,127.1'), resolve });
    expect(parsePrivateHosts('supplier.test, 10.0.0.1:8443,127.1')).toEqual(['supplier.test', '10.0.0.1:8443', '127.0.0.1']);
    expect(await refusal(office, 'http://supplier.test:9000/')).toBeNull();
    expect(await refusal(office, 'https://10.0.0.1:8443/')).toBeNull();
    expect(await refusal(office, 'https://10.0.0.1:8444/')).toBe('internal');
    expect(await refusal(office, 'http://localhost/')).toBe('internal');
    office.listening('127.0.0.1', 39_999);
    expect(await refusal(office, 'http://127.0.0.1:39999/api/health')).toBe('internal');
    expect(await refusal(office, 'http://supplier.test:39999/')).toBe('internal');
    expect(await refusal(office, 'http://127.0.0.1:40000/')).toBeNull();
    expect(() => parsePrivateHosts('http://a b')).toThrow(/SUPPLIER_PRIVATE_HOSTS/);
  });
});

describe('systemResolver', () => {
  it('answers the special-use names itself, no query leaving the computer: *.localhost is loopback, *.test, *.example, *.invalid never resolve', async () => {
    expect(await systemResolver('api.localhost')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    for (const host of ['supplier.test', 'api.crimea-online.example', 'nowhere.invalid']) await expect(systemResolver(host)).rejects.toThrow(/ENOTFOUND/);
    // So a vendor's `http://api.localhost:8080/` is refused as this computer, with no DNS at all.
    expect(await refusal(new SupplierDoor({ privateHosts: [] }), 'http://api.localhost:8080/')).toBe('internal');
  });
});
