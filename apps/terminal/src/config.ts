import { join, resolve } from 'node:path';
import { DEFAULT_VAT_TABLE, parseVatRatesSetting, type VatTable } from '@fiscal-pos/fiscal';
import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-protocol';

/** Operations the sync worker sends per batch unless SYNC_BATCH_SIZE says otherwise. */
export const DEFAULT_SYNC_BATCH_SIZE = 100;

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
  /** The terminal's X-API-Key; null means "generate one at first start and keep it". */
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
  /** How long the delivery-lot webhook waits for its receiver. */
  lotWebhookTimeoutMs: number;
  /** Lines of free text POST /api/print may print per minute, all callers together (PRINT_LINES_PER_MINUTE). */
  printLinesPerMinute: number;
  /** Tests only (LOT_WEBHOOK_ALLOW_LOOPBACK=1): lets delivery-lot webhooks reach 127.0.0.0/8 and ::1. */
  lotWebhookAllowLoopback: boolean;
  syncRetryMaxMs: number;
  /** Offline operations per sync request (SYNC_BATCH_SIZE, 1 to 200, default 100; the worker refuses more). */
  syncBatchSize: number;
  /** Development entry without MEV_URL: fiscalize against the started mev-sim at first start (FISCALIZE=auto|off). */
  autoFiscalize: boolean;
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
    smsGatewayUrl: string | null;
    smsGatewayToken: string | null;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
  };
}

function intFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
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
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw new Error(`TZ must be an IANA time zone such as Europe/Chisinau, got "${zone}"`);
  }
  process.env.TZ = zone;
  return zone;
}

export type PrinterSetting =
  { kind: 'virtual' } | { kind: 'none' } | { kind: 'tcp'; host: string; port: number };

/** PRINTER: `virtual` (a text journal), `none`, or an ESC/POS printer at `tcp://host[:port]` (9100 by default). */
export function parsePrinterSetting(value: string): PrinterSetting {
  if (value === 'virtual' || value === 'none') return { kind: value };
  const match = /^tcp:\/\/([^:/\s]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?\/?$/.exec(value);
  const port = Number(match?.[2] ?? 9100);
  if (!match || port < 1 || port > 65_535) {
    throw new Error(`PRINTER must be virtual, none or tcp://host:port, got "${value}"`);
  }
  return { kind: 'tcp', host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

const PAPER_COLUMNS = [32, 42, 48];

/**
 * The shortest API_KEY a terminal starts with: the key is all that guards the API on the LAN and
 * through the relay, and the generated one is 35 characters (24 random bytes).
 */
const API_KEY_MIN_LENGTH = 32;

function apiKeyFrom(value: string | null): string | null {
  if (value !== null && value.length < API_KEY_MIN_LENGTH)
    throw new Error(
      `API_KEY must be at least ${API_KEY_MIN_LENGTH} characters (it has ${value.length}); unset, the terminal generates one`,
    );
  return value;
}

/** An environment value, null when unset or empty. */
function optional(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** Configuration comes from the environment only; every variable is documented in the README. */
export function loadTerminalConfig(env: NodeJS.ProcessEnv = process.env): TerminalConfig {
  const printer = optional(env.PRINTER);
  const printerColumns = intFrom(env, 'PRINTER_COLUMNS', 48);
  if (!PAPER_COLUMNS.includes(printerColumns))
    throw new Error(`PRINTER_COLUMNS must be 32, 42 or 48, got "${env.PRINTER_COLUMNS}"`);
  const cardTerminal = env.CARD_TERMINAL ?? '';
  if (cardTerminal !== '' && cardTerminal !== 'none')
    throw new Error(`CARD_TERMINAL must be none or unset, got "${cardTerminal}"`);
  return {
    port: intFrom(env, 'PORT', 4567),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? join(process.cwd(), '.data', 'terminal')),
    apiKey: apiKeyFrom(optional(env.API_KEY)),
    apiKeyRefusals: {
      max: intFrom(env, 'API_KEY_REFUSALS_MAX', 10, 1),
      windowMs: intFrom(env, 'API_KEY_REFUSALS_WINDOW_MS', 60_000, 1_000),
    },
    mevUrl: env.MEV_URL && env.MEV_URL !== '' ? env.MEV_URL : null,
    fiscalLockTimeoutMs: intFrom(env, 'FISCAL_LOCK_TIMEOUT_MS', 30_000, 1),
    mevConnectTimeoutMs: intFrom(env, 'MEV_CONNECT_TIMEOUT_MS', 3_000, 1),
    mevRequestTimeoutMs: intFrom(env, 'MEV_REQUEST_TIMEOUT_MS', 5_000, 1),
    cardTerminalEnabled: cardTerminal !== 'none',
    cardTerminalUrl: env.CARD_TERMINAL_URL && env.CARD_TERMINAL_URL !== '' ? env.CARD_TERMINAL_URL : null,
    cardConnectTimeoutMs: intFrom(env, 'CARD_CONNECT_TIMEOUT_MS', 3_000, 1),
    cardRequestTimeoutMs: intFrom(env, 'CARD_REQUEST_TIMEOUT_MS', 60_000, 1),
    cardStatusMaxAgeMs: intFrom(env, 'CARD_STATUS_MAX_AGE_MS', 30_000),
    syncRetryBaseMs: intFrom(env, 'SYNC_RETRY_BASE_MS', 1_000, 1),
    lotWebhookTimeoutMs: intFrom(env, 'LOT_WEBHOOK_TIMEOUT_MS', 5_000, 1),
    lotWebhookAllowLoopback: env.LOT_WEBHOOK_ALLOW_LOOPBACK === '1',
    printLinesPerMinute: intFrom(env, 'PRINT_LINES_PER_MINUTE', 2_000, 1),
    syncRetryMaxMs: intFrom(env, 'SYNC_RETRY_MAX_MS', 60_000, 1),
    syncBatchSize: intFrom(env, 'SYNC_BATCH_SIZE', DEFAULT_SYNC_BATCH_SIZE, 1, MEV_BATCH_MAX_OPERATIONS),
    autoFiscalize: (env.FISCALIZE ?? 'auto') !== 'off',
    printer: printer === null ? null : parsePrinterSetting(printer),
    printerColumns,
    printerTimeoutMs: intFrom(env, 'PRINTER_TIMEOUT_MS', 3_000, 1),
    printerStatusMaxAgeMs: intFrom(env, 'PRINTER_STATUS_MAX_AGE_MS', 10_000),
    printerRetryMaxMs: intFrom(env, 'PRINTER_RETRY_MAX_MS', 10_000, 1),
    duplicateLimit: intFrom(env, 'DUPLICATE_LIMIT', 1, 0, 10),
    terminalId: env.TERMINAL_ID && env.TERMINAL_ID !== '' ? env.TERMINAL_ID : null,
    auditRetentionDays: intFrom(env, 'AUDIT_RETENTION_DAYS', 30, 1),
    auditMaxRows: intFrom(env, 'AUDIT_MAX_ROWS', 200_000, 1),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: intFrom(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024),
    historyReaders: intFrom(env, 'HISTORY_READERS', 2, 1, 8),
    historyQueryTimeoutMs: intFrom(env, 'HISTORY_QUERY_TIMEOUT_MS', 10_000, 1),
    vatTable: env.VAT_RATES ? parseVatRatesSetting(env.VAT_RATES) : DEFAULT_VAT_TABLE,
    platformPush: {
      batchSize: intFrom(env, 'PLATFORM_PUSH_BATCH', 100, 1, 200),
      pollMs: intFrom(env, 'PLATFORM_PUSH_INTERVAL_MS', 1_000, 1),
      retryBaseMs: intFrom(env, 'PLATFORM_RETRY_BASE_MS', 1_000, 1),
      retryMaxMs: intFrom(env, 'PLATFORM_RETRY_MAX_MS', 60_000, 1),
    },
    platform: {
      cloudUrl: optional(env.CLOUD_URL),
      activationCode: optional(env.ACTIVATION_CODE),
      relayUrl: optional(env.RELAY_URL),
      catalogSyncIntervalMs: intFrom(env, 'CATALOG_SYNC_INTERVAL_MS', 60_000, 100),
      catalogPageSize: intFrom(env, 'CATALOG_SYNC_PAGE_SIZE', 1_000, 1, 5_000),
      cloudTimeoutMs: intFrom(env, 'CLOUD_TIMEOUT_MS', 10_000, 1),
      credentialMaxAgeDays: intFrom(env, 'DEVICE_CREDENTIAL_MAX_AGE_DAYS', 30, 1, 3_650),
    },
    relayLink: {
      reconnectBaseMs: intFrom(env, 'RELAY_RECONNECT_BASE_MS', 1_000, 1),
      reconnectMaxMs: intFrom(env, 'RELAY_RECONNECT_MAX_MS', 60_000, 1),
      heartbeatMs: intFrom(env, 'RELAY_HEARTBEAT_MS', 15_000, 100),
      replacedBackoffMs: intFrom(env, 'RELAY_REPLACED_BACKOFF_MS', 600_000, 1),
    },
    delivery: {
      smtpUrl: optional(env.SMTP_URL),
      mailFrom: optional(env.MAIL_FROM) ?? 'Fiscal POS <bonuri@fiscal-pos.local>',
      smsGatewayUrl: optional(env.SMS_GATEWAY_URL),
      smsGatewayToken: optional(env.SMS_GATEWAY_TOKEN),
      retryBaseMs: intFrom(env, 'DELIVERY_RETRY_BASE_MS', 5_000, 1),
      retryMaxMs: intFrom(env, 'DELIVERY_RETRY_MAX_MS', 600_000, 1),
      maxAttempts: intFrom(env, 'DELIVERY_MAX_ATTEMPTS', 20, 1, 1000),
    },
    merchant: {
      name: env.MERCHANT_NAME && env.MERCHANT_NAME !== '' ? env.MERCHANT_NAME : 'FISCAL POS',
      idno: env.MERCHANT_IDNO && env.MERCHANT_IDNO !== '' ? env.MERCHANT_IDNO : null,
      address: env.MERCHANT_ADDRESS && env.MERCHANT_ADDRESS !== '' ? env.MERCHANT_ADDRESS : null,
    },
  };
}

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
