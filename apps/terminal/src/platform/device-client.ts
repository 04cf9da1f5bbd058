// The terminal's side of the device API. Requests and answers are the contract both ends
// share (@fiscal-pos/platform-protocol's device-api.ts): every answer is parsed with the
// schema the cloud documents it with, and one that does not parse is not used.
import {
  Activation,
  CatalogFeed,
  DEVICE_API_BASE_PATH,
  DeviceTerminal,
  PushDocumentsResult,
  RotatedCredential,
  type DeviceHealthReport,
  type PushedDocument,
} from '@fiscal-pos/platform-protocol';
import { z } from 'zod';

/** The cloud's refusals are problem details; `code` is what the terminal branches on. */
const problemSchema = z.object({
  code: z.string().optional(),
  detail: z.string().optional(),
  title: z.string().optional(),
  // A validation failure's fields: what an operator needs to know why a document was refused.
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The fields a refusal names, the first few of them: enough to say why, short enough for health. */
const FIELDS_SHOWN = 5;

/**
 * Why a call to the cloud failed. `unreachable`: no usable answer (down, slow, not the cloud),
 * worth retrying later; `refused`: the cloud answered with a problem (`code` is its kind,
 * e.g. `terminal_deactivated`, `activation_code_used`).
 */
export class CloudError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly status: number | null,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'CloudError';
  }
}

const DEFAULT_CLOUD_TIMEOUT_MS = 10_000;

/** `https://cloud/` and `https://cloud` name the same base; a path prefix (`https://host/cloud`) is kept. */
function base(cloudUrl: string): string {
  return cloudUrl.replace(/\/+$/, '');
}

interface CloudRequest {
  method: 'GET' | 'POST';
  credential?: string;
  body?: unknown;
  timeoutMs: number;
}

/** One call to the device API: the body of a 2xx answer, or a CloudError saying why not. */
async function send(cloudUrl: string, path: string, init: CloudRequest): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.credential !== undefined) headers.authorization = `Bearer ${init.credential}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base(cloudUrl)}${DEVICE_API_BASE_PATH}${path}`, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    // fetch says only "fetch failed"; the cause says why (ECONNREFUSED, a timeout, DNS).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    const detail = cause === null ? '' : `: ${(cause as NodeJS.ErrnoException).code ?? cause.message}`;
    const reason = `${error instanceof Error ? error.message : String(error)}${detail}`;
    throw new CloudError('unreachable', null, null, `The cloud at ${cloudUrl} did not answer: ${reason}`);
  }
  if (response.ok) return text;
  const problem = problemSchema.safeParse(safeJson(text));
  const code = problem.success ? (problem.data.code ?? null) : null;
  const detail = problem.success ? (problem.data.detail ?? problem.data.title) : undefined;
  const fields = problem.success ? (problem.data.errors ?? []).slice(0, FIELDS_SHOWN) : [];
  const why = fields.length === 0 ? '' : ` (${fields.map((f) => `${f.path}: ${f.message}`).join('; ')})`;
  // A 5xx or an answer that is not a problem is the cloud (or a proxy) being away, not a refusal.
  const kind = response.status >= 500 || code === null ? 'unreachable' : 'refused';
  throw new CloudError(
    kind,
    response.status,
    code,
    `The cloud answered ${response.status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}${why}`,
  );
}

/** A call whose answer must match `schema`: one that does not is not stored, half or whole. */
async function fetchParsed<T>(
  cloudUrl: string,
  path: string,
  init: CloudRequest,
  schema: z.ZodType<T>,
): Promise<T> {
  const parsed = schema.safeParse(safeJson(await send(cloudUrl, path, init)));
  if (!parsed.success) {
    throw new CloudError('unreachable', null, null, `The cloud's answer to ${path} is not readable`);
  }
  return parsed.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Exchanges an activation code, once, for the terminal's identity, credential and key. */
export async function activateDevice(
  cloudUrl: string,
  code: string,
  timeoutMs = DEFAULT_CLOUD_TIMEOUT_MS,
): Promise<Activation> {
  return fetchParsed(cloudUrl, '/activate', { method: 'POST', body: { code }, timeoutMs }, Activation);
}

/** The device API with the terminal's credential: what the platform sync and the document push call. */
export class DeviceClient {
  constructor(
    private readonly cloudUrl: string,
    private readonly credential: () => string,
    private readonly timeoutMs = DEFAULT_CLOUD_TIMEOUT_MS,
  ) {}

  terminal(): Promise<DeviceTerminal> {
    return fetchParsed(
      this.cloudUrl,
      '/terminal',
      { method: 'GET', credential: this.credential(), timeoutMs: this.timeoutMs },
      DeviceTerminal,
    );
  }

  async acknowledgeApiKey(id: string): Promise<void> {
    await send(this.cloudUrl, '/terminal/api-key/ack', {
      method: 'POST',
      credential: this.credential(),
      body: { id },
      timeoutMs: this.timeoutMs,
    });
  }

  /** A successor of the credential in use; the cloud retires the old one at the new one's first use. */
  async rotateCredential(): Promise<string> {
    const answer = await fetchParsed(
      this.cloudUrl,
      '/credential/rotate',
      { method: 'POST', credential: this.credential(), timeoutMs: this.timeoutMs },
      RotatedCredential,
    );
    return answer.deviceCredential;
  }

  catalog(cursor: string, limit: number): Promise<CatalogFeed> {
    const query = new URLSearchParams({ cursor, limit: String(limit) });
    return fetchParsed(
      this.cloudUrl,
      `/catalog?${query.toString()}`,
      { method: 'GET', credential: this.credential(), timeoutMs: this.timeoutMs },
      CatalogFeed,
    );
  }

  /** Pushes fiscal documents; the answer says, per operation id, how each was taken. */
  pushDocuments(documents: readonly PushedDocument[]): Promise<PushDocumentsResult> {
    return fetchParsed(
      this.cloudUrl,
      '/documents',
      { method: 'POST', credential: this.credential(), body: { documents }, timeoutMs: this.timeoutMs },
      PushDocumentsResult,
    );
  }

  /** The terminal's health as the merchant's console shows it; the cloud keeps the latest. */
  async reportHealth(report: DeviceHealthReport): Promise<void> {
    await send(this.cloudUrl, '/health', {
      method: 'POST',
      credential: this.credential(),
      body: report,
      timeoutMs: this.timeoutMs,
    });
  }
}
