import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../shared/desktop-bridge.js';
import { createBridgeHandlers, registerBridgeHandlers, safeFileName, type BridgeDeps } from './bridge-handlers.js';
import type { Keychain } from './keychain.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bridge-save-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fakeKeychain(): Keychain {
  return {
    available: vi.fn(async () => true),
    load: vi.fn(async () => ({ login: 'anna@example.ru', password: 'secret' })),
    save: vi.fn(async () => {}),
    clear: vi.fn(async () => {}),
  };
}

function deps(showSaveDialog: BridgeDeps['showSaveDialog']): BridgeDeps {
  return { showSaveDialog, defaultSaveDir: () => '/home/anna/Downloads', keychain: fakeKeychain(), appVersion: () => '0.1.0' };
}

// Bytes that a text round trip would damage: zero, high bytes, CR/LF.
const BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x80, 0x7f]);

describe('saveFile', () => {
  it('writes exactly the given bytes where the user chose and reports the path', async () => {
    const target = path.join(dir, 'Клиенты июнь.xlsx');
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: target }));
    const handlers = createBridgeHandlers(deps(showSaveDialog));

    const result = await handlers.saveFile({
      defaultName: 'clients.xlsx',
      data: BYTES,
      filters: [{ name: 'Excel', extensions: ['xlsx'] }],
    });

    expect(result).toEqual({ saved: true, path: target });
    const written = await readFile(target);
    expect(new Uint8Array(written)).toEqual(BYTES);
    expect(showSaveDialog).toHaveBeenCalledWith({
      defaultPath: path.join('/home/anna/Downloads', 'clients.xlsx'),
      filters: [{ name: 'Excel', extensions: ['xlsx'] }],
    });
  });

  it('writes the viewed bytes of a Uint8Array that is a window on a larger buffer', async () => {
    const target = path.join(dir, 'part.bin');
    const big = new Uint8Array([9, 9, 1, 2, 3, 9, 9]);
    const handlers = createBridgeHandlers(deps(async () => ({ canceled: false, filePath: target })));
    await handlers.saveFile({ defaultName: 'part.bin', data: big.subarray(2, 5) });
    expect([...(await readFile(target))]).toEqual([1, 2, 3]);
  });

  it('returns {saved:false} and writes nothing when the dialog is cancelled', async () => {
    const handlers = createBridgeHandlers(deps(async () => ({ canceled: true, filePath: '' })));
    const result = await handlers.saveFile({ defaultName: 'clients.xlsx', data: BYTES });
    expect(result).toEqual({ saved: false });
    expect(await readdir(dir)).toEqual([]);
  });

  it('treats a dialog without a path as cancelled', async () => {
    const writeFile = vi.fn(async () => {});
    const handlers = createBridgeHandlers({ ...deps(async () => ({ canceled: false })), writeFile });
    expect(await handlers.saveFile({ defaultName: 'a.docx', data: BYTES })).toEqual({ saved: false });
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('never lets the suggested name point outside the default folder', async () => {
    const showSaveDialog = vi.fn(async () => ({ canceled: true, filePath: '' }));
    const handlers = createBridgeHandlers(deps(showSaveDialog));
    await handlers.saveFile({ defaultName: '../../etc/passwd', data: BYTES });
    expect(showSaveDialog).toHaveBeenCalledWith({ defaultPath: path.join('/home/anna/Downloads', 'passwd') });
    expect(safeFileName('..\\..\\boot.ini')).toBe('boot.ini');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('отчёт: "июнь"?.xlsx')).toBe('отчёт_ _июнь__.xlsx');
  });

  it('rejects malformed requests before showing a dialog', async () => {
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: path.join(dir, 'x') }));
    const handlers = createBridgeHandlers(deps(showSaveDialog));
    await expect(handlers.saveFile({ defaultName: 'x', data: 'not bytes' })).rejects.toThrow(TypeError);
    await expect(handlers.saveFile({ data: BYTES })).rejects.toThrow(TypeError);
    await expect(handlers.saveFile({ defaultName: 'x', data: BYTES, filters: 'xlsx' })).rejects.toThrow(TypeError);
    await expect(handlers.saveFile(null)).rejects.toThrow(TypeError);
    expect(showSaveDialog).not.toHaveBeenCalled();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('credentials and app info handlers', () => {
  it('forward to the keychain and validate what is saved', async () => {
    const d = deps(async () => ({ canceled: true }));
    const handlers = createBridgeHandlers(d);
    expect(await handlers.credentialsAvailable()).toBe(true);
    expect(await handlers.credentialsLoad()).toEqual({ login: 'anna@example.ru', password: 'secret' });
    await handlers.credentialsSave({ login: 'boris@example.ru', password: 'p', extra: 'dropped' });
    expect(d.keychain.save).toHaveBeenCalledWith({ login: 'boris@example.ru', password: 'p' });
    await expect(handlers.credentialsSave({ login: 'x' })).rejects.toThrow(TypeError);
    await handlers.credentialsClear();
    expect(d.keychain.clear).toHaveBeenCalledTimes(1);
    expect(await handlers.appVersion()).toBe('0.1.0');
  });
});

describe('registerBridgeHandlers', () => {
  type FakeEvent = { trusted: boolean };

  function register() {
    const registered = new Map<string, (event: FakeEvent, ...args: unknown[]) => Promise<unknown>>();
    const handlers = createBridgeHandlers(deps(async () => ({ canceled: true })));
    registerBridgeHandlers<FakeEvent>(
      { handle: (channel, listener) => void registered.set(channel, listener) },
      handlers,
      (event) => event.trusted,
    );
    return registered;
  }

  it('registers exactly one handler per DESKTOP_CHANNELS entry', () => {
    expect([...register().keys()].sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it('routes each channel to its handler and refuses callers that are not the app page', async () => {
    const registered = register();
    const version = registered.get(DESKTOP_CHANNELS.appVersion)!;
    expect(await version({ trusted: true })).toBe('0.1.0');
    await expect(version({ trusted: false })).rejects.toThrow(/refused/);
    const save = registered.get(DESKTOP_CHANNELS.saveFile)!;
    expect(await save({ trusted: true }, { defaultName: 'a.xlsx', data: BYTES })).toEqual({ saved: false });
  });
});
