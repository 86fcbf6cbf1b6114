import { describe, expect, it } from 'vitest';
import { fallbackMessage, findElectronBinary, serveModeUrl } from './electron-runtime.js';

describe('findElectronBinary', () => {
  it('is null when the electron package throws (binary never downloaded)', () => {
    const binary = findElectronBinary(
      () => {
        throw new Error('Electron failed to install correctly');
      },
      () => true,
    );
    expect(binary).toBeNull();
  });

  it('is null when the reported binary does not exist', () => {
    expect(findElectronBinary(() => '/nowhere/electron', () => false)).toBeNull();
  });

  it('is the binary path when it exists', () => {
    expect(findElectronBinary(() => '/opt/electron/electron', (file) => file === '/opt/electron/electron')).toBe(
      '/opt/electron/electron',
    );
  });

  it('does not throw with the real electron package of this checkout', () => {
    expect(() => findElectronBinary()).not.toThrow();
  });
});

describe('serve mode message', () => {
  it('names the serve-mode URL from HOST/PORT, default 127.0.0.1:8080, on one line', () => {
    expect(serveModeUrl({})).toBe('http://127.0.0.1:8080/');
    expect(serveModeUrl({ HOST: '0.0.0.0', PORT: '3000' })).toBe('http://0.0.0.0:3000/');
    expect(serveModeUrl({ HOST: '::1' })).toBe('http://[::1]:8080/');
    expect(fallbackMessage({})).toBe(
      'Electron runtime is not installed here; starting serve mode instead at http://127.0.0.1:8080/',
    );
    expect(fallbackMessage({})).not.toContain('\n');
  });
});
