/**
 * The preload runs as Electron runs a sandboxed preload: its CommonJS output is evaluated with a
 * `require` that knows only 'electron' (a fake one here), so a stray runtime import of a local
 * file would fail these tests just as it would fail in the window.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS, type DesktopBridge } from '../shared/desktop-bridge.js';

async function compiledPreload(): Promise<string> {
  const source = await readFile(new URL('./preload.cts', import.meta.url), 'utf8');
  const tsconfig = ts.readConfigFile(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), ts.sys.readFile).config;
  const { options } = ts.convertCompilerOptionsFromJson(tsconfig.compilerOptions, '.');
  return ts.transpileModule(source, { compilerOptions: options, fileName: 'preload.cts' }).outputText;
}

/** Runs the preload in a sandbox-like scope; returns what it exposed and what it required. */
async function runPreload() {
  const exposeInMainWorld = vi.fn();
  const invoke = vi.fn(async (channel: string, ..._args: unknown[]) => `answer of ${channel}`);
  const required: string[] = [];
  const fakeRequire = (name: string) => {
    required.push(name);
    if (name !== 'electron') throw new Error(`module not found: ${name} (sandboxed preloads can only require electron)`);
    return { contextBridge: { exposeInMainWorld }, ipcRenderer: { invoke, send: vi.fn(), on: vi.fn() } };
  };
  const module = { exports: {} };
  new Function('require', 'module', 'exports', await compiledPreload())(fakeRequire, module, module.exports);
  return { exposeInMainWorld, invoke, required };
}

describe('preload', () => {
  it('compiles to CommonJS that requires only electron', async () => {
    const code = await compiledPreload();
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect([...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])).toEqual(['electron']);
    const { required } = await runPreload();
    expect(required).toEqual(['electron']);
  });

  it('exposes exactly one object, window.desktop, with only the DesktopBridge methods', async () => {
    const { exposeInMainWorld } = await runPreload();
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, bridge] = exposeInMainWorld.mock.calls[0]! as [string, DesktopBridge];
    expect(name).toBe('desktop');
    expect(Object.keys(bridge).sort()).toEqual(['appVersion', 'credentials', 'saveFile']);
    expect(Object.keys(bridge.credentials).sort()).toEqual(['available', 'clear', 'load', 'save']);
    expect(typeof bridge.saveFile).toBe('function');
    expect(typeof bridge.appVersion).toBe('function');
    for (const method of Object.values(bridge.credentials)) expect(typeof method).toBe('function');
  });

  it('forwards every call to its DESKTOP_CHANNELS channel with the arguments', async () => {
    const { exposeInMainWorld, invoke } = await runPreload();
    const bridge = exposeInMainWorld.mock.calls[0]![1] as DesktopBridge;
    const data = new Uint8Array([1, 2, 3]);

    expect(await bridge.appVersion()).toBe(`answer of ${DESKTOP_CHANNELS.appVersion}`);
    await bridge.saveFile({ defaultName: 'tours.xlsx', data, filters: [{ name: 'Excel', extensions: ['xlsx'] }] });
    await bridge.credentials.available();
    await bridge.credentials.load();
    await bridge.credentials.save({ login: 'anna@example.ru', password: 'secret' });
    await bridge.credentials.clear();

    expect(invoke.mock.calls).toEqual([
      [DESKTOP_CHANNELS.appVersion],
      [DESKTOP_CHANNELS.saveFile, { defaultName: 'tours.xlsx', data, filters: [{ name: 'Excel', extensions: ['xlsx'] }] }],
      [DESKTOP_CHANNELS.credentialsAvailable],
      [DESKTOP_CHANNELS.credentialsLoad],
      [DESKTOP_CHANNELS.credentialsSave, { login: 'anna@example.ru', password: 'secret' }],
      [DESKTOP_CHANNELS.credentialsClear],
    ]);
  });
});
