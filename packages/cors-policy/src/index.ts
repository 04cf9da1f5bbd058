/**
 * Cross-origin access for web pages (a browser POS front end, a shop's admin page): what the
 * three servers share about it. Nothing is allowed by default; an operator lists the exact
 * origins (`https://pos.example.md`) that may call. A wildcard is refused: the terminal API moves
 * money, and any page on the internet must not be able to drive a shop's till from a cashier's
 * browser that holds the key.
 */

/** Thrown for a list that names something that is not an origin; the message names the variable. */
export class OriginListError extends Error {
  override readonly name = 'OriginListError';
}

/** What an origin list looks like, for configuration errors. */
export const ORIGINS_FORM = 'a comma-separated list of origins such as https://pos.example.md';

/**
 * The origins in a comma-separated list (`CORS_ORIGINS`), each as the browser sends it in
 * `Origin` (scheme, host, port if not the default; no path). Empty or absent: none.
 */
export function parseAllowedOrigins(value: string | undefined, variable: string): string[] {
  const origins: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    if (text === '*' || text === 'null') {
      throw new OriginListError(
        `${variable}: "${text}" is not allowed; list each origin, e.g. https://pos.example.md`,
      );
    }
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new OriginListError(`${variable}: "${text}" is not an origin such as https://pos.example.md`);
    }
    const bare =
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === '';
    if (
      !['http:', 'https:'].includes(url.protocol) ||
      !bare ||
      /\/./.test(text.replace(/^[a-z]+:\/\//i, ''))
    ) {
      throw new OriginListError(
        `${variable}: "${text}" is not an origin: scheme, host and port only (https://pos.example.md)`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The terminal API, on the LAN and at `{relay_url}`: the key, the body's type and the
 * Idempotency-Key may be sent; the audit id, the replay mark and Retry-After may be read.
 * `Authorization` is for `/metrics` (Prometheus' bearer).
 */
export const TERMINAL_API_CORS = {
  methods: ['GET', 'POST', 'DELETE'],
  allowedHeaders: ['Content-Type', 'X-API-Key', 'Idempotency-Key', 'Authorization'],
  exposedHeaders: ['X-Request-Id', 'X-Idempotency-Replayed', 'Retry-After'],
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
};

/** The cloud's integration API (`/api/public/v1/`). */
export const INTEGRATION_API_CORS = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Content-Type', 'X-Service-Api-Key', 'Idempotency-Key'],
  exposedHeaders: [
    'X-Request-Id',
    'Retry-After',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'Location',
  ],
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
};

/**
 * Chrome's Private Network Access: a page on a public origin that calls a device on the shop's
 * network sends this in its preflight, and goes on only if the answer says
 * `Access-Control-Allow-Private-Network: true`.
 */
export const PRIVATE_NETWORK_REQUEST = 'access-control-request-private-network';
export const PRIVATE_NETWORK_ALLOW = 'Access-Control-Allow-Private-Network';

/** A CORS preflight: OPTIONS with an Origin and the method the page means to use. */
export function isPreflight(
  method: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  return (
    method === 'OPTIONS' &&
    headers.origin !== undefined &&
    headers['access-control-request-method'] !== undefined
  );
}
