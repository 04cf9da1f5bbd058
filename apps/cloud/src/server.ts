// Assembles one cloud process: database (migrated), HTTP API and, unless turned off, a
// delivery worker. Several such processes may share one PostgreSQL database.
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import type { CloudConfig } from './config.js';
import { METRICS_TOKEN_FILE, operatorTokenFile, resolveToken } from './secrets/access-tokens.js';
import { join } from 'node:path';
import { CloudMetrics } from './metrics/cloud-metrics.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { signInAttempts } from './console-users/sign-in.js';
import { resetAttempts } from './console-users/password-reset.js';
import { MailOutbox } from './mail/mail-outbox.js';
import { Housekeeping } from './housekeeping/housekeeping.js';
import { MailWorker, type Mailer } from './mail/mail-worker.js';
import { SmtpSender } from '@fiscal-pos/smtp-mail';
import { AddressLimiter } from './http/address-limiter.js';
import { sharedRateLimits } from './http/rate-limit-store.js';
import { buildApp } from './app.js';
import { KeyCache } from './keys/key-cache.js';
import { resolveSecretsKeyring } from './secrets/resolve-secrets-keyring.js';
import { unknownSecretsKeyIds } from './db/seal-stored-secrets.js';
import type { AppContext } from './context.js';
import { DeliveryWorker } from './webhooks/delivery-worker.js';
import { StockApplier } from './products/stock-applier.js';
import { UrlGuard } from '@fiscal-pos/url-guard';

export interface Cloud {
  app: FastifyInstance;
  ctx: AppContext;
  worker: DeliveryWorker | undefined;
  /** Moves pushed receipts' pending stock into on-hand (tests drive its pass()). */
  stockApplier: StockApplier;
  mailWorker: MailWorker | undefined;
  /** The address the API listens on, e.g. http://127.0.0.1:4600 */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  config: CloudConfig;
  /** An already open database (tests share one per file); otherwise opened from config and closed with the cloud. */
  database?: Database;
  logger?: Logger;
  /** The delivery worker's and the rate limiter's time; tests drive it. */
  clock?: Clock;
  /** What sends the outbox's mail; without it, SMTP to config.mail.smtpUrl. */
  mailer?: Mailer;
}

export async function startCloud(options: StartOptions): Promise<Cloud> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const logger =
    options.logger ?? pino({ level: config.logLevel, redact: ['req.headers["x-service-api-key"]'] });
  const { keyring: secrets, generatedFile } = resolveSecretsKeyring(config.secrets, config.dataDir);
  if (generatedFile)
    logger.warn(
      { file: generatedFile },
      'generated the key sealing webhook secrets; back it up, or set CLOUD_SECRETS_KEY (required when several processes share the database)',
    );
  const operatorToken = resolveToken(config.operatorToken, operatorTokenFile(config.dataDir), 'op_');
  const metricsToken = resolveToken(config.metricsToken, join(config.dataDir, METRICS_TOKEN_FILE), 'mt_');
  // Only the files' names: tokens are never logged.
  for (const [token, use] of [
    [operatorToken, 'the admin API'],
    [metricsToken, '/metrics'],
  ] as const)
    if (token.generatedFile) logger.info({ file: token.generatedFile }, `generated the token for ${use}`);
  const unlockDataDir =
    !options.database && !config.databaseUrl ? lockDataDir(config.dataDir) : () => undefined;
  const database =
    options.database ??
    openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleConnectionError: (err) => logger.warn({ err }, 'database closed an idle connection'),
    });
  await migrate(database.db, { secrets });
  const unknownKeys = await unknownSecretsKeyIds(database.db, secrets);
  if (unknownKeys.length > 0)
    logger.error(
      { keyIds: unknownKeys },
      'some webhook or TOTP secrets are sealed with keys this process does not hold: those deliveries and two-factor sign-ins fail until CLOUD_SECRETS_KEY or CLOUD_SECRETS_PREVIOUS_KEYS includes them',
    );
  const metrics = new CloudMetrics(database.db);
  // The cloud calls the internet only: never its own network, whatever a merchant registers.
  const urlGuard = new UrlGuard({
    protocols: ['https:'],
    alsoAllow: config.webhooks.allowLoopback ? ['loopback'] : [],
  });
  const worker = config.runWorker
    ? new DeliveryWorker({
        db: database.db,
        config: config.webhooks,
        urlGuard,
        secrets,
        logger: logger.child({ component: 'webhooks' }),
        clock,
        onAttempt: (outcome, latencyMs) => metrics.observeDelivery(outcome, latencyMs),
      })
    : undefined;
  const { mail: mailConfig } = config;
  if (mailConfig.smtpUrl === null)
    logger.warn(
      'no SMTP_URL: the cloud sends no mail; invitations answer their link for the owner to pass on, and password reset links cannot be sent',
    );
  const mailWorker =
    mailConfig.smtpUrl !== null && mailConfig.runWorker
      ? new MailWorker({
          db: database.db,
          mailer: options.mailer ?? new SmtpSender(mailConfig.smtpUrl, mailConfig.timeouts),
          config: mailConfig,
          secrets,
          clock,
          logger: logger.child({ component: 'mail' }),
        })
      : undefined;
  const housekeeping = new Housekeeping({
    db: database.db,
    clock,
    sessionIdleMs: config.console.session.idleMs,
    logger: logger.child({ component: 'housekeeping' }),
  });
  const stockApplier = new StockApplier({
    db: database.db,
    periodMs: config.stockApplyMs,
    logger: logger.child({ component: 'stock' }),
    onDeliveries: () => worker?.wake(),
  });
  let listeningUrl = '';
  const ctx: AppContext = {
    db: database.db,
    config,
    urlGuard,
    keyCache: new KeyCache({ ttlMs: config.authCacheTtlMs }),
    secrets,
    notifyDeliveries: () => worker?.wake(),
    clock,
    rateLimits: sharedRateLimits(database.db, clock, {
      windowMs: config.rateLimit.windowMs,
      syncMs: config.rateLimitSyncMs,
      logger,
    }),
    activationAttempts: new AddressLimiter({ ...config.activationRateLimit, clock }),
    signInAttempts: signInAttempts(config.console.signIn, clock),
    resetAttempts: resetAttempts(config.console.passwordReset, clock),
    linkAttempts: new AddressLimiter({
      max: config.console.linkAttempts.maxPerAddress,
      windowMs: config.console.linkAttempts.windowMs,
      clock,
    }),
    consoleUrl: () => config.console.publicUrl ?? listeningUrl,
    mail: new MailOutbox({
      configured: mailConfig.smtpUrl !== null,
      secrets,
      clock,
      onQueued: () => mailWorker?.wake(),
    }),
    operatorTokenDigest: operatorToken.digest,
    metricsTokenDigest: metricsToken.digest,
    metrics,
  };
  const app = await buildApp(ctx, logger);
  const address = await app.listen({ port: config.port, host: config.host });
  listeningUrl = address;
  worker?.start();
  mailWorker?.start();
  housekeeping.start();
  stockApplier.start();
  return {
    app,
    ctx,
    worker,
    stockApplier,
    mailWorker,
    url: address,
    close: async () => {
      await app.close();
      // After the last request: what it counted reaches the other processes.
      await ctx.rateLimits.close();
      await worker?.stop();
      await mailWorker?.stop();
      await housekeeping.stop();
      await stockApplier.stop();
      ctx.keyCache.close();
      if (!options.database) await database.close();
      unlockDataDir();
    },
  };
}
