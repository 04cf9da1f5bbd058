// The relay node: HTTP (or HTTPS with TLS_CERT/TLS_KEY) on PORT. Terminals dial in at
// /api/relay/connect; clients of {relay_url} = /api/relay/<publicId>/<path> are forwarded to the
// terminal holding that publicId, on this node or (cluster mode, NATS_URL) another one. Logged
// per request: method, publicId, the path without its query, status and duration; never
// X-API-Key, other headers or bodies.
import { randomUUID } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { addressKey, AddressRefusals, CONNECT_PATH, RELAY_PREFIX } from '@fiscal-pos/relay-protocol';
import { urlHost } from '@fiscal-pos/serve-kit';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { acceptLink, refuseUpgrade, VerifyGate } from './accept-link.js';
import { capConnectionsPerAddress } from './connection-cap.js';
import { answerRelayError, NOT_CONNECTED, rateLimited, tooManyWrongKeys } from './answers.js';
import { isSubjectSafe } from './cluster-frames.js';
import { CloudClient } from './cloud-client.js';
import type { RelayConfig } from './config.js';
import { clientAddressOf } from './client-address.js';
import { corsGate } from './cors-gate.js';
import { forward } from './forward.js';
import { answerOps } from './ops-answers.js';
import { LinkRegistry } from './link-registry.js';
import { RelayCluster } from './relay-cluster.js';
import { serveRelayMetrics } from './relay-metrics.js';
import { RevocationPoller } from './revocation-poller.js';
import type { TerminalLink } from './terminal-link.js';

export interface RunningRelay {
  url: string;
  port: number;
  /** Where GET /metrics answers (RELAY_METRICS_PORT); null without one. */
  metricsUrl: string | null;
  links: LinkRegistry<TerminalLink>;
  stop(): Promise<void>;
}

/** `/api/relay/<publicId>/<rest>` split; null for any other path. */
export function splitRelayPath(url: string): { publicId: string; path: string } | null {
  if (!url.startsWith(RELAY_PREFIX)) return null;
  const rest = url.slice(RELAY_PREFIX.length);
  const end = rest.search(/[/?]/);
  const publicId = end === -1 ? rest : rest.slice(0, end);
  if (publicId === '') return null;
  const path = end === -1 ? '/' : rest.slice(end);
  return { publicId, path: path.startsWith('/') ? path : `/${path}` };
}

/** Refused dials over this many client addresses at once: the oldest window is dropped first. */
const REFUSALS_MAX_ADDRESSES = 100_000;

/**
 * The counting key of a request's client, where the relay knows its address: it ends TLS
 * itself (the peer is the client), or RELAY_TRUSTED_PROXIES names the terminator whose
 * X-Forwarded-For does. Plain HTTP without them is taken to be behind a terminator, where every
 * request has the terminator's address and one client's refusals would close the door to all:
 * null then, and nothing is counted per address.
 */
function clientKeys(config: RelayConfig, logger: Logger): ((req: IncomingMessage) => string | null) | null {
  if (!config.tls && config.trustedProxies.length === 0) {
    logger.info(
      'refused dials and wrong API keys are not counted per client address: plain HTTP without RELAY_TRUSTED_PROXIES',
    );
    return null;
  }
  const addressOf = clientAddressOf(config.trustedProxies);
  let unreadable = false;
  return (req: IncomingMessage) => {
    const address = addressOf(req);
    const key = address === null ? null : addressKey(address);
    // Such a client is not counted; a proxy writing something else than addresses is said once.
    if (address !== null && key === null && !unreadable) {
      unreadable = true;
      logger.warn(
        { address },
        'a trusted proxy named a client address that is none; such clients are not counted',
      );
    }
    return key;
  };
}

/** Refusals of one kind counted per client address; null when there is no address or max is 0. */
function perAddress(
  keyOf: ((req: IncomingMessage) => string | null) | null,
  limit: { max: number; windowMs: number },
): { counter: AddressRefusals; keyOf: (req: IncomingMessage) => string | null } | null {
  if (keyOf === null || limit.max === 0) return null;
  return { counter: new AddressRefusals({ ...limit, maxAddresses: REFUSALS_MAX_ADDRESSES }), keyOf };
}

export async function startRelay(config: RelayConfig, logger: Logger): Promise<RunningRelay> {
  const cloud = new CloudClient({
    cloudUrl: config.cloudUrl,
    relayToken: config.relayToken,
    timeoutMs: 5_000,
  });
  const links = new LinkRegistry<TerminalLink>();
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 4 * 1024 * 1024 });
  const verifyGate = new VerifyGate({ max: config.verifyConcurrency, maxWaiting: config.verifyQueue });
  const keyOf = clientKeys(config, logger);
  const refusals = perAddress(keyOf, config.dialRefusals);
  // Wrong X-API-Key values are the terminal's to judge (401); the relay counts its answers per
  // client, since behind the relay every client reaches the terminal from the same link.
  const keyRefusals = perAddress(keyOf, config.keyRefusals);
  const poller = new RevocationPoller({ cloud, links, intervalMs: config.revocationPollMs, logger });
  const cluster = config.natsUrl
    ? RelayCluster.start({
        natsUrl: config.natsUrl,
        links,
        timeoutMs: config.requestTimeoutMs,
        stallTimeoutMs: config.headersTimeoutMs,
        logger,
      })
    : null;
  // One limit for every request, whichever node holds the link: a body must fit one NATS message
  // (whose size this node learns when it joins).
  const cors = corsGate(config.corsOrigins);
  const forwarding = () => ({
    ownsCors: cors !== null,
    timeoutMs: config.requestTimeoutMs,
    stallTimeoutMs: config.headersTimeoutMs,
    bodyLimitBytes: cluster
      ? Math.min(config.bodyLimitBytes, cluster.requestBodyLimit)
      : config.bodyLimitBytes,
  });

  // A dial is taken, and the node counted ready in its metrics, on one rule (accept-link.ts).
  const takesLinks = () => poller.listening && (cluster === null || cluster.reachable);
  // Counted only where they are served: no process metrics' observers otherwise. A port that
  // cannot be had stops the start before the relay listens or polls the cloud.
  const metricsEndpoint = config.metrics
    ? await serveRelayMetrics(
        config.metrics,
        {
          links: () => links.size,
          dialsWaiting: () => verifyGate.waiting,
          addressesCounted: () => refusals?.counter.size ?? 0,
          ready: () => (takesLinks() ? 1 : 0),
        },
        logger,
      )
    : null;
  const metrics = metricsEndpoint?.metrics ?? null;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    if (answerOps(req.url, res, cluster, { links: links.size, dialsWaiting: verifyGate.waiting })) return;
    const target = splitRelayPath(req.url ?? '/');
    if (!target) {
      answerRelayError(
        res,
        requestId,
        'NOT_FOUND',
        `No relay address ${req.method} ${(req.url ?? '/').split('?')[0]}; use /api/relay/<publicId>/<path>.`,
      );
      return;
    }
    if (cors !== null && (await cors(req, res))) {
      metrics?.request(res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      return;
    }
    const link = links.get(target.publicId);
    const client = keyRefusals?.keyOf(req) ?? null;
    const keyWait =
      keyRefusals === null || client === null ? 0 : keyRefusals.counter.retryAfter(client, performance.now());
    let status: number;
    if (keyWait > 0) {
      // Refused whatever key it carries now: letting the right one through would tell a guesser
      // which guess was right.
      answerRelayError(res, requestId, 'RELAY_RATE_LIMITED', tooManyWrongKeys(keyWait), {
        'retry-after': String(keyWait),
      });
      status = 429;
    } else if (link) {
      // The per-publicId limits are counted on the link: a peer's requests are counted there too.
      const limiter = link.limiterFor(req.method, target.path, req.headers);
      const takenAt = Date.now();
      const retryAfter = limiter.take(takenAt);
      if (retryAfter > 0) {
        answerRelayError(res, requestId, 'RELAY_RATE_LIMITED', rateLimited(retryAfter), {
          'retry-after': String(retryAfter),
        });
        status = 429;
      } else {
        try {
          status = await forward(req, res, link, { requestId, path: target.path, ...forwarding() });
        } finally {
          limiter.release();
        }
        if (status === 401) limiter.forgive(takenAt);
      }
    } else if (cluster?.reachable && isSubjectSafe(target.publicId)) {
      status = await forward(req, res, cluster.remote(target.publicId, requestId), {
        requestId,
        path: target.path,
        ...forwarding(),
      });
    } else {
      // An unknown publicId and one whose terminal is offline look alike: no address oracle. A
      // cluster node out of NATS says the same at once: nothing was sent.
      answerRelayError(res, requestId, 'TERMINAL_NOT_CONNECTED', NOT_CONNECTED);
      status = 503;
    }
    if (status === 401 && keyRefusals !== null && client !== null)
      keyRefusals.counter.refused(client, performance.now());
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    metrics?.request(status, ms / 1000);
    logger.info(
      {
        method: req.method,
        publicId: target.publicId,
        path: target.path.split('?')[0],
        status,
        ms,
        requestId,
      },
      'relayed',
    );
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'relay request failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
  // Slow-client protection: a client gets headersTimeoutMs for its headers, and a bounded time
  // for its whole request; Node checks both every connectionsCheckingInterval (30 s by default,
  // which would hold a slow client up to 40 s instead of 10).
  const serverOptions = {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs + 30_000,
    connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
  };
  // Over TLS the handshake comes before any header: Node gives it 120 s of its own
  // (handshakeTimeout), which would hold a silent peer's socket twelve times the headers' limit.
  const server: Server = config.tls
    ? createHttpsServer(
        { ...config.tls, ...serverOptions, handshakeTimeout: config.headersTimeoutMs },
        onRequest,
      )
    : createHttpServer(serverOptions, onRequest);
  capConnectionsPerAddress(server, {
    max: config.maxConnectionsPerAddress,
    trustedProxies: config.trustedProxies,
    report: (address, refused) =>
      logger.warn({ address, refused }, 'connections refused: too many at once from one address'),
  });
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== CONNECT_PATH) {
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    acceptLink(req, socket, head, {
      config,
      cloud,
      links,
      takesLinks,
      verifyGate,
      refusals,
      wss,
      logger,
    }).then(
      (outcome) => metrics?.dial(outcome),
      () => {
        socket.destroy();
        metrics?.dial('error');
      },
    );
  });

  await poller.start();
  await new Promise<void>((done) => server.listen(config.port, config.host, done));
  const { port } = server.address() as AddressInfo;
  const scheme = config.tls ? 'https' : 'http';
  return {
    url: `${scheme}://${urlHost(config.host)}:${port}`,
    port,
    metricsUrl: metricsEndpoint?.url ?? null,
    links,
    async stop() {
      await metricsEndpoint?.close();
      await poller.stop();
      links.closeAll();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await cluster?.leave();
    },
  };
}
