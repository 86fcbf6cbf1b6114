/**
 * Which Host headers the server answers (issue 8, DNS rebinding): a page of any site can point its
 * own host name at 127.0.0.1 and then call the API as "itself"; the browser sends that site's name
 * as Host. So only the names of this computer, and the names an administrator lists in
 * ALLOWED_HOSTS (serve mode on an office network), are served; any port, since proxies and the
 * test setup put other ports in front.
 */

/** This computer, as a browser on it names it. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** `name`, `name:port`, `[v6]` or `[v6]:port`; nothing else is a Host a browser sends. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]\\]+)(?::\d{1,5})?$/i;

/** The host name of a Host header, lower-case, without the port; null when it is not a valid Host. */
export function hostNameOf(hostHeader: string | undefined): string | null {
  const match = hostHeader ? HOST_HEADER.exec(hostHeader.trim()) : null;
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The host names of a configured list (ALLOWED_HOSTS: comma-separated, ports ignored, IPv6 with or
 * without brackets), plus the address the server listens on when it is a specific one (HOST).
 */
export function allowedHostNames(configured: string | undefined, listenHost?: string): string[] {
  const names = new Set<string>(LOOPBACK_HOSTS);
  const entries = (configured ?? '').split(',').map((entry) => entry.trim());
  if (listenHost && listenHost !== '0.0.0.0' && listenHost !== '::') entries.push(listenHost);
  for (const entry of entries) {
    if (!entry) continue;
    // A bare IPv6 address (two or more colons, no brackets) is written as a browser sends it.
    const name = hostNameOf(/^[0-9a-f]*:[0-9a-f]*:[0-9a-f:.]*$/i.test(entry) ? `[${entry}]` : entry);
    if (!name) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host name`);
    names.add(name);
  }
  return [...names];
}
