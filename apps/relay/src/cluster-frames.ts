// What crosses NATS between relay nodes (docs/relay.md "Cluster mode"). Every message is one
// frame: a 4-byte length, a JSON head, then raw bytes, so bodies travel as bytes (no base64
// growth against the server's max_payload) and heads are checked, not trusted, on arrival.
import { z } from 'zod';

/** Requests for a terminal go to the node holding its link (a queue group: one serves each). */
export const linkSubject = (publicId: string): string => `relay.link.${publicId}`;
/** Every node hears every claim: "this publicId is now linked here, with this link number". */
export const CLAIM_SUBJECT = 'relay.claim';
export const HOLDER_QUEUE = 'holder';

/**
 * A publicId becomes a subject token, so only the cloud's shape of it may pass (32 hex digits
 * today; a little slack for a future format). Anything else ('.', '*', '>') could address other
 * subjects; such a publicId is answered like an unknown one.
 */
export const isSubjectSafe = (publicId: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(publicId);

/**
 * Room kept in a request message for its head (method, path, headers as JSON): a quarter of
 * max_payload, at most 64 KiB (Node takes 16 KiB of request headers, JSON escaping can double
 * that). The body limit in cluster mode is max_payload minus this; a head over it is refused.
 */
export const requestHeadRoom = (maxPayload: number): number =>
  Math.min(64 * 1024, Math.floor(maxPayload / 4));
/** NATS's default max_payload, for a connection whose server info is not known yet. */
export const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room kept in a reply data message for its head. */
const DATA_HEAD_RESERVE = 256;

/** The holder sends something at least this often while an exchange is open. */
export const ALIVE_MS = 1_000;
/** Silence after which the requesting node takes the holder for dead (502). */
export const SILENCE_MS = 3 * ALIVE_MS;

const Headers = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const RequestHead = z.object({
  requestId: z.string(),
  method: z.string(),
  path: z.string(),
  headers: Headers,
});
export type RequestHead = z.infer<typeof RequestHead>;

/** Codes the holder answers with before the terminal's answer begins. */
const RefusalCode = z.enum([
  'TERMINAL_NOT_CONNECTED',
  'TERMINAL_CONNECTION_LOST',
  'TERMINAL_TIMEOUT',
  'RELAY_RATE_LIMITED',
]);

/**
 * Answer bytes the holder sends ahead of the requester's acknowledgements: past it the holder
 * pauses the terminal's stream (and HTTP/2 flow control the terminal), so a slow client costs
 * the requesting node at most about this much memory.
 */
export const WINDOW_BYTES = 1024 * 1024;
/** The requester acknowledges what its client has read every this many bytes. */
export const ACK_EVERY_BYTES = WINDOW_BYTES / 4;

const seq = z.number().int().min(0);
export const ReplyHead = z.discriminatedUnion('kind', [
  /** First frame of an exchange the holder took on: where to send acknowledgements and cancel. */
  z.object({ kind: z.literal('accepted'), seq, control: z.string() }),
  z.object({ kind: z.literal('head'), seq, status: z.number().int(), headers: Headers }),
  z.object({ kind: z.literal('data'), seq }),
  z.object({ kind: z.literal('end'), seq }),
  z.object({ kind: z.literal('alive'), seq }),
  z.object({
    kind: z.literal('refused'),
    seq,
    code: RefusalCode,
    message: z.string(),
    retryAfter: z.number().int().optional(),
  }),
  /** The terminal's answer had begun and was cut off. */
  z.object({ kind: z.literal('aborted'), seq }),
]);
export type ReplyHead = z.infer<typeof ReplyHead>;

/**
 * One exchange as its reply frames tell it (STYLE §7: a lifecycle is a table, docs/relay.md "The
 * cluster leg's states"). The request is out and the requester is `waiting`; the holder takes it
 * on (`accepted`, with its control inbox) and keeps it alive until the terminal's answer begins
 * (`head`); its bytes follow (`data`) and it ends whole (`end`) or cut (`aborted`). Before the
 * answer begins, the holder may refuse it instead (`refused`: no link, rate limited, lost,
 * timed out). `done` takes no frame.
 */
export const EXCHANGE_STATES = ['waiting', 'accepted', 'answering', 'done'] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];
export type ReplyKind = ReplyHead['kind'];
/** A reply frame before the sender numbers it. */
export type ReplyFrame = ReplyHead extends infer H ? (H extends ReplyHead ? Omit<H, 'seq'> : never) : never;

export const EXCHANGE_TRANSITIONS: Readonly<
  Record<ExchangeState, Readonly<Partial<Record<ReplyKind, ExchangeState>>>>
> = {
  waiting: { accepted: 'accepted', refused: 'done' },
  accepted: { alive: 'accepted', head: 'answering', refused: 'done' },
  answering: { alive: 'answering', data: 'answering', end: 'done', aborted: 'done' },
  done: {},
};

export class IllegalFrameError extends Error {
  constructor(
    readonly state: ExchangeState,
    readonly kind: ReplyKind,
  ) {
    super(`a "${kind}" frame cannot follow in state ${state}`);
  }
}

/** The state after `kind`; IllegalFrameError when the table has no such transition. */
export function nextExchangeState(state: ExchangeState, kind: ReplyKind): ExchangeState {
  const next = EXCHANGE_TRANSITIONS[state][kind];
  if (next === undefined) throw new IllegalFrameError(state, kind);
  return next;
}

/** From the requester to the holder's control inbox of one exchange. */
export const ControlHead = z.discriminatedUnion('kind', [
  /** The client has read this many answer bytes in all. */
  z.object({ kind: z.literal('ack'), bytes: z.number().int().min(0) }),
  /** The client left or the requester gave up: stop the terminal's work. */
  z.object({ kind: z.literal('cancel') }),
]);
export type ControlHead = z.infer<typeof ControlHead>;

export const Claim = z.object({
  publicId: z.string(),
  linkId: z.string(),
  linkSeq: z.number().int(),
});
export type Claim = z.infer<typeof Claim>;

export function encodeFrame(head: object, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  const json = Buffer.from(JSON.stringify(head));
  const frame = Buffer.allocUnsafe(4 + json.length + body.length);
  frame.writeUInt32BE(json.length, 0);
  json.copy(frame, 4);
  frame.set(body, 4 + json.length);
  return frame;
}

/** Throws on a malformed frame or a head that fails `schema`. */
export function decodeFrame<T>(data: Uint8Array, schema: z.ZodType<T>): { head: T; body: Buffer } {
  const frame = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const length = frame.readUInt32BE(0);
  const head = schema.parse(JSON.parse(frame.subarray(4, 4 + length).toString('utf8')));
  return { head, body: frame.subarray(4 + length) };
}

/** Bytes of body one reply data message may carry. */
export const dataChunkBytes = (maxPayload: number): number => maxPayload - DATA_HEAD_RESERVE;
