// One Idempotency-Key per form submission (docs/console.md, Activity and retries): every change
// the console sends carries a fresh key, except the same request (method, URL and body) sent
// again while the first has no answer, because the network failed or the person clicked twice:
// that one carries the first's key, so the cloud answers it with the first answer instead of
// acting twice. Once any answer arrives the request is settled, and sending it again is a new
// submission (two terminals may well have one name).
import type { Middleware } from 'openapi-fetch';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = 'idempotency-key';

/** Keys of requests sent and not answered yet, by what they asked. */
const unanswered = new Map<string, string>();
/** What each request in flight asked (its body is read once, before it is sent). */
const submissions = new WeakMap<Request, string>();

/** 128 random bits; getRandomValues works outside secure contexts too (a console on a LAN address). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const submissionOf = async (request: Request): Promise<string> =>
  `${request.method} ${request.url}\n${await request.clone().text()}`;

/**
 * What a call passes where the cloud's contract marks the key required (stock adjustments): this
 * middleware puts the submission's key in its place, so those calls retry like every other change.
 */
export const KEY_OF_THIS_SUBMISSION = { 'Idempotency-Key': '' } as const;

export const idempotencyKeys: Middleware = {
  async onRequest({ request }) {
    if (SAFE.has(request.method) || request.headers.get(HEADER)) return request;
    const submission = await submissionOf(request);
    const key = unanswered.get(submission) ?? newKey();
    unanswered.set(submission, key);
    submissions.set(request, submission);
    request.headers.set(HEADER, key);
    return request;
  },
  onResponse({ request }) {
    const submission = submissions.get(request);
    if (submission !== undefined) unanswered.delete(submission);
    return undefined;
  },
};
