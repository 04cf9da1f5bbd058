import type { Clock } from './clock.js';
import type { CloudConfig } from './config.js';
import type { Db } from './db/database.js';
import type { KeyCache } from './keys/key-cache.js';
import type { CloudMetrics } from './metrics/cloud-metrics.js';
import type { SecretsKeyring } from './secrets/secrets-keyring.js';
import type { UrlGuard } from '@fiscal-pos/url-guard';
import type { AddressLimiter } from './http/address-limiter.js';
import type { SharedRateLimits } from './http/rate-limit-store.js';
import type { Route } from './http/route.js';
import type { SignInAttempts } from './console-users/sign-in.js';
import type { ResetAttempts } from './console-users/password-reset.js';
import type { MailOutbox } from './mail/mail-outbox.js';

/** What every handler and use case may reach: nothing global, all passed in. */
export interface AppContext {
  db: Db;
  config: CloudConfig;
  urlGuard: UrlGuard;
  /** Verified keys, kept for at most config.authCacheTtlMs. */
  keyCache: KeyCache;
  /** Seals webhook signing secrets for storage. */
  secrets: SecretsKeyring;
  /** Tells this process's delivery worker that new deliveries were committed. */
  notifyDeliveries: () => void;
  clock: Clock;
  /** The per-key request counts, counted here and shared with the other processes in batches. */
  rateLimits: SharedRateLimits;
  /** Terminal activation attempts per client address (config.activationRateLimit). */
  activationAttempts: AddressLimiter;
  /** Console sign-in attempts per client address and per e-mail address (config.console.signIn). */
  signInAttempts: SignInAttempts;
  /** Password reset requests per client address and per e-mail address (config.console.passwordReset). */
  resetAttempts: ResetAttempts;
  /** Uses of invitation and reset tokens per client address (config.console.linkAttempts). */
  linkAttempts: AddressLimiter;
  /** Where the mailed links point: CONSOLE_PUBLIC_URL, else the address this process listens on. */
  consoleUrl: () => string;
  /** The cloud's outgoing mail (invitations, password resets). */
  mail: MailOutbox;
  /** SHA-256 of the operator token (admin/operator-token.ts); the token itself is not kept. */
  operatorTokenDigest: Buffer;
  /** SHA-256 of the token /metrics asks for (METRICS_TOKEN or DATA_DIR/metrics-token). */
  metricsTokenDigest: Buffer;
  metrics: CloudMetrics;
}

/** Every route the app serves, each with the access of its audience. */
export type CloudRoute = Route<AppContext>;
