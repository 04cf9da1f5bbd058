// A terminal dialling in: `GET /api/relay/connect` upgraded to a WebSocket with the link's
// subprotocol and `Authorization: Bearer dc_...`. The cloud verifies the credential before the
// upgrade is accepted; the terminal's publicId comes from the cloud's answer, never from the
// terminal, so a device cannot claim another terminal's address.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isWellFormedDeviceCredential } from '@fiscal-pos/platform-protocol';
import { LINK_PROTOCOL } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { CloudClient } from './cloud-client.js';
import type { RelayConfig } from './config.js';
import type { AddressRefusals } from '@fiscal-pos/relay-protocol';
import type { DialOutcome } from './relay-metrics.js';
import type { LinkRegistry } from './link-registry.js';
import { TerminalLink } from './terminal-link.js';

export interface AcceptDeps {
  config: RelayConfig;
  cloud: CloudClient;
  links: LinkRegistry<TerminalLink>;
  /**
   * Whether a link may be taken now: the cloud's revocations were heard since this relay started
   * (else it could not hear of one), and in cluster mode its claim can reach the other nodes.
   */
  takesLinks: () => boolean;
  verifyGate: VerifyGate;
  /** Refused dials per client address; null where the relay does not know a dial's address. */
  refusals: { counter: AddressRefusals; keyOf: (req: IncomingMessage) => string | null } | null;
  wss: WebSocketServer;
  logger: Logger;
}

/** How long a refused dial's connection may stay open for its peer to read the refusal. */
const REFUSED_LINGER_MS = 5_000;

/** Answers an upgrade the relay does not take, and ends its connection. */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  reason: string,
  retryAfterSeconds?: number,
): void {
  const retryAfter = retryAfterSeconds === undefined ? '' : `retry-after: ${retryAfterSeconds}\r\n`;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${retryAfter}connection: close\r\ncontent-length: 0\r\n\r\n`);
  // Ending only half-closes: a peer that never closes its side would keep the connection (no
  // HTTP timeout applies after an upgrade). It gets time to read the answer, then it goes.
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

/**
 * Credential checks with the cloud: at most `max` in flight, up to `maxWaiting` more waiting
 * their turn (first come, first served), and beyond that a dialling terminal is refused at once
 * and redials after its backoff. A relay restart brings every terminal back within seconds;
 * they wait in line rather than being turned away. A flood of attempts (well-formed
 * credentials, so the shape check lets them by) costs the cloud `max` lookups at a time,
 * whatever its size.
 */
export class VerifyGate {
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly o: { max: number; maxWaiting: number }) {}

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(verify: () => Promise<T>): Promise<T | 'busy'> {
    if (this.#inFlight >= this.o.max) {
      if (this.#waiting.length >= this.o.maxWaiting) return 'busy';
      // The slot is handed over by the check that ends: the count stays as it is.
      await new Promise<void>((turn) => this.#waiting.push(turn));
    } else this.#inFlight++;
    try {
      return await verify();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight--;
    }
  }
}

export async function acceptLink(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  d: AcceptDeps,
): Promise<DialOutcome> {
  const refuse = (outcome: DialOutcome, status: number, reason: string, retryAfterSeconds?: number) => {
    refuseUpgrade(socket, status, reason, retryAfterSeconds);
    return outcome;
  };
  // Node's HTTP server lets go of an upgraded socket: until ws takes it, an error on it (a
  // terminal that gave up while the cloud verified it) has no listener and would end the process.
  const dropped = () => socket.destroy();
  socket.on('error', dropped);
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  if (!protocols.includes(LINK_PROTOCOL)) return refuse('bad_request', 400, 'Bad Request');
  const key = d.refusals?.keyOf(req) ?? null;
  /** Seconds this dial's address has to wait; 0 when it may try now (or is not counted). */
  const closedFor = () =>
    key === null || !d.refusals ? 0 : d.refusals.counter.retryAfter(key, performance.now());
  const closedNow = closedFor();
  if (closedNow > 0) return refuse('address_closed', 429, 'Too Many Requests', closedNow);
  /** A guess refused, here or by the cloud: counted against the address it came from. */
  const countGuess = () => {
    if (key !== null && d.refusals?.counter.refused(key, performance.now()))
      d.logger.warn({ client: key }, 'dials from this address refused for the rest of the window');
  };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  // Garbage is refused here: it costs the cloud no call.
  if (!match || !isWellFormedDeviceCredential(match[1]!)) {
    countGuess();
    return refuse('refused_guess', 401, 'Unauthorized');
  }
  // The terminal redials, here later or to another node.
  if (!d.takesLinks()) return refuse('unavailable', 503, 'Service Unavailable');
  let verification;
  try {
    verification = await d.verifyGate.run(async () => {
      // A terminal that gave up while waiting its turn costs the cloud nothing; nor does a dial
      // whose address was closed while it waited (dials sent together all wait before any of
      // them is refused).
      if (socket.destroyed) return null;
      if (closedFor() > 0) return 'closed' as const;
      const answer = await d.cloud.verify(match[1]!);
      // Counted before the next dial in line is checked. A deactivated terminal's credential
      // (403) is genuine, no guess.
      if (answer.kind === 'refused' && answer.status !== 403) countGuess();
      return answer;
    });
  } catch (error) {
    d.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'cloud unreachable for verify',
    );
    return refuse('unavailable', 503, 'Service Unavailable');
  }
  if (verification === 'busy') return refuse('line_full', 503, 'Service Unavailable', 1);
  // Gone while it waited its turn or while the cloud answered: nobody to answer.
  if (verification === null || socket.destroyed) return 'gave_up';
  if (verification === 'closed')
    return refuse('address_closed', 429, 'Too Many Requests', Math.max(1, closedFor()));
  if (verification.kind === 'refused') {
    d.logger.info({ status: verification.status }, 'terminal refused by the cloud');
    return verification.status === 403
      ? refuse('refused_deactivated', 403, 'Forbidden')
      : refuse('refused_guess', 401, 'Unauthorized');
  }
  const { device } = verification;
  socket.off('error', dropped);
  // ws may still refuse the upgrade itself (a bad key or version header) without calling back;
  // when it does call back, it is at once.
  let opened = false;
  d.wss.handleUpgrade(req, socket, head, (ws) => {
    opened = true;
    const link = new TerminalLink(device, ws, {
      heartbeatMs: d.config.heartbeatMs,
      limits: { ...d.config.rateLimit, maxConcurrent: d.config.maxConcurrent },
      logger: d.logger,
    });
    d.links.add(link);
    d.logger.info({ publicId: device.publicId, terminalId: device.terminalId }, 'terminal connected');
    ws.once('close', (code) => d.logger.info({ publicId: device.publicId, code }, 'terminal disconnected'));
  });
  if (opened) return 'opened';
  return socket.destroyed ? 'gave_up' : 'bad_request';
}
