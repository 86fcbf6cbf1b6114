import { describe, expect, it, vi } from 'vitest';
import {
  installNavigationGuards,
  isAppUrl,
  isExternalHttpUrl,
  isTrustedSender,
  withContentSecurityPolicy,
  type NavigationEvent,
} from './window-security.js';

const APP = 'http://127.0.0.1:53211';

describe('origin checks', () => {
  it('knows the app origin from everything else', () => {
    expect(isAppUrl(`${APP}/hotels?page=2`, APP)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:53212/', APP)).toBe(false);
    expect(isAppUrl('http://localhost:53211/', APP)).toBe(false);
    expect(isAppUrl(`${APP}/`, null)).toBe(false);
    expect(isAppUrl('not a url', APP)).toBe(false);
  });

  it('opens only foreign http(s) links outside', () => {
    expect(isExternalHttpUrl('https://yandex.ru/maps', APP)).toBe(true);
    expect(isExternalHttpUrl('http://partner.example/', APP)).toBe(true);
    expect(isExternalHttpUrl(`${APP}/tours`, APP)).toBe(false);
    expect(isExternalHttpUrl('file:///C:/Windows/system32/calc.exe', APP)).toBe(false);
    expect(isExternalHttpUrl('javascript:alert(1)', APP)).toBe(false);
    expect(isExternalHttpUrl('smb://server/share', APP)).toBe(false);
  });

  it('trusts IPC only from a frame on the app origin', () => {
    expect(isTrustedSender({ senderFrame: { url: `${APP}/applications` } }, APP)).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.example/' } }, APP)).toBe(false);
    expect(isTrustedSender({ senderFrame: null }, APP)).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: `${APP}/` } }, null)).toBe(false);
  });
});

describe('withContentSecurityPolicy', () => {
  it('sets the policy, drops any other spelling of the header and keeps the rest', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ["default-src *"], 'CONTENT-SECURITY-POLICY': ['x'], 'Set-Cookie': ['a=1', 'b=2'], Vary: 'Accept' },
      "default-src 'self'",
    );
    expect(headers).toEqual({
      'Set-Cookie': ['a=1', 'b=2'],
      Vary: ['Accept'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });

  it('adds the policy to a response without headers', () => {
    expect(withContentSecurityPolicy(undefined, 'p')).toEqual({ 'Content-Security-Policy': ['p'] });
  });
});

describe('installNavigationGuards', () => {
  function guarded() {
    const listeners = new Map<string, (event: NavigationEvent) => void>();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const openExternal = vi.fn();
    installNavigationGuards(
      {
        setWindowOpenHandler: (handler) => void (openHandler = handler),
        on: (event: 'will-navigate' | 'will-redirect', listener: (e: NavigationEvent) => void) => listeners.set(event, listener),
      },
      () => APP,
      openExternal,
    );
    const navigate = (kind: 'will-navigate' | 'will-redirect', url: string) => {
      const event = { url, preventDefault: vi.fn() };
      listeners.get(kind)!(event);
      return event.preventDefault.mock.calls.length > 0;
    };
    return { open: (url: string) => openHandler!({ url }), navigate, openExternal };
  }

  it('denies every new window and hands foreign http(s) links to the OS browser', () => {
    const g = guarded();
    expect(g.open('https://yandex.ru/maps')).toEqual({ action: 'deny' });
    expect(g.open(`${APP}/print`)).toEqual({ action: 'deny' });
    expect(g.open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(g.openExternal.mock.calls).toEqual([['https://yandex.ru/maps']]);
  });

  it('opens the app\'s own links asking for a new tab in a window of the app, still denying Electron\'s own', () => {
    const openInApp = vi.fn();
    let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
    const openExternal = vi.fn();
    installNavigationGuards({ setWindowOpenHandler: (handler) => void (openHandler = handler), on: () => undefined }, () => APP, openExternal, openInApp);
    expect(openHandler!({ url: `${APP}/applications/7/edit` })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'https://yandex.ru/maps' })).toEqual({ action: 'deny' });
    expect(openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(openInApp.mock.calls).toEqual([[`${APP}/applications/7/edit`]]);
    expect(openExternal.mock.calls).toEqual([['https://yandex.ru/maps']]);
  });

  it('blocks navigations and redirects away from the app origin', () => {
    const g = guarded();
    expect(g.navigate('will-navigate', `${APP}/hotels/5`)).toBe(false);
    expect(g.navigate('will-navigate', 'https://phish.example/login')).toBe(true);
    expect(g.navigate('will-redirect', 'https://phish.example/login')).toBe(true);
    expect(g.navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(g.openExternal.mock.calls).toEqual([['https://phish.example/login'], ['https://phish.example/login']]);
  });
});
