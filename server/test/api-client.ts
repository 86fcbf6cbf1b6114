/**
 * An HTTP client that behaves like the SPA: keeps cookies, sends X-XSRF-TOKEN (the URL-decoded
 * XSRF-TOKEN cookie) on every non-GET request, speaks JSON. Used by the server tests and the bench,
 * so it depends on nothing but fetch.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '../../shared/api.js';

export interface ApiResponse<Body = any> {
  status: number;
  body: Body;
  headers: Headers;
  /** The raw Set-Cookie headers of this response. */
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  /**
   * The X-XSRF-TOKEN header: by default the URL-decoded XSRF-TOKEN cookie (fetched first with
   * GET /api/sanctum/csrf-cookie when the jar has none), as the SPA does; `false` sends none,
   * a string sends that.
   */
  xsrf?: false | string;
  /** Send the X-XSRF-TOKEN header on a GET too: routes marked @ChangesState() ask for it. */
  proof?: boolean;
  headers?: Record<string, string>;
}

/** A browser-like client: keeps cookies, sends the XSRF header on non-GET requests, speaks JSON. */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** Another client with this one's cookies (the same browser talking to another instance). */
  withBaseUrl(baseUrl: string): ApiClient {
    const other = new ApiClient(baseUrl);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  csrf(): Promise<ApiResponse> {
    return this.request('GET', '/api/sanctum/csrf-cookie');
  }

  get<Body = any>(path: string, options?: RequestOptions) {
    return this.request<Body>('GET', path, options);
  }
  post<Body = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<Body>('POST', path, { ...options, body });
  }
  put<Body = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<Body>('PUT', path, { ...options, body });
  }
  patch<Body = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<Body>('PATCH', path, { ...options, body });
  }
  delete<Body = any>(path: string, options?: RequestOptions) {
    return this.request<Body>('DELETE', path, options);
  }

  login(login: string, password: string) {
    return this.post('/api/login', { login, password });
  }

  async request<Body = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<Body>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (((method !== 'GET' && method !== 'HEAD') || options.proof) && options.xsrf !== false) {
      if (typeof options.xsrf === 'string') headers[XSRF_HEADER] = options.xsrf;
      else {
        if (!this.cookies.has(XSRF_COOKIE)) await this.csrf();
        headers[XSRF_HEADER] = decodeURIComponent(this.cookies.get(XSRF_COOKIE) ?? '');
      }
    }
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }

    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) this.store(header);

    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as Body, headers: response.headers, setCookies };
  }

  /**
   * POST a multipart body (Node's FormData with Blob files), sending cookies and the XSRF header as
   * `request` does; the reply is read as `request` reads it.
   */
  async postForm<Body = any>(path: string, form: FormData, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiResponse<Body>> {
    const { response, setCookies } = await this.raw('POST', path, { ...options, body: form });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as Body, headers: response.headers, setCookies };
  }

  /** A GET whose reply is kept as bytes (served files), with this client's cookies. */
  async getBytes(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiResponse<Buffer>> {
    const { response, setCookies } = await this.raw('GET', path, options);
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()), headers: response.headers, setCookies };
  }

  /** One fetch with the jar's cookies and (on non-GET) the XSRF header; stores the cookies it sets. */
  private async raw(method: string, path: string, options: { body?: FormData; xsrf?: false | string; headers?: Record<string, string> }) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (method !== 'GET' && method !== 'HEAD' && options.xsrf !== false) {
      if (typeof options.xsrf === 'string') headers[XSRF_HEADER] = options.xsrf;
      else {
        if (!this.cookies.has(XSRF_COOKIE)) await this.csrf();
        headers[XSRF_HEADER] = decodeURIComponent(this.cookies.get(XSRF_COOKIE) ?? '');
      }
    }
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: options.body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) this.store(header);
    return { response, setCookies };
  }

  private store(header: string): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expired = attributes.some((attribute) => {
      const [key = '', rest = ''] = attribute.split('=');
      if (key.toLowerCase() === 'max-age') return Number(rest) <= 0;
      if (key.toLowerCase() === 'expires') return new Date(rest).getTime() <= Date.now();
      return false;
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The attributes of the Set-Cookie header for `name` in a response, lower-cased, or undefined. */
export function cookieAttributes(response: ApiResponse, name: string): { value: string; attributes: string[] } | undefined {
  const header = response.setCookies.find((cookie) => cookie.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice(name.length + 1), attributes: attributes.map((attribute) => attribute.toLowerCase()) };
}
