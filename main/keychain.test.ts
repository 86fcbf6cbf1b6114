import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYCHAIN_SERVICE } from '../shared/desktop-bridge.js';

/** An in-memory keytar. */
function memoryKeytar() {
  const store = new Map<string, string>();
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    store,
    getPassword: vi.fn(async (service: string, account: string) => store.get(key(service, account)) ?? null),
    setPassword: vi.fn(async (service: string, account: string, password: string) => {
      store.set(key(service, account), password);
    }),
    deletePassword: vi.fn(async (service: string, account: string) => store.delete(key(service, account))),
  };
}

/** keychain.ts imported fresh, so its dynamic `import('keytar')` sees the module mocked for this test. */
async function freshKeychainModule() {
  vi.resetModules();
  return import('./keychain.js');
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.doUnmock('keytar');
  vi.restoreAllMocks();
});

describe('keychain without keytar', () => {
  it('reports unavailable, loads null and ignores save/clear when keytar cannot load', async () => {
    vi.doMock('keytar', () => {
      throw new Error("Cannot find module '../build/Release/keytar.node'");
    });
    const { createKeychain } = await freshKeychainModule();
    const warn = vi.fn();
    const keychain = createKeychain({ warn });

    expect(await keychain.available()).toBe(false);
    expect(await keychain.load()).toBeNull();
    await expect(keychain.save({ login: 'anna@example.ru', password: 'secret' })).resolves.toBeUndefined();
    await expect(keychain.clear()).resolves.toBeUndefined();
    // Said once, not on every call.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/keychain is not available/);
  });

  it('treats a keytar that loads but cannot reach the keychain (no secret service) as unavailable', async () => {
    const broken = memoryKeytar();
    broken.getPassword.mockRejectedValue(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    const { createKeychain } = await freshKeychainModule();
    const keychain = createKeychain({ loadKeytar: async () => broken, warn: () => {} });

    expect(await keychain.available()).toBe(false);
    expect(await keychain.load()).toBeNull();
    await keychain.save({ login: 'a', password: 'b' });
    expect(broken.setPassword).not.toHaveBeenCalled();
  });
});

describe('keychain with keytar', () => {
  it('round-trips save → load through the keytar module, under KEYCHAIN_SERVICE, and clears', async () => {
    const keytar = memoryKeytar();
    // Shaped like a CommonJS module seen from ESM: the exports object is the default export.
    vi.doMock('keytar', () => ({ default: keytar }));
    const { createKeychain } = await freshKeychainModule();
    const keychain = createKeychain();

    expect(await keychain.available()).toBe(true);
    expect(await keychain.load()).toBeNull();

    await keychain.save({ login: 'anna@example.ru', password: 'p@ss "word" ✓' });
    expect(await keychain.load()).toEqual({ login: 'anna@example.ru', password: 'p@ss "word" ✓' });
    expect(keytar.setPassword).toHaveBeenCalledWith(KEYCHAIN_SERVICE, expect.any(String), expect.any(String));
    expect(keytar.store.size).toBe(1);

    // Saving another login replaces the one entry instead of piling up accounts.
    await keychain.save({ login: 'boris@example.ru', password: 'x' });
    expect(keytar.store.size).toBe(1);
    expect(await keychain.load()).toEqual({ login: 'boris@example.ru', password: 'x' });

    await keychain.clear();
    expect(await keychain.load()).toBeNull();
    expect(keytar.store.size).toBe(0);
  });

  it('ignores a corrupted entry instead of failing', async () => {
    const keytar = memoryKeytar();
    const { createKeychain, KEYCHAIN_ACCOUNT } = await freshKeychainModule();
    keytar.store.set(`${KEYCHAIN_SERVICE}\u0000${KEYCHAIN_ACCOUNT}`, 'not json');
    const keychain = createKeychain({ loadKeytar: async () => keytar });
    expect(await keychain.load()).toBeNull();
  });
});
