// Configuration from the environment, read once at start. Defaults are the documented ones.
import { parseAllowedOrigins } from '@fiscal-pos/cors-policy';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface WebhookConfig {
  /** Lets endpoints on 127.0.0.0/8 and ::1 through the address check. Tests only; never a default. */
  allowLoopback: boolean;
  /** Extra PEM certificate authority trusted for deliveries (tests' self-signed receiver). */
  extraCa?: string | undefined;
  timeoutMs: number;
  /** Delay before attempt n+1 after n failures; its length is the number of retries. */
  retryScheduleMs: readonly number[];
  /** An endpoint failing without any success for this long is disabled. */
  disableAfterMs: number;
  pollIntervalMs: number;
  batchSize: number;
  leaseMs: number;
}

export interface SecretsConfig {
  /** base64 of 32 bytes; without it a key is generated once into DATA_DIR/secrets-key. */
  key?: string | undefined;
  /** Earlier keys, still accepted to open values sealed before a rotation. */
  previousKeys: string[];
}

export interface CloudConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  logLevel: string;
  /** Requests per key and window, shared by every process. */
  rateLimit: { max: number; windowMs: number };
  /** Requests per client address and window, counted before authentication, per process. */
  addressRateLimitMax: number;
  /**
   * Requests with the relay token per window, all relay nodes together, instead of the address
   * and per-key limits: a restarted relay verifies every terminal that dials back at once.
   */
  relayRateLimitMax: number;
  /** Web page origins that may call the integration API from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /**
   * Activation attempts per client address and window (POST /api/device/v1/activate), right or
   * wrong: with 31^8 codes, a guesser gets nowhere.
   */
  activationRateLimit: { max: number; windowMs: number };
  /** How long a verified key is trusted without asking the database; 0 asks every time. */
  authCacheTtlMs: number;
  /** Whether this process runs the delivery worker (several processes may). */
  runWorker: boolean;
  webhooks: WebhookConfig;
  /** The key sealing stored webhook signing secrets (see secrets/secrets-keyring.ts). */
  secrets: SecretsConfig;
  /** CLOUD_OPERATOR_TOKEN; without it a token is generated into DATA_DIR (admin/operator-token.ts). */
  operatorToken?: string | undefined;
  /** METRICS_TOKEN; without it a token is generated into DATA_DIR/metrics-token. */
  metricsToken?: string | undefined;
  /**
   * RELAY_TOKEN: what the relay sends to /api/relay/v1 (docs/relay.md). Without it the relay API
   * refuses every call: there is no relay to trust.
   */
  relayToken?: string | undefined;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * About three days of retries: 10 s, 1 min, 5 min, 30 min, 1 h, 3 h, 6 h, then five times 12 h
 * (70.6 h in total), each with ±20 % jitter.
 */
const DEFAULT_RETRY_SCHEDULE_MS = [
  10_000,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
  12 * HOUR,
];

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got ${value}`);
  return n;
}

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** true/false/1/0/yes/no in any case; anything else stops the start rather than meaning false. */
function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  throw new Error(`${name} must be one of true, false, 1, 0, yes, no; got ${value}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const caFile = env.WEBHOOK_EXTRA_CA_FILE;
  return {
    port: int(env.PORT, 4600),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? `${REPO_ROOT}.data/cloud`,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimit: { max: int(env.RATE_LIMIT_MAX, 600), windowMs: int(env.RATE_LIMIT_WINDOW_MS, MINUTE) },
    addressRateLimitMax: int(env.RATE_LIMIT_ADDRESS_MAX, 1200),
    relayRateLimitMax: int(env.RATE_LIMIT_RELAY_MAX, 60_000),
    corsOrigins: parseAllowedOrigins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    activationRateLimit: {
      max: int(env.ACTIVATION_RATE_LIMIT_MAX, 10),
      windowMs: int(env.ACTIVATION_RATE_LIMIT_WINDOW_MS, 15 * MINUTE),
    },
    authCacheTtlMs: int(env.AUTH_CACHE_TTL_MS, 5_000),
    runWorker: bool('WEBHOOK_WORKER', env.WEBHOOK_WORKER, true),
    webhooks: {
      allowLoopback: bool('WEBHOOK_ALLOW_LOOPBACK', env.WEBHOOK_ALLOW_LOOPBACK, false),
      extraCa: caFile ? readFileSync(caFile, 'utf8') : undefined,
      timeoutMs: int(env.WEBHOOK_TIMEOUT_MS, 10_000),
      retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE_MS
        ? env.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map((s) => int(s, 0))
        : DEFAULT_RETRY_SCHEDULE_MS,
      disableAfterMs: int(env.WEBHOOK_DISABLE_AFTER_MS, 3 * 24 * HOUR),
      pollIntervalMs: int(env.WEBHOOK_POLL_INTERVAL_MS, 200),
      batchSize: int(env.WEBHOOK_BATCH_SIZE, 50),
      leaseMs: int(env.WEBHOOK_LEASE_MS, 60_000),
    },
    secrets: {
      key: env.CLOUD_SECRETS_KEY || undefined,
      previousKeys: (env.CLOUD_SECRETS_PREVIOUS_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    },
    operatorToken: env.CLOUD_OPERATOR_TOKEN || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    relayToken: env.RELAY_TOKEN || undefined,
  };
}
