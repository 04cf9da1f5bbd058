// The relay's configuration from the environment, read once at start (docs/relay.md "Running it").
import { ORIGINS_FORM, parseAllowedOrigins } from '@fiscal-pos/cors-policy';
import { readFileSync } from 'node:fs';
import { int, parsed, readEnv, requiredText, text, trustedProxies, url } from '@fiscal-pos/env-config';

const count = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) => int(fallback, { min, max });

const SETTINGS = {
  PORT: count(4700, 0, 65_535),
  HOST: text('127.0.0.1'),
  /** Where the cloud's relay API is (/api/relay/v1). */
  CLOUD_URL: url('http://127.0.0.1:4600'),
  /** Shared with the cloud (its RELAY_TOKEN). */
  RELAY_TOKEN: requiredText({ minLength: 16, secret: true }),
  /** PEM files; both or neither. Neither: plain HTTP behind a TLS terminator. */
  TLS_CERT: text(null),
  TLS_KEY: text(null),
  RELAY_REQUEST_TIMEOUT_MS: count(60_000),
  RELAY_BODY_LIMIT_BYTES: count(1_048_576),
  RELAY_RATE_LIMIT_MAX: count(600),
  RELAY_RATE_LIMIT_WINDOW_MS: count(60_000),
  RELAY_MAX_CONCURRENT: count(16),
  /** Connections one client address holds open at once; 0: no cap. */
  RELAY_MAX_CONNECTIONS_PER_ADDRESS: count(256, 0),
  /** How long a client has to send its request's headers before the connection is closed. */
  RELAY_HEADERS_TIMEOUT_MS: count(10_000, 100, 120_000),
  RELAY_REVOCATION_POLL_MS: count(2_000),
  RELAY_HEARTBEAT_MS: count(15_000, 100),
  RELAY_VERIFY_CONCURRENCY: count(64),
  RELAY_VERIFY_QUEUE: count(4_096, 0),
  /**
   * Who may say, in X-Forwarded-For, which address a dial came from (proxy-addr's list). A typo
   * in the list must stop the start, not leave X-Forwarded-For untrusted unnoticed.
   */
  RELAY_TRUSTED_PROXIES: trustedProxies(),
  /** Refused dials per client address and window before 429; 0 counts none. */
  RELAY_DIAL_REFUSALS_MAX: count(20, 0),
  RELAY_DIAL_REFUSALS_WINDOW_MS: count(60_000, 1_000, 24 * 60 * 60 * 1000),
  /** 401 answers of the terminals (wrong or missing X-API-Key) per client address and window before 429; 0 counts none. */
  RELAY_KEY_REFUSALS_MAX: count(20, 0),
  RELAY_KEY_REFUSALS_WINDOW_MS: count(60_000, 1_000, 24 * 60 * 60 * 1000),
  /** Web page origins that may call {relay_url} from a browser; none by default (docs/relay.md). */
  RELAY_CORS_ORIGINS: parsed((raw) => parseAllowedOrigins(raw, 'RELAY_CORS_ORIGINS'), ORIGINS_FORM, []),
  /** Prometheus metrics on a port of their own (0: any free one); unset: none. */
  RELAY_METRICS_PORT: int(null, { max: 65_535 }),
  RELAY_METRICS_HOST: text('127.0.0.1'),
  /** Turns on cluster mode (docs/relay.md "Cluster mode"); unset: one node on its own. */
  NATS_URL: text(null),
  LOG_LEVEL: text('info'),
};

export interface RelayConfig {
  port: number;
  host: string;
  cloudUrl: string;
  relayToken: string;
  tls: { cert: string; key: string } | null;
  /** How long the terminal has to begin its answer before 504 TERMINAL_TIMEOUT. */
  requestTimeoutMs: number;
  bodyLimitBytes: number;
  /** Requests per publicId and window before 429 RELAY_RATE_LIMITED. */
  rateLimit: { max: number; windowMs: number };
  /** Requests in flight per publicId before 429 RELAY_RATE_LIMITED. */
  maxConcurrent: number;
  /** Connections per client address at once (0: no cap; trusted proxies are not capped). */
  maxConnectionsPerAddress: number;
  /** A client's time for its request headers (slow-client protection). */
  headersTimeoutMs: number;
  revocationPollMs: number;
  heartbeatMs: number;
  /** Credential checks in flight with the cloud: what a flood of dials can ask of it at once. */
  verifyConcurrency: number;
  /** Dialling terminals waiting their turn for a check before the next is refused (503, Retry-After). */
  verifyQueue: number;
  /**
   * The proxies (a TLS terminator, a load balancer) whose X-Forwarded-For names a dial's client
   * address: addresses, CIDR blocks, `loopback`, `linklocal`, `uniquelocal`.
   */
  trustedProxies: string[];
  /** Refused dials per client address and window before 429 (max 0: not counted). */
  dialRefusals: { max: number; windowMs: number };
  /** Terminals' 401 answers per client address and window before 429 RELAY_RATE_LIMITED. */
  keyRefusals: { max: number; windowMs: number };
  /** Origins whose pages may call {relay_url}; the relay then owns CORS there (docs/relay.md). */
  corsOrigins: string[];
  /** Where GET /metrics is served, never on the public port; null: nowhere. */
  metrics: { port: number; host: string } | null;
  /** Cluster mode's NATS server(s); null for a single node. */
  natsUrl: string | null;
  logLevel: string;
}

export function loadRelayConfig(env: NodeJS.ProcessEnv = process.env): RelayConfig {
  const e = readEnv(env, SETTINGS);
  if ((e.TLS_CERT === null) !== (e.TLS_KEY === null))
    throw new Error('TLS_CERT and TLS_KEY go together: set both (HTTPS) or neither (plain HTTP)');
  return {
    port: e.PORT,
    host: e.HOST,
    cloudUrl: e.CLOUD_URL,
    relayToken: e.RELAY_TOKEN,
    tls:
      e.TLS_CERT && e.TLS_KEY
        ? { cert: readFileSync(e.TLS_CERT, 'utf8'), key: readFileSync(e.TLS_KEY, 'utf8') }
        : null,
    requestTimeoutMs: e.RELAY_REQUEST_TIMEOUT_MS,
    bodyLimitBytes: e.RELAY_BODY_LIMIT_BYTES,
    rateLimit: { max: e.RELAY_RATE_LIMIT_MAX, windowMs: e.RELAY_RATE_LIMIT_WINDOW_MS },
    maxConnectionsPerAddress: e.RELAY_MAX_CONNECTIONS_PER_ADDRESS,
    headersTimeoutMs: e.RELAY_HEADERS_TIMEOUT_MS,
    maxConcurrent: e.RELAY_MAX_CONCURRENT,
    revocationPollMs: e.RELAY_REVOCATION_POLL_MS,
    heartbeatMs: e.RELAY_HEARTBEAT_MS,
    verifyConcurrency: e.RELAY_VERIFY_CONCURRENCY,
    verifyQueue: e.RELAY_VERIFY_QUEUE,
    trustedProxies: e.RELAY_TRUSTED_PROXIES,
    dialRefusals: { max: e.RELAY_DIAL_REFUSALS_MAX, windowMs: e.RELAY_DIAL_REFUSALS_WINDOW_MS },
    keyRefusals: { max: e.RELAY_KEY_REFUSALS_MAX, windowMs: e.RELAY_KEY_REFUSALS_WINDOW_MS },
    corsOrigins: e.RELAY_CORS_ORIGINS,
    metrics:
      e.RELAY_METRICS_PORT === null ? null : { port: e.RELAY_METRICS_PORT, host: e.RELAY_METRICS_HOST },
    natsUrl: e.NATS_URL,
    logLevel: e.LOG_LEVEL,
  };
}
