import { ORIGINS_FORM, parseAllowedOrigins } from '@fiscal-pos/cors-policy';
import { join, resolve } from 'node:path';
import { DEFAULT_VAT_TABLE, parseVatRatesSetting, type VatTable } from '@fiscal-pos/fiscal';
import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-protocol';
import { bool, ConfigError, int, oneOf, parsed, readEnv, text } from '@fiscal-pos/env-config';
import { SMTP_SETTINGS, smtpTimeoutsOf, type SmtpTimeouts } from '@fiscal-pos/smtp-mail';

/** Operations the sync worker sends per batch unless SYNC_BATCH_SIZE says otherwise. */
export const DEFAULT_SYNC_BATCH_SIZE = 100;

/**
 * Milliseconds the fiscal server's answer to an operation sent inline waits in memory for the
 * next operation's durable commit (ANSWER_HOLD_MS; 0: written at once in a lazy commit of its
 * own). Any other reader of the operations in the process writes it first, so the wait costs
 * readers nothing; 20 ms is several times the gap between one client's sales on this hardware
 * (about 2-3 ms quiet, 5-10 ms loaded), so back to back every answer rides the next sale's
 * commit (docs/offline-mode.md, "Group commit of answers"; docs/benchmarks.md).
 */
export const DEFAULT_ANSWER_HOLD_MS = 20;

/**
 * Milliseconds a keyed request's stored answer waits in memory to be written with the others
 * (IDEMPOTENCY_ANSWER_HOLD_MS; 0: each in a commit of its own before the answer leaves). Only
 * an answer the retry can rebuild from what the request's durable commit linked to its key
 * waits (IdempotencyStore.keepAnswer): a keyed sale paid ~0.2 ms for that commit of its own.
 */
const DEFAULT_IDEMPOTENCY_ANSWER_HOLD_MS = 200;

/** The SMS APIs the terminal speaks (docs/receipt-delivery.md): its own shape, Twilio's, Infobip's. */
const SMS_PROVIDERS = ['generic', 'twilio', 'infobip'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** Who issues the receipts, as their header prints it. */
export interface MerchantIdentity {
  name: string;
  /** The merchant's state identification number (IDNO); null when not configured. */
  idno: string | null;
  address: string | null;
}

export interface TerminalConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The terminal's X-API-Key (at least 32 characters); null means "generate one at first start and keep it". */
  apiKey: string | null;
  /** Wrong X-API-Key values per client address and window before 429 (API_KEY_REFUSALS_MAX, _WINDOW_MS). */
  apiKeyRefusals: { max: number; windowMs: number };
  /** The fiscal server (MEV_URL); null: none given (the development entry then starts mev-sim). */
  mevUrl: string | null;
  fiscalLockTimeoutMs: number;
  mevConnectTimeoutMs: number;
  mevRequestTimeoutMs: number;
  /** CARD_TERMINAL=none: no bank card terminal (card payments without an RRN answer 503). */
  cardTerminalEnabled: boolean;
  /** The card terminal's ECR endpoint; null: none given (the development entry then starts card-sim). */
  cardTerminalUrl: string | null;
  cardConnectTimeoutMs: number;
  cardRequestTimeoutMs: number;
  /** Health and metrics start a card terminal status check when the last contact is older (CARD_STATUS_MAX_AGE_MS). */
  cardStatusMaxAgeMs: number;
  syncRetryBaseMs: number;
  /**
   * How long the fiscal server's answer to an operation sent inline waits for the next
   * operation's durable commit before a lazy commit of its own (ANSWER_HOLD_MS; docs/offline-mode.md).
   */
  answerHoldMs: number;
  /** How long a keyed request's rebuildable answer waits to be written with others (IDEMPOTENCY_ANSWER_HOLD_MS). */
  idempotencyAnswerHoldMs: number;
  /** How long the delivery-lot webhook waits for its receiver. */
  lotWebhookTimeoutMs: number;
  /** Tests only (LOT_WEBHOOK_ALLOW_LOOPBACK=1): lets delivery-lot webhooks reach 127.0.0.0/8 and ::1. */
  lotWebhookAllowLoopback: boolean;
  /** Lines of free text POST /api/print may print per minute, all callers together (PRINT_LINES_PER_MINUTE). */
  printLinesPerMinute: number;
  syncRetryMaxMs: number;
  /** Offline operations per sync request (SYNC_BATCH_SIZE, 1 to 200, default 100; the worker refuses more). */
  syncBatchSize: number;
  /** Development entry without MEV_URL: fiscalize against the started mev-sim at first start (FISCALIZE=auto|off). */
  autoFiscalize: boolean;
  /**
   * Development entry: a terminal file with a history (HISTORY_FILE, the history bench's) copied
   * into a fresh DATA_DIR at start, the embedded mev-sim adopting it at its report (dev/adopt-history.ts).
   */
  historyFile: string | null;
  /** PRINTER; null when unset: the virtual printer, or printer-sim in the development entry. */
  printer: PrinterSetting | null;
  /** Characters per line of the paper (PRINTER_COLUMNS: 32 for 58 mm, 42 or 48 for 80 mm; default 48). */
  printerColumns: number;
  /** Deadline of the printer's connection and of each status answer (PRINTER_TIMEOUT_MS, default 3000). */
  printerTimeoutMs: number;
  /** Health and metrics ask the printer's status when its last word is older (PRINTER_STATUS_MAX_AGE_MS, default 10000). */
  printerStatusMaxAgeMs: number;
  /** Longest wait between attempts at a queued print job while the printer is away (PRINTER_RETRY_MAX_MS, default 10000). */
  printerRetryMaxMs: number;
  /** Duplicate copies allowed per sale receipt (DUPLICATE_LIMIT, 0 to 10, default 1: the spec's one copy). */
  duplicateLimit: number;
  terminalId: string | null;
  auditRetentionDays: number;
  auditMaxRows: number;
  logLevel: string;
  bodyLimitBytes: number;
  /** Web page origins that may call the API from a browser (CORS_ORIGINS); none by default. */
  corsOrigins: string[];
  /** Worker threads reading history off the fiscal path (HISTORY_READERS, 1 to 8, default 2). */
  historyReaders: number;
  /** A history read's deadline before 503 QUERY_TIMEOUT (HISTORY_QUERY_TIMEOUT_MS, default 10000). */
  historyQueryTimeoutMs: number;
  /** VAT_RATES (`A=8,B=20,...`); the spec's codes with their usual rates when unset. */
  vatTable: VatTable;
  /** The receipt header: MERCHANT_NAME, MERCHANT_IDNO, MERCHANT_ADDRESS. */
  merchant: MerchantIdentity;
  /** Pushing fiscal documents to the cloud once activated (docs/platform.md). */
  platformPush: {
    /** Documents per request (PLATFORM_PUSH_BATCH, 1 to 200, default 100). */
    batchSize: number;
    /** An idle pusher looks for new documents this often (PLATFORM_PUSH_INTERVAL_MS, default 1000). */
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    /**
     * How often the documents the cloud refused are offered again, besides at start and when
     * the cloud's capabilities change (PLATFORM_PUSH_REFUSED_RETRY_MS, default 6 hours).
     */
    refusedRetryMs: number;
  };
  /** The platform (docs/platform.md): CLOUD_URL and ACTIVATION_CODE activate the terminal at its first start. */
  platform: {
    cloudUrl: string | null;
    activationCode: string | null;
    /** The relay an activated terminal dials out to (RELAY_URL, docs/relay.md); null: none. */
    relayUrl: string | null;
    /** Between two catalog syncs (CATALOG_SYNC_INTERVAL_MS, default 60000). */
    catalogSyncIntervalMs: number;
    /** Changes per catalog feed request (CATALOG_SYNC_PAGE_SIZE, 1 to 5000, default 1000). */
    catalogPageSize: number;
    /** Deadline of each request to the cloud (CLOUD_TIMEOUT_MS, default 10000). */
    cloudTimeoutMs: number;
    /** The sync rotates a device credential older than this (DEVICE_CREDENTIAL_MAX_AGE_DAYS, default 30). */
    credentialMaxAgeDays: number;
    /** A health report to the cloud at least this often (HEALTH_REPORT_INTERVAL_MS, default 60000). */
    healthReportIntervalMs: number;
    /** How often a change worth reporting at once is looked for (HEALTH_REPORT_CHECK_MS, default 5000). */
    healthReportCheckMs: number;
  };
  /** The announcement on the LAN by mDNS / DNS-SD (MDNS, MDNS_NAME; docs/terminal-api.md). */
  mdns: {
    enabled: boolean;
    /** The service instance name people see; null: `Fiscal POS <host name>:<port>`. */
    instanceName: string | null;
  };
  /** The outbound link to the relay once activated (docs/relay.md). */
  relayLink: {
    /** First reconnect delay (RELAY_RECONNECT_BASE_MS, default 1000), doubling per failure. */
    reconnectBaseMs: number;
    /** Longest reconnect delay (RELAY_RECONNECT_MAX_MS, default 60000). */
    reconnectMaxMs: number;
    /** A ping this often; no pong by the next one drops the link (RELAY_HEARTBEAT_MS, default 15000). */
    heartbeatMs: number;
    /**
     * Delay after another connection with this credential replaced the link
     * (RELAY_REPLACED_BACKOFF_MS, default 600000), doubling per replacement in a row up to a day.
     */
    replacedBackoffMs: number;
  };
  /** Receipts by e-mail and SMS (docs/receipt-delivery.md); null: not configured. */
  delivery: {
    smtpUrl: string | null;
    mailFrom: string;
    /** SMTP_CONNECTION_TIMEOUT_MS, SMTP_GREETING_TIMEOUT_MS, SMTP_SOCKET_TIMEOUT_MS. */
    smtpTimeouts: SmtpTimeouts;
    /** SMS_PROVIDER: the API SMS_GATEWAY_URL speaks (generic: the terminal's own shape). */
    smsProvider: SmsProvider;
    smsGatewayUrl: string | null;
    smsGatewayToken: string | null;
    /** SMS_ACCOUNT_ID: Twilio's account SID. */
    smsAccountId: string | null;
    /** SMS_SENDER_ID: alphanumeric (up to 11) or a number in international form. */
    smsSenderId: string | null;
    smsTimeoutMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    /** DELIVERY_CONCURRENCY: messages of one channel sent at the same time. */
    concurrency: number;
  };
}

/** The terminal's time zone when TZ is unset: its calendar days are Moldova's. */
const DEFAULT_TIME_ZONE = 'Europe/Chisinau';

/**
 * The one rule for calendar days (date filters, periodic reports, Z report days, the receipt's
 * QR date): they are days of the terminal's time zone, which is the process's (TZ, Europe/Chisinau
 * when unset). The entry points call this first; Node reads TZ again when it is assigned.
 */
export function applyTerminalTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const zone = env.TZ && env.TZ !== '' ? env.TZ : DEFAULT_TIME_ZONE;
  let offsets: Intl.DateTimeFormat;
  try {
    offsets = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' });
  } catch {
    throw new ConfigError('TZ', 'an IANA time zone such as Europe/Chisinau', zone);
  }
  const partHour = partHourOffset(offsets);
  if (partHour !== null) {
    throw new ConfigError('TZ', 'an IANA time zone whose offset from UTC is whole hours', zone, {
      why: `it is ${partHour} on some days, and the history's counts are per UTC hour`,
    });
  }
  process.env.TZ = zone;
  return zone;
}

/**
 * An offset of the zone that is not whole hours (`GMT+05:30`) on any day from a year before now
 * to a year after, or null. The history lists' totals and page skips count operations per UTC
 * hour (migration 0012): a local day is whole buckets only while the offset is whole hours, and
 * in Asia/Kolkata, or Australia/Lord_Howe's half-hour summer time, the hour at each end of a date
 * range would count on both days. Such a zone is refused at start rather than miscounted. Summer
 * time lasts months, so a look at each day finds it; a restart looks again.
 */
function partHourOffset(offsets: Intl.DateTimeFormat): string | null {
  const now = Date.now();
  for (let day = -366; day <= 366; day++) {
    const offset = offsets.formatToParts(now + day * 86_400_000).find((p) => p.type === 'timeZoneName');
    if (offset !== undefined && /:(?!00)\d\d/.test(offset.value)) return offset.value;
  }
  return null;
}

/** The zone the process's calendar days are in now (applyTerminalTimeZone set it from TZ). */
export const processTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export type PrinterSetting =
  { kind: 'virtual' } | { kind: 'none' } | { kind: 'tcp'; host: string; port: number };

const PRINTER_FORM = 'virtual, none or tcp://host:port';

/** PRINTER: `virtual` (a text journal), `none`, or an ESC/POS printer at `tcp://host[:port]` (9100 by default). */
export function parsePrinterSetting(value: string): PrinterSetting {
  if (value === 'virtual' || value === 'none') return { kind: value };
  const match = /^tcp:\/\/([^:/\s]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?\/?$/.exec(value);
  const port = Number(match?.[2] ?? 9100);
  if (!match || port < 1 || port > 65_535) {
    throw new ConfigError('PRINTER', PRINTER_FORM, value);
  }
  return { kind: 'tcp', host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** An alphanumeric sender ID (GSM: up to 11 characters, a letter among them) or a phone number. */
const SENDER_ID = /^(?=.*[A-Za-z])[A-Za-z0-9 .-]{1,11}$|^\+?[1-9]\d{2,14}$/;

/**
 * Every variable the terminal reads, with its default and bounds; each is documented in the
 * README. A bad value stops the start with ConfigError (`NAME must be ..., got "..."`).
 */
const SETTINGS = {
  PORT: int(4567, { max: 65_535 }),
  HOST: text('0.0.0.0'),
  DATA_DIR: text(null),
  // All that guards the API on the LAN and through the relay: a generated key has 35 characters.
  API_KEY: text(null, { minLength: 32, secret: true }),
  API_KEY_REFUSALS_MAX: int(10, { min: 1 }),
  API_KEY_REFUSALS_WINDOW_MS: int(60_000, { min: 1_000 }),
  MEV_URL: text(null),
  FISCAL_LOCK_TIMEOUT_MS: int(30_000, { min: 1 }),
  MEV_CONNECT_TIMEOUT_MS: int(3_000, { min: 1 }),
  MEV_REQUEST_TIMEOUT_MS: int(5_000, { min: 1 }),
  CARD_TERMINAL: oneOf(['none'], null),
  CARD_TERMINAL_URL: text(null),
  CARD_CONNECT_TIMEOUT_MS: int(3_000, { min: 1 }),
  CARD_REQUEST_TIMEOUT_MS: int(60_000, { min: 1 }),
  CARD_STATUS_MAX_AGE_MS: int(30_000),
  SYNC_RETRY_BASE_MS: int(1_000, { min: 1 }),
  ANSWER_HOLD_MS: int(DEFAULT_ANSWER_HOLD_MS, { min: 0, max: 1_000 }),
  IDEMPOTENCY_ANSWER_HOLD_MS: int(DEFAULT_IDEMPOTENCY_ANSWER_HOLD_MS, { min: 0, max: 60_000 }),
  LOT_WEBHOOK_TIMEOUT_MS: int(5_000, { min: 1 }),
  LOT_WEBHOOK_ALLOW_LOOPBACK: bool(false),
  PRINT_LINES_PER_MINUTE: int(2_000, { min: 1 }),
  SYNC_RETRY_MAX_MS: int(60_000, { min: 1 }),
  SYNC_BATCH_SIZE: int(DEFAULT_SYNC_BATCH_SIZE, { min: 1, max: MEV_BATCH_MAX_OPERATIONS }),
  FISCALIZE: text('auto'),
  HISTORY_FILE: text(null),
  PRINTER: parsed(parsePrinterSetting, PRINTER_FORM, null),
  PRINTER_COLUMNS: oneOf([32, 42, 48], 48),
  PRINTER_TIMEOUT_MS: int(3_000, { min: 1 }),
  PRINTER_STATUS_MAX_AGE_MS: int(10_000),
  PRINTER_RETRY_MAX_MS: int(10_000, { min: 1 }),
  DUPLICATE_LIMIT: int(1, { max: 10 }),
  TERMINAL_ID: text(null),
  AUDIT_RETENTION_DAYS: int(30, { min: 1 }),
  AUDIT_MAX_ROWS: int(200_000, { min: 1 }),
  LOG_LEVEL: text('info'),
  BODY_LIMIT_BYTES: int(1_048_576, { min: 1024 }),
  CORS_ORIGINS: parsed((raw) => parseAllowedOrigins(raw, 'CORS_ORIGINS'), ORIGINS_FORM, []),
  HISTORY_READERS: int(2, { min: 1, max: 8 }),
  HISTORY_QUERY_TIMEOUT_MS: int(10_000, { min: 1 }),
  VAT_RATES: parsed(parseVatRatesSetting, 'CODE=PERCENT entries such as A=8,B=20,C=0', DEFAULT_VAT_TABLE),
  PLATFORM_PUSH_BATCH: int(100, { min: 1, max: 200 }),
  PLATFORM_PUSH_INTERVAL_MS: int(1_000, { min: 1 }),
  PLATFORM_PUSH_REFUSED_RETRY_MS: int(21_600_000, { min: 1 }),
  PLATFORM_RETRY_BASE_MS: int(1_000, { min: 1 }),
  PLATFORM_RETRY_MAX_MS: int(60_000, { min: 1 }),
  CLOUD_URL: text(null),
  ACTIVATION_CODE: text(null, { secret: true }),
  RELAY_URL: text(null),
  MDNS: oneOf(['on', 'off'], 'on'),
  MDNS_NAME: text(null),
  CATALOG_SYNC_INTERVAL_MS: int(60_000, { min: 100 }),
  CATALOG_SYNC_PAGE_SIZE: int(1_000, { min: 1, max: 5_000 }),
  CLOUD_TIMEOUT_MS: int(10_000, { min: 1 }),
  DEVICE_CREDENTIAL_MAX_AGE_DAYS: int(30, { min: 1, max: 3_650 }),
  HEALTH_REPORT_INTERVAL_MS: int(60_000, { min: 100 }),
  HEALTH_REPORT_CHECK_MS: int(5_000, { min: 50 }),
  RELAY_RECONNECT_BASE_MS: int(1_000, { min: 1 }),
  RELAY_RECONNECT_MAX_MS: int(60_000, { min: 1 }),
  RELAY_HEARTBEAT_MS: int(15_000, { min: 100 }),
  RELAY_REPLACED_BACKOFF_MS: int(600_000, { min: 1 }),
  ...SMTP_SETTINGS,
  MAIL_FROM: text('Fiscal POS <bonuri@fiscal-pos.local>'),
  SMS_PROVIDER: oneOf(SMS_PROVIDERS, 'generic'),
  SMS_GATEWAY_URL: text(null),
  SMS_GATEWAY_TOKEN: text(null, { secret: true }),
  SMS_ACCOUNT_ID: text(null),
  SMS_SENDER_ID: parsed(
    (raw) => {
      if (!SENDER_ID.test(raw))
        throw new Error('GSM allows 11 letters, digits and spaces, or a phone number');
      return raw;
    },
    'up to 11 letters, digits and spaces, or a phone number',
    null,
  ),
  SMS_TIMEOUT_MS: int(10_000, { min: 1 }),
  DELIVERY_RETRY_BASE_MS: int(5_000, { min: 1 }),
  DELIVERY_RETRY_MAX_MS: int(600_000, { min: 1 }),
  DELIVERY_MAX_ATTEMPTS: int(20, { min: 1, max: 1000 }),
  DELIVERY_CONCURRENCY: int(4, { min: 1, max: 64 }),
  MERCHANT_NAME: text('FISCAL POS'),
  MERCHANT_IDNO: text(null),
  MERCHANT_ADDRESS: text(null),
};

/** What each SMS provider cannot do without, said at start rather than at the first receipt. */
function smsSettings(e: ReturnType<typeof readEnv<typeof SETTINGS>>) {
  if (e.SMS_GATEWAY_URL !== null && e.SMS_PROVIDER === 'twilio') {
    for (const name of ['SMS_ACCOUNT_ID', 'SMS_GATEWAY_TOKEN', 'SMS_SENDER_ID'] as const)
      if (e[name] === null) throw new ConfigError(name, 'set with SMS_PROVIDER=twilio', '');
  }
  if (e.SMS_GATEWAY_URL !== null && e.SMS_PROVIDER === 'infobip' && e.SMS_GATEWAY_TOKEN === null)
    throw new ConfigError('SMS_GATEWAY_TOKEN', 'the API key with SMS_PROVIDER=infobip', '');
  return {
    smsProvider: e.SMS_PROVIDER,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    smsAccountId: e.SMS_ACCOUNT_ID,
    smsSenderId: e.SMS_SENDER_ID,
    smsTimeoutMs: e.SMS_TIMEOUT_MS,
  };
}

/** Configuration comes from the environment only; every variable is documented in the README. */
export function loadTerminalConfig(env: NodeJS.ProcessEnv = process.env): TerminalConfig {
  const e = readEnv(env, SETTINGS);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR ?? join(process.cwd(), '.data', 'terminal')),
    apiKey: e.API_KEY,
    apiKeyRefusals: { max: e.API_KEY_REFUSALS_MAX, windowMs: e.API_KEY_REFUSALS_WINDOW_MS },
    mevUrl: e.MEV_URL,
    fiscalLockTimeoutMs: e.FISCAL_LOCK_TIMEOUT_MS,
    mevConnectTimeoutMs: e.MEV_CONNECT_TIMEOUT_MS,
    mevRequestTimeoutMs: e.MEV_REQUEST_TIMEOUT_MS,
    cardTerminalEnabled: e.CARD_TERMINAL !== 'none',
    cardTerminalUrl: e.CARD_TERMINAL_URL,
    cardConnectTimeoutMs: e.CARD_CONNECT_TIMEOUT_MS,
    cardRequestTimeoutMs: e.CARD_REQUEST_TIMEOUT_MS,
    cardStatusMaxAgeMs: e.CARD_STATUS_MAX_AGE_MS,
    syncRetryBaseMs: e.SYNC_RETRY_BASE_MS,
    answerHoldMs: e.ANSWER_HOLD_MS,
    idempotencyAnswerHoldMs: e.IDEMPOTENCY_ANSWER_HOLD_MS,
    lotWebhookTimeoutMs: e.LOT_WEBHOOK_TIMEOUT_MS,
    lotWebhookAllowLoopback: e.LOT_WEBHOOK_ALLOW_LOOPBACK,
    printLinesPerMinute: e.PRINT_LINES_PER_MINUTE,
    syncRetryMaxMs: e.SYNC_RETRY_MAX_MS,
    syncBatchSize: e.SYNC_BATCH_SIZE,
    autoFiscalize: e.FISCALIZE !== 'off',
    historyFile: e.HISTORY_FILE,
    printer: e.PRINTER,
    printerColumns: e.PRINTER_COLUMNS,
    printerTimeoutMs: e.PRINTER_TIMEOUT_MS,
    printerStatusMaxAgeMs: e.PRINTER_STATUS_MAX_AGE_MS,
    printerRetryMaxMs: e.PRINTER_RETRY_MAX_MS,
    duplicateLimit: e.DUPLICATE_LIMIT,
    terminalId: e.TERMINAL_ID,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditMaxRows: e.AUDIT_MAX_ROWS,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    corsOrigins: e.CORS_ORIGINS,
    historyReaders: e.HISTORY_READERS,
    historyQueryTimeoutMs: e.HISTORY_QUERY_TIMEOUT_MS,
    vatTable: e.VAT_RATES,
    platformPush: {
      batchSize: e.PLATFORM_PUSH_BATCH,
      pollMs: e.PLATFORM_PUSH_INTERVAL_MS,
      retryBaseMs: e.PLATFORM_RETRY_BASE_MS,
      retryMaxMs: e.PLATFORM_RETRY_MAX_MS,
      refusedRetryMs: e.PLATFORM_PUSH_REFUSED_RETRY_MS,
    },
    platform: {
      cloudUrl: e.CLOUD_URL,
      activationCode: e.ACTIVATION_CODE,
      relayUrl: e.RELAY_URL,
      catalogSyncIntervalMs: e.CATALOG_SYNC_INTERVAL_MS,
      catalogPageSize: e.CATALOG_SYNC_PAGE_SIZE,
      cloudTimeoutMs: e.CLOUD_TIMEOUT_MS,
      credentialMaxAgeDays: e.DEVICE_CREDENTIAL_MAX_AGE_DAYS,
      healthReportIntervalMs: e.HEALTH_REPORT_INTERVAL_MS,
      healthReportCheckMs: e.HEALTH_REPORT_CHECK_MS,
    },
    mdns: { enabled: e.MDNS === 'on', instanceName: e.MDNS_NAME },
    relayLink: {
      reconnectBaseMs: e.RELAY_RECONNECT_BASE_MS,
      reconnectMaxMs: e.RELAY_RECONNECT_MAX_MS,
      heartbeatMs: e.RELAY_HEARTBEAT_MS,
      replacedBackoffMs: e.RELAY_REPLACED_BACKOFF_MS,
    },
    delivery: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      smtpTimeouts: smtpTimeoutsOf(e),
      ...smsSettings(e),
      retryBaseMs: e.DELIVERY_RETRY_BASE_MS,
      retryMaxMs: e.DELIVERY_RETRY_MAX_MS,
      maxAttempts: e.DELIVERY_MAX_ATTEMPTS,
      concurrency: e.DELIVERY_CONCURRENCY,
    },
    merchant: { name: e.MERCHANT_NAME, idno: e.MERCHANT_IDNO, address: e.MERCHANT_ADDRESS },
  };
}

/**
 * Every fiscal document names who issues it: the merchant's IDNO and address print in its
 * header. A production terminal without them would issue receipts an inspector cannot
 * attribute, so it refuses to start and says which is missing. `merchant` is the identity the
 * terminal prints: the cloud's once activated, else MERCHANT_*.
 */
export function requireMerchantIdentity(merchant: MerchantIdentity): void {
  const missing = [
    ...(merchant.idno === null ? ['MERCHANT_IDNO (the 13-digit state identification number)'] : []),
    ...(merchant.address === null ? ['MERCHANT_ADDRESS (where the terminal issues receipts)'] : []),
  ];
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required: every fiscal document prints the merchant's IDNO and address (\`npm run terminal\` uses a demo identity)`,
    );
  }
}

/** What the development entry prints for a merchant left unset: plainly not a real one. */
export const DEMO_MERCHANT = { idno: '1000000000000', address: 'DEMO - adresa nu este configurata' };

/** A configuration whose devices have addresses: what the terminal is served with. */
export interface EndpointConfig extends TerminalConfig {
  mevUrl: string;
  /** Null only with CARD_TERMINAL=none: no bank card terminal. */
  cardTerminalUrl: string | null;
}

/**
 * The production terminal talks to the devices it is told about and starts none itself: the
 * simulators for a missing address are the development entry's business (src/dev/).
 */
export function requireDeviceEndpoints(config: TerminalConfig): EndpointConfig {
  const { mevUrl, cardTerminalEnabled, cardTerminalUrl } = config;
  if (mevUrl === null)
    throw new Error(
      "MEV_URL is required: the fiscal server's SOAP endpoint (`npm run terminal` starts mev-sim)",
    );
  if (cardTerminalEnabled && cardTerminalUrl === null)
    throw new Error(
      'CARD_TERMINAL_URL is required unless CARD_TERMINAL=none (`npm run terminal` starts card-sim)',
    );
  return { ...config, mevUrl, cardTerminalUrl: cardTerminalEnabled ? cardTerminalUrl : null };
}
