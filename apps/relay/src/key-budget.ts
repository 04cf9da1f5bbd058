// Which requests the terminal judges by X-API-Key: only those may spend the key holder's budget
// per publicId (TerminalLink.limiterFor). The terminal's keyless routes ignore the header, so
// a stranger who knows the publicId could otherwise spend that budget by sending any key there
// (the terminal answers 200; nothing is forgiven). The terminal's rule is its routes'
// `authenticated: false` plus its API reference and CORS preflights (apps/terminal/src/app.ts);
// a test holds this list to every route the terminal registers (relay-key-budget.test.ts).
import { isPreflight } from '@fiscal-pos/cors-policy';

const KEYLESS_PATHS: ReadonlySet<string> = new Set([
  '/api/health',
  '/api/catalog/health',
  '/api/openapi.json',
]);
const API_REFERENCE = '/docs';

/** `path` with its query, as the terminal gets it; compared as the terminal compares it (exactly). */
export function requestAsksApiKey(
  method: string | undefined,
  path: string,
  headers: Record<string, string | string[] | undefined>,
): boolean {
  if (isPreflight(method, headers)) return false;
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  return !(KEYLESS_PATHS.has(bare) || bare === API_REFERENCE || bare.startsWith(`${API_REFERENCE}/`));
}
