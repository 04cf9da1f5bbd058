// Configuration from the environment, read once at start. Defaults are the documented ones.
import { ORIGINS_FORM, parseAllowedOrigins } from '@fiscal-pos/cors-policy';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bool, int, list, parsed, readEnv, splitList, text, trustedProxies } from '@fiscal-pos/env-config';
import { SMTP_SETTINGS, smtpTimeoutsOf, type SmtpTimeouts } from '@fiscal-pos/smtp-mail';

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
  /**
   * How often each process shares its rate-limit counts through the database: they are counted
   * in the process (http/rate-limit-store.ts says what that costs in exactness).
   */
  rateLimitSyncMs: number;
  /**
   * How often each process moves pushed receipts' pending stock into on-hand and announces it
   * (products/stock-applier.ts): the most an inventory.updated waits after its push, beside the
   * pass itself. 0: no background pass (tests apply it themselves; reads always do).
   */
  stockApplyMs: number;
  /** Requests per client address and window, counted before authentication, per process. */
  addressRateLimitMax: number;
  /**
   * The proxies (TLS terminators, load balancers) whose X-Forwarded-For names the client
   * (CLOUD_TRUSTED_PROXIES): without them, behind a proxy every client has its address, and the
   * limits per address (requests, console sign-ins, resets) count every client as one.
   */
  trustedProxies: readonly string[];
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
  /**
   * RELAY_PUBLIC_URL: the relay's public address (`https://relay.example.com`). The console shows
   * each terminal's `{relay_url}` under it, and its test button calls the terminal through it.
   */
  relayPublicUrl?: string | undefined;
  /**
   * CLOUD_PUBLIC_URL: this cloud's address as terminals reach it, carried by the activation QR
   * code; without it, the address the console's request came to.
   */
  publicUrl?: string | undefined;
  /**
   * The merchant console's build served under /console (CONSOLE_DIR): by default the dist/ of the
   * installed @fiscal-pos/console package; undefined when that is not installed.
   */
  consoleDir: string | undefined;
  console: ConsoleConfig;
  mail: MailConfig;
}

/** Mail the cloud sends (invitations, password resets): docs/console.md, Mail. */
export interface MailConfig {
  /** SMTP_URL; null: no mail is sent, and the answers that would have mailed a link say so. */
  smtpUrl: string | null;
  from: string;
  timeouts: SmtpTimeouts;
  /** Whether this process runs the mail worker (MAIL_WORKER; any number may). */
  runWorker: boolean;
  /** Delay before attempt n+1 after n failures; its length is the number of retries. */
  retryScheduleMs: readonly number[];
  pollIntervalMs: number;
}

/** The merchant console's sessions and sign-in limits (docs/console.md). */
export interface ConsoleConfig {
  session: { idleMs: number; absoluteMs: number };
  /** Sets Secure on the session cookie even over plain HTTP: the cloud is behind a TLS proxy. */
  secureCookie: boolean;
  /** Sign-in attempts per window, per client address and per e-mail address. */
  signIn: { maxPerAddress: number; maxPerAccount: number; windowMs: number };
  /**
   * Where people reach the console (CONSOLE_PUBLIC_URL), for the links mailed to them; null:
   * the address the cloud listens on.
   */
  publicUrl: string | null;
  invitationTtlMs: number;
  passwordResetTtlMs: number;
  /**
   * Uses of a link's token per client address and window (looking up or accepting an
   * invitation, completing a password reset), right or wrong.
   */
  linkAttempts: { maxPerAddress: number; windowMs: number };
  /** Password reset requests per window, per client address and per e-mail address. */
  passwordReset: { maxPerAddress: number; maxPerAccount: number; windowMs: number };
}

/** apps/console/dist, found as an installed package (npm links it in the repository and in production). */
function installedConsoleDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@fiscal-pos/console/package.json')), 'dist');
  } catch {
    return undefined;
  }
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

/**
 * Mail is retried for about six hours (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 3 h): an
 * invitation lasts 7 days, but a password reset link only 30 minutes.
 */
const DEFAULT_MAIL_RETRY_SCHEDULE_MS = [
  30_000,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
];

/** An absolute http(s) URL without a trailing slash (CONSOLE_PUBLIC_URL). */
function publicUrl(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not an http(s) URL');
  return url.href.replace(/\/+$/, '');
}

/** Integers separated by commas (WEBHOOK_RETRY_SCHEDULE_MS). */
function integers(raw: string): number[] {
  return splitList(raw).map((entry) => {
    const n = Number(entry);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`"${entry}" is not a non-negative integer`);
    return n;
  });
}

/**
 * A file's text, read at start (WEBHOOK_EXTRA_CA_FILE): a path that names nothing stops the start
 * naming the setting and the path (a relative path is the process's, and `npm run cloud` runs in
 * apps/cloud), not with a stack trace.
 */
function readPemFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${resolve(path)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** An http(s) base URL, without a trailing slash. */
function httpUrl(raw: string): string {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${raw}" is not http(s)`);
  return raw.replace(/\/+$/, '');
}

const SETTINGS = {
  PORT: int(4600, { max: 65_535 }),
  HOST: text('127.0.0.1'),
  DATA_DIR: text(`${REPO_ROOT}.data/cloud`),
  DATABASE_URL: text(null),
  LOG_LEVEL: text('info'),
  RATE_LIMIT_MAX: int(600),
  RATE_LIMIT_WINDOW_MS: int(MINUTE),
  RATE_LIMIT_SYNC_MS: int(500, { min: 10, max: MINUTE }),
  STOCK_APPLY_MS: int(1_000, { min: 0, max: MINUTE }),
  RATE_LIMIT_ADDRESS_MAX: int(1200),
  CLOUD_TRUSTED_PROXIES: trustedProxies(),
  RATE_LIMIT_RELAY_MAX: int(60_000),
  CORS_ORIGINS: parsed((raw) => parseAllowedOrigins(raw, 'CORS_ORIGINS'), ORIGINS_FORM, []),
  ACTIVATION_RATE_LIMIT_MAX: int(10),
  ACTIVATION_RATE_LIMIT_WINDOW_MS: int(15 * MINUTE),
  AUTH_CACHE_TTL_MS: int(5_000),
  WEBHOOK_WORKER: bool(true),
  WEBHOOK_ALLOW_LOOPBACK: bool(false),
  WEBHOOK_EXTRA_CA_FILE: parsed(readPemFile, 'a readable PEM file', null),
  WEBHOOK_TIMEOUT_MS: int(10_000),
  WEBHOOK_RETRY_SCHEDULE_MS: parsed(
    integers,
    'non-negative integers, comma-separated',
    DEFAULT_RETRY_SCHEDULE_MS,
  ),
  WEBHOOK_DISABLE_AFTER_MS: int(3 * 24 * HOUR),
  WEBHOOK_POLL_INTERVAL_MS: int(200),
  WEBHOOK_BATCH_SIZE: int(50),
  WEBHOOK_LEASE_MS: int(60_000),
  CLOUD_SECRETS_KEY: text(null, { secret: true }),
  CLOUD_SECRETS_PREVIOUS_KEYS: list(),
  CLOUD_OPERATOR_TOKEN: text(null, { secret: true }),
  METRICS_TOKEN: text(null, { secret: true }),
  RELAY_TOKEN: text(null, { secret: true }),
  RELAY_PUBLIC_URL: parsed(httpUrl, 'an http(s) URL such as https://relay.example.com', null),
  CLOUD_PUBLIC_URL: parsed(httpUrl, 'an http(s) URL such as https://cloud.example.com', null),
  CONSOLE_DIR: text(null),
  CONSOLE_SESSION_IDLE_MINUTES: int(30, { min: 1 }),
  CONSOLE_SESSION_MAX_HOURS: int(12, { min: 1 }),
  CONSOLE_SECURE_COOKIE: bool(false),
  CONSOLE_SIGN_IN_MAX_PER_ADDRESS: int(30, { min: 1 }),
  CONSOLE_SIGN_IN_MAX_PER_ACCOUNT: int(10, { min: 1 }),
  CONSOLE_PUBLIC_URL: parsed(publicUrl, 'an http(s) URL, e.g. https://console.example.md', null),
  CONSOLE_INVITATION_DAYS: int(7, { min: 1, max: 90 }),
  CONSOLE_PASSWORD_RESET_MINUTES: int(30, { min: 1, max: 24 * 60 }),
  CONSOLE_LINK_MAX_PER_ADDRESS: int(30, { min: 1 }),
  CONSOLE_PASSWORD_RESET_MAX_PER_ADDRESS: int(10, { min: 1 }),
  CONSOLE_PASSWORD_RESET_MAX_PER_ACCOUNT: int(3, { min: 1 }),
  ...SMTP_SETTINGS,
  MAIL_FROM: text('Fiscal POS <console@fiscal-pos.local>'),
  MAIL_WORKER: bool(true),
  MAIL_RETRY_SCHEDULE_MS: parsed(
    integers,
    'non-negative integers, comma-separated',
    DEFAULT_MAIL_RETRY_SCHEDULE_MS,
  ),
  MAIL_POLL_INTERVAL_MS: int(1_000, { min: 10 }),
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const e = readEnv(env, SETTINGS);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL ?? undefined,
    logLevel: e.LOG_LEVEL,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    rateLimitSyncMs: e.RATE_LIMIT_SYNC_MS,
    stockApplyMs: e.STOCK_APPLY_MS,
    addressRateLimitMax: e.RATE_LIMIT_ADDRESS_MAX,
    trustedProxies: e.CLOUD_TRUSTED_PROXIES,
    relayRateLimitMax: e.RATE_LIMIT_RELAY_MAX,
    corsOrigins: e.CORS_ORIGINS,
    activationRateLimit: { max: e.ACTIVATION_RATE_LIMIT_MAX, windowMs: e.ACTIVATION_RATE_LIMIT_WINDOW_MS },
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    runWorker: e.WEBHOOK_WORKER,
    webhooks: {
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
      extraCa: e.WEBHOOK_EXTRA_CA_FILE ?? undefined,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE_MS,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_MS,
      pollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
      batchSize: e.WEBHOOK_BATCH_SIZE,
      leaseMs: e.WEBHOOK_LEASE_MS,
    },
    secrets: { key: e.CLOUD_SECRETS_KEY ?? undefined, previousKeys: e.CLOUD_SECRETS_PREVIOUS_KEYS },
    operatorToken: e.CLOUD_OPERATOR_TOKEN ?? undefined,
    metricsToken: e.METRICS_TOKEN ?? undefined,
    relayToken: e.RELAY_TOKEN ?? undefined,
    relayPublicUrl: e.RELAY_PUBLIC_URL ?? undefined,
    publicUrl: e.CLOUD_PUBLIC_URL ?? undefined,
    consoleDir: e.CONSOLE_DIR ?? installedConsoleDir(),
    console: {
      session: {
        idleMs: e.CONSOLE_SESSION_IDLE_MINUTES * MINUTE,
        absoluteMs: e.CONSOLE_SESSION_MAX_HOURS * HOUR,
      },
      // A console whose people reach it over https gets Secure cookies whether or not
      // CONSOLE_SECURE_COOKIE was remembered too: without it, one visit over plain http (a link
      // an attacker on the network rewrote) would carry the session cookie in clear.
      secureCookie: e.CONSOLE_SECURE_COOKIE || e.CONSOLE_PUBLIC_URL?.startsWith('https://') === true,
      signIn: {
        maxPerAddress: e.CONSOLE_SIGN_IN_MAX_PER_ADDRESS,
        maxPerAccount: e.CONSOLE_SIGN_IN_MAX_PER_ACCOUNT,
        windowMs: 15 * MINUTE,
      },
      publicUrl: e.CONSOLE_PUBLIC_URL,
      invitationTtlMs: e.CONSOLE_INVITATION_DAYS * 24 * HOUR,
      passwordResetTtlMs: e.CONSOLE_PASSWORD_RESET_MINUTES * MINUTE,
      linkAttempts: { maxPerAddress: e.CONSOLE_LINK_MAX_PER_ADDRESS, windowMs: 15 * MINUTE },
      passwordReset: {
        maxPerAddress: e.CONSOLE_PASSWORD_RESET_MAX_PER_ADDRESS,
        maxPerAccount: e.CONSOLE_PASSWORD_RESET_MAX_PER_ACCOUNT,
        windowMs: 15 * MINUTE,
      },
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      timeouts: smtpTimeoutsOf(e),
      runWorker: e.MAIL_WORKER,
      retryScheduleMs: e.MAIL_RETRY_SCHEDULE_MS,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
    },
  };
}
