/**
 * The cloud's integration API client (`/api/public/v1/`) for online shops and ERPs: every path of
 * the cloud's OpenAPI document, typed, with the key in `X-Service-Api-Key`. A 429 (or a 503 with
 * Retry-After) waits as long as the server asks and tries again; any other refusal throws
 * `IntegrationApiError` carrying the problem document (`status`, `title`, `detail`, `code`).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/cloud-api.js';
import { backoffMs, DEFAULT_RETRY_POLICY, retryAfterMs, sleep, type RetryPolicy } from './retry-policy.js';

export type Problem = components['schemas']['Problem'];

export class IntegrationApiError extends Error {
  override readonly name = 'IntegrationApiError';

  constructor(
    readonly status: number,
    /** The problem document, when the cloud sent one (clients branch on `status`, not `detail`). */
    readonly problem: Problem | null,
  ) {
    super(problem === null ? `HTTP ${status}` : `${status} ${problem.title}: ${problem.detail}`);
  }
}

export interface IntegrationClientOptions {
  /** `{integration_url}`, e.g. `https://cloud.example.md`. */
  baseUrl: string;
  /** The `rk_` key. */
  apiKey: string;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof globalThis.fetch;
}

export type IntegrationClient = Client<paths>;

export function createIntegrationClient(options: IntegrationClientOptions): IntegrationClient {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const send = options.fetch ?? globalThis.fetch;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'x-service-api-key': options.apiKey },
    fetch: async (request) => {
      for (let attempt = 0; ; attempt++) {
        const response = await send(request.clone());
        if (response.ok) return response;
        const retryAfter = retryAfterMs(response.headers.get('retry-after'));
        const waits = response.status === 429 || (response.status === 503 && retryAfter !== null);
        if (!waits || attempt >= policy.retries)
          throw new IntegrationApiError(response.status, await problemOf(response));
        await sleep(backoffMs(policy, attempt + 1, retryAfter));
      }
    },
  });
}

async function problemOf(response: Response): Promise<Problem | null> {
  try {
    const value = (await response.json()) as Partial<Problem> | null;
    return typeof value?.status === 'number' && typeof value.title === 'string' ? (value as Problem) : null;
  } catch {
    return null;
  }
}

/** A cursor page of the integration API. */
interface CursorPage<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Every item of a cursor-paginated list, page after page, as an async iterator:
 * `for await (const product of allPages((cursor) => cloud.GET('/api/public/v1/products', { params: { query: { cursor } } })))`.
 * The function is called with `undefined` for the first page, then with each `nextCursor`.
 */
export async function* allPages<T>(
  page: (cursor: string | undefined) => Promise<{ data?: CursorPage<T> }>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const { data } = await page(cursor);
    if (data === undefined) return;
    yield* data.data;
    if (!data.hasMore || data.nextCursor === null) return;
    cursor = data.nextCursor;
  }
}
