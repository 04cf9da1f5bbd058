// A loopback HTTP proxy between a terminal and its cloud, for crash tests that need a push to be
// at a chosen point when something dies: document pushes can be refused before they reach the
// cloud (the outbox fills), passed, or passed and their answer withheld (the cloud committed,
// the terminal never hears it). Answers of one other path can be withheld too (a credential
// rotation the cloud performed and the terminal never heard of, or heard of late: a withheld
// answer can be released). Everything else passes. With `olderCloud` the cloud behind it answers
// as a cloud from before signed report amounts would: it names no capabilities, and refuses a
// push with a negative amount (400, nothing stored), as that cloud's schema did.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';

const DOCUMENTS_PATH = '/api/device/v1/documents';
/** The answers that name the cloud's capabilities. */
const CAPABILITIES_PATHS = new Set(['/api/device/v1/activate', '/api/device/v1/terminal']);

export type PushMode = 'pass' | 'refuse' | 'withhold';

export interface ForwardedPush {
  operationIds: string[];
  /** The cloud's outcome per document, in push order; null when the cloud did not answer. */
  outcomes: string[] | null;
  withheld: boolean;
}

/** Whether a document has an amount below zero, which a cloud before signed report amounts refused. */
function hasNegativeAmount(d: PushedDocument): boolean {
  return [
    d.total,
    ...d.vat.flatMap((v) => [v.taxableAmount, v.vatAmount]),
    ...d.payments.map((p) => p.amount),
  ].some((amount) => amount < 0);
}

export class CloudProxy {
  mode: PushMode = 'pass';
  /** Answer as a cloud from before `capabilities` and signed report amounts. */
  olderCloud = false;
  /** Every document push the older cloud refused, in order. */
  readonly refusedPushes: PushedDocument[][] = [];
  /** Requests to this path (not document pushes) reach the cloud, and their answer is kept here instead of sent. */
  withholdPath: string | null = null;
  readonly #withheld: ((answer: string) => void)[] = [];
  /** Senders of the answers withheld for `withholdPath`, for `releaseWithheld`. */
  readonly #held: (() => void)[] = [];
  /** Every document push that reached the cloud, in order. */
  readonly pushes: ForwardedPush[] = [];
  readonly #server: Server;
  readonly #waiters: { until: (push: ForwardedPush) => boolean; resolve: () => void }[] = [];

  private constructor(private readonly target: string) {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  static async start(target: string): Promise<CloudProxy> {
    const proxy = new CloudProxy(target);
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** Resolves at the first push from now on (or already seen) that `until` accepts. */
  waitForPush(until: (push: ForwardedPush) => boolean): Promise<void> {
    if (this.pushes.some(until)) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ until, resolve }));
  }

  /** The next answer withheld for `withholdPath`, once the cloud gave it. */
  nextWithheldAnswer(): Promise<string> {
    return new Promise((resolve) => this.#withheld.push(resolve));
  }

  /** Sends the answers withheld so far for `withholdPath`, late, to whoever still waits. */
  releaseWithheld(): void {
    for (const send of this.#held.splice(0)) send();
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const isPush = req.method === 'POST' && req.url === DOCUMENTS_PATH;
    if (isPush && this.mode === 'refuse') {
      res.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"title":"proxy refuses"}');
      return;
    }
    if (isPush && this.olderCloud) {
      const { documents } = JSON.parse(body.toString()) as { documents: PushedDocument[] };
      if (documents.some(hasNegativeAmount)) {
        this.refusedPushes.push(documents);
        const problem = {
          code: 'invalid_request',
          detail: 'body.documents: Too small: expected number to be >=0',
        };
        res.writeHead(400, { 'content-type': 'application/problem+json' }).end(JSON.stringify(problem));
        return;
      }
    }
    const push: ForwardedPush | null = isPush
      ? {
          operationIds: (
            JSON.parse(body.toString()) as { documents: { operationId: string }[] }
          ).documents.map((d) => d.operationId),
          outcomes: null,
          withheld: this.mode === 'withhold',
        }
      : null;
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const forwarded = fetch(`${this.target}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    if (push) this.pushes.push(push);
    let status: number;
    let text: string;
    let contentType: string;
    try {
      const answer = await forwarded;
      status = answer.status;
      contentType = answer.headers.get('content-type') ?? 'application/json';
      text = await answer.text();
    } catch {
      res.writeHead(502, { 'content-type': 'application/problem+json' }).end('{"title":"cloud away"}');
      return;
    }
    if (push && status === 200) {
      push.outcomes = (JSON.parse(text) as { results: { outcome: string }[] }).results.map((r) => r.outcome);
    }
    if (push) this.#settle(push);
    if (this.olderCloud && status === 200 && CAPABILITIES_PATHS.has(req.url ?? '')) {
      const older = JSON.parse(text) as Record<string, unknown>;
      delete older.capabilities;
      text = JSON.stringify(older);
    }
    if (!isPush && req.url === this.withholdPath) {
      this.#held.push(() => res.writeHead(status, { 'content-type': contentType }).end(text));
      for (const resolve of this.#withheld.splice(0)) resolve(text);
      return;
    }
    // Withheld: the cloud committed, and the terminal waits for an answer that never comes.
    if (push?.withheld) return;
    res.writeHead(status, { 'content-type': contentType }).end(text);
  }

  #settle(push: ForwardedPush): void {
    for (const waiter of [...this.#waiters]) {
      if (!waiter.until(push)) continue;
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
