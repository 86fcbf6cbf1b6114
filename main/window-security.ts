/**
 * Policies that keep the desktop window on the app's own origin: the Content-Security-Policy
 * header, navigation and new-window guards, and the check that IPC calls come from the app's page.
 * Everything here is plain functions over small structural types, so it is tested without Electron.
 */

/** The origin of a URL, or null when it is not a URL (or has an opaque origin such as `data:`). */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True when `url` belongs to the app's own origin (the local API server). */
export function isAppUrl(url: string, appOrigin: string | null): boolean {
  return appOrigin !== null && originOf(url) === appOrigin;
}

/** True for http(s) links to another origin, which are opened in the OS browser. */
export function isExternalHttpUrl(url: string, appOrigin: string | null): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !isAppUrl(url, appOrigin);
  } catch {
    return false;
  }
}

/**
 * Response headers with our Content-Security-Policy in place of whatever CSP the response had
 * (header names are case-insensitive, so every spelling is replaced).
 */
export function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
  policy: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    result[name] = Array.isArray(value) ? value : [value];
  }
  result['Content-Security-Policy'] = [policy];
  return result;
}

/** A navigation event: Electron passes `Event<WebContentsWillNavigateEventParams>` and the like. */
export interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

/** The part of Electron's `WebContents` the navigation guards use. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
}

/**
 * Denies every new window and every navigation away from the app's origin. http(s) links to other
 * origins (a partner's site, a map) are handed to the OS browser instead; anything else
 * (file:, javascript:, custom schemes) is simply dropped. A link of the app's own that asks for a
 * new tab (target _blank: the schedule's applications) goes to `openInApp`, which opens it in a
 * window of the app made like the main one — never a window Electron makes with its defaults.
 */
export function installNavigationGuards(
  contents: GuardedContents,
  getAppOrigin: () => string | null,
  openExternal: (url: string) => unknown,
  openInApp?: (url: string) => unknown,
): void {
  const openOutside = (url: string) => {
    if (isExternalHttpUrl(url, getAppOrigin())) {
      Promise.resolve(openExternal(url)).catch((error: unknown) => {
        console.warn(`Could not open ${url} in the browser:`, error);
      });
    }
  };
  contents.setWindowOpenHandler(({ url }) => {
    if (openInApp && isAppUrl(url, getAppOrigin())) openInApp(url);
    else openOutside(url);
    return { action: 'deny' };
  });
  const guard = (event: NavigationEvent) => {
    if (isAppUrl(event.url, getAppOrigin())) return;
    event.preventDefault();
    openOutside(event.url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
}

/** The part of an IPC event used to decide whether the caller is the app's own page. */
export interface IpcSender {
  senderFrame?: { url: string } | null;
}

/** True when the IPC call comes from a frame showing the app's origin (not a foreign page). */
export function isTrustedSender(event: IpcSender, appOrigin: string | null): boolean {
  return isAppUrl(event.senderFrame?.url ?? '', appOrigin);
}
