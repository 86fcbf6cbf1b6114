/**
 * Content-Security-Policy of the renderer. The API sends it with every page it serves (through
 * helmet, server/common/security/headers.ts), and the Electron main process enforces the same
 * policy on the window, so both modes run under one policy.
 */
export const CONTENT_SECURITY_POLICY_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Blueprint positions popovers with inline styles.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** The header's text, written as helmet writes it (`;` between directives), so both modes send the same bytes. */
export const CONTENT_SECURITY_POLICY = Object.entries(CONTENT_SECURITY_POLICY_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
  .join(';');

/**
 * Permissions-Policy of the pages: the back-office uses none of these browser features, so no page
 * (nor anything injected into one) may ask for them. Only features Chromium knows: an unknown one
 * is a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'browsing-topics=()',
].join(', ');
