// The device API (/api/device/v1): every request and answer between a terminal and its cloud,
// declared once. The cloud validates requests and documents its answers with these schemas
// (they carry the OpenAPI names), the terminal's DeviceClient parses the answers with them, so
// an answer that does not parse is refused there instead of being half-stored. Objects are not
// strict: the cloud may add fields within v1. The fiscal documents pushed are in index.ts.
import { VAT_CODES } from '@fiscal-pos/fiscal';
import { z } from 'zod';
import { DEVICE_CREDENTIAL_PREFIX } from './device-credential.js';
import { TimeZone } from './time-zone.js';
import { pinVerifierSchema } from './pin-verifier.js';
import { Instant } from './instant.js';

/** Appended to the cloud's URL, path prefix included: `https://host/prefix` + this + `/terminal`. */
export const DEVICE_API_BASE_PATH = '/api/device/v1';

/** The life of a terminal in the cloud (its table is the cloud's terminals/terminal-lifecycle.ts). */
export const TERMINAL_STATUSES = ['pending', 'active', 'deactivated'] as const;

const DeviceCredential = z.string().startsWith(DEVICE_CREDENTIAL_PREFIX);

export const DeviceMerchant = z
  .object({
    id: z.string(),
    name: z.string(),
    idno: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'DeviceMerchant' });
export type DeviceMerchant = z.infer<typeof DeviceMerchant>;

/**
 * What a cloud accepts beyond what the first v1 cloud did, named in its activation answer and in
 * GET /terminal (`capabilities`). A terminal uses a newer form of a request only once its cloud
 * named it, so terminals can be upgraded before their cloud, and a cloud rolled back is followed
 * at the terminal's next sync. docs/platform.md, "Capabilities".
 */
export const CLOUD_CAPABILITIES = {
  /** Pushed X and Z reports carry their amounts signed (docs/platform.md, "Amounts"). */
  signedReportAmounts: 'signed_report_amounts',
} as const;

// Strings, not an enum: a name a terminal does not know (a newer cloud's) must not make the
// answer unreadable. Optional: clouds before it send none, which is "nothing beyond v1".
const Capabilities = z
  .array(z.string())
  .optional()
  .describe(
    `What this cloud accepts beyond the first v1 cloud (absent: nothing). ${CLOUD_CAPABILITIES.signedReportAmounts}: ` +
      'pushed X and Z reports may carry negative amounts',
  );

export const ActivateBody = z
  .object({
    code: z.string().min(1).max(20).describe('The activation code, XXXX-XXXX; any case, the dash optional'),
  })
  .meta({ id: 'DeviceActivate' });

export const Activation = z
  .object({
    terminalId: z.string().min(1),
    publicId: z
      .string()
      .describe('The terminal’s address on the relay: {relay_url} = https://<relay>/api/relay/<publicId>'),
    terminalName: z.string(),
    merchant: DeviceMerchant,
    deviceCredential: DeviceCredential.describe('dc_…: `Authorization: Bearer` for every later device call'),
    apiKey: z.string().min(16).describe('tk_…: the X-API-Key the terminal accepts from ERPs'),
    capabilities: Capabilities,
  })
  .meta({ id: 'DeviceActivation' });
export type Activation = z.infer<typeof Activation>;

const PendingApiKey = z
  .object({
    id: z.string().min(1),
    key: z.string().min(16).describe('The new X-API-Key; acknowledge it once stored'),
    previousKeyGraceSeconds: z
      .number()
      .int()
      .min(0)
      .describe('How long the terminal should keep accepting its current key after switching'),
  })
  .meta({ id: 'DevicePendingApiKey' });
export type PendingApiKey = z.infer<typeof PendingApiKey>;

export const DeviceTerminal = z
  .object({
    terminalId: z.string(),
    publicId: z.string().describe('The terminal’s address on the relay: /api/relay/<publicId>'),
    terminalName: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    merchant: DeviceMerchant,
    pendingApiKey: PendingApiKey.nullable(),
    capabilities: Capabilities,
  })
  .meta({ id: 'DeviceTerminal' });
export type DeviceTerminal = z.infer<typeof DeviceTerminal>;

export const AcknowledgeApiKeyBody = z.object({ id: z.string().max(100) }).meta({ id: 'DeviceAckApiKey' });

export const RotatedCredential = z
  .object({
    deviceCredential: DeviceCredential.describe(
      'The new dc_…; the current one keeps working until this one is first used',
    ),
  })
  .meta({ id: 'DeviceRotatedCredential' });

// The catalog feed (GET /catalog): what a terminal keeps of its merchant's catalog.

const CatalogVersion = z.number().int().min(0).describe('Catalog version of the last change');

export const LocalizedText = z
  .object({ ro: z.string(), ru: z.string().optional(), en: z.string().optional() })
  .meta({ id: 'LocalizedText', description: 'Text in Romanian (always), Russian and English' });

/** A product as a terminal keeps it: no stock, which is the cloud's ledger. */
export const CatalogProduct = z
  .object({
    id: z.string().min(1),
    code: z.string().describe("The merchant's own product code, unique per merchant"),
    barcodes: z.array(z.string()),
    name: LocalizedText,
    price: z.number().nonnegative().describe('VAT-inclusive unit price in MDL, 2 decimals'),
    vatCode: z.enum(VAT_CODES),
    unit: z.string().describe('Unit of measure, e.g. pcs, kg'),
    sku: z.string().nullable().describe('PLU the cashier types, unique among live products'),
    categoryId: z.string().nullable(),
    active: z.boolean(),
    version: CatalogVersion,
  })
  .meta({ id: 'CatalogProduct' });
export type CatalogProduct = z.infer<typeof CatalogProduct>;

export const Category = z
  .object({
    id: z.string().min(1),
    parentId: z.string().nullable(),
    name: z.string(),
    position: z.number().int(),
    version: CatalogVersion,
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const VatRate = z
  .object({
    code: z.enum(VAT_CODES),
    rateBasisPoints: z.number().int().min(0).max(10_000).describe('2000 = 20 %; 0 for the exempt code `_`'),
    exempt: z.boolean().describe('True only for `_`, which is fixed'),
    version: CatalogVersion.describe('0 for a default rate the merchant never set'),
  })
  .meta({ id: 'VatRate' });
export type VatRate = z.infer<typeof VatRate>;

export const CashierRole = z.enum(['cashier', 'administrator']);

export const Cashier = z
  .object({ id: z.string().min(1), name: z.string(), role: CashierRole, version: CatalogVersion })
  .meta({ id: 'Cashier' });
export type Cashier = z.infer<typeof Cashier>;

const PinVerifier = pinVerifierSchema.meta({
  id: 'PinVerifier',
  description: 'hash: base64url of scrypt(pin, salt, 32 bytes, {N, r, p}); salt: base64url',
});

export const CatalogCashier = Cashier.extend({
  pinVerifier: PinVerifier.describe('What the terminal checks a PIN against offline'),
}).meta({ id: 'CatalogCashier' });
export type CatalogCashier = z.infer<typeof CatalogCashier>;

const MAX_FEED_LIMIT = 5_000;
/** A feed cursor: the catalog version a terminal has seen, as decimal text. */
const FeedCursor = z.string().regex(/^\d{1,15}$/, 'a cursor this feed returned');

export const CatalogFeedQuery = z.object({
  cursor: FeedCursor.default('0').describe('nextCursor of the previous answer; absent or 0 for a full sync'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_FEED_LIMIT)
    .default(1_000)
    .describe(`Changes per answer, 1-${MAX_FEED_LIMIT}`),
});

export const CatalogFeed = z
  .object({
    products: z.array(CatalogProduct),
    categories: z.array(Category),
    vatRates: z.array(VatRate),
    cashiers: z.array(CatalogCashier),
    deleted: z
      .object({
        products: z.array(z.string()),
        categories: z.array(z.string()),
        cashiers: z.array(z.string()),
      })
      .describe('Ids deleted after the cursor (tombstones)'),
    nextCursor: FeedCursor.describe(
      'Send it as cursor next time; equal to the cursor sent when nothing changed',
    ),
    complete: z.boolean().describe('False when more changes follow: ask again at once with nextCursor'),
  })
  .meta({ id: 'CatalogFeed' });
export type CatalogFeed = z.infer<typeof CatalogFeed>;

// The health report (POST /health): what the merchant's console shows of each terminal and
// alerts on. Sent every HEALTH_REPORT_INTERVAL_MS and at once when something an alert depends
// on changed (docs/platform.md, "Health report"). The cloud keeps the latest per terminal.

/** What a receipt printer last said of itself; `ready` and `paper-near-end` print, the others do not. */
export const PRINTER_STATES = [
  'none',
  'ready',
  'paper-near-end',
  'paper-out',
  'cover-open',
  'offline',
  'unreachable',
  'unknown',
] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

/** The terminal's link to the relay: `none` when it has nothing to dial. */
export const RELAY_LINK_STATES = ['none', 'connected', 'disconnected'] as const;

/** A VAT table as the terminal's health shows it: the rate of each code it knows. */
const HealthVatRates = z.array(VatRate.omit({ version: true })).max(VAT_CODES.length);
const ReportCount = z.number().int().min(0).max(2_147_483_647);
/**
 * The longest refusal reason a health report carries: the terminal cuts a longer one (the cloud's
 * answer names every field it refused), so that the report itself is never refused for it.
 */
export const REFUSAL_REASON_MAX_LENGTH = 1000;

export const DeviceHealthReport = z
  .object({
    reportedAt: Instant.describe('The terminal’s clock when it built the report'),
    version: z.string().min(1).max(64).describe('The terminal’s software version'),
    status: z.enum(['ready', 'degraded']).describe('degraded: it refuses some operations (disk, clock)'),
    fiscalStatus: z
      .enum(['online', 'offline', 'not_fiscal'])
      .describe('offline: the tax authority’s server is away or refuses it; sales are queued'),
    fiscalDay: z
      .object({ startedAt: Instant, expiresAt: Instant })
      .nullable()
      .describe('The open fiscal day (24 h from its first receipt, then only a Z report); null: none open'),
    offlineQueue: z
      .object({
        size: ReportCount.describe('Fiscal operations the tax server has not confirmed'),
        oldestAt: Instant.nullable().describe('When the oldest of them was issued'),
      })
      .describe('The offline queue'),
    documentsWaiting: ReportCount.describe('Fiscal documents the cloud has not confirmed yet'),
    // Since terminals set aside a document the cloud refuses: optional, terminals before it
    // report without it (their refused document holds back the others, lastPushError says so).
    documentsRefused: ReportCount.optional().describe(
      'Of documentsWaiting, those the cloud refused (400): set aside, offered again at start and every few hours',
    ),
    // Since the console says why: optional, terminals before it report the count alone.
    lastRefusal: z
      .object({
        operationId: z.string().min(1).max(100).describe('The refused document’s fiscal operation'),
        reason: z
          .string()
          .max(REFUSAL_REASON_MAX_LENGTH)
          .describe('The cloud’s answer with the fields it refused, or why the terminal could not build it'),
        at: Instant.describe('When it was refused (the terminal’s clock)'),
      })
      .nullable()
      .optional()
      .describe('The latest refusal of a document still set aside; null when documentsRefused is 0'),
    printer: z
      .object({
        state: z.enum(PRINTER_STATES),
        queuedJobs: ReportCount.describe('Paper waiting for the printer'),
        unconfirmedJobs: ReportCount.describe('Jobs the printer never confirmed (a cashier must decide)'),
      })
      .describe('The receipt printer'),
    relay: z.enum(RELAY_LINK_STATES).describe('The terminal’s outbound link to the relay'),
    // Since the console computes calendar days per terminal: optional, terminals before it
    // report without them (their days are Europe/Chisinau's, the default TZ).
    timeZone: TimeZone.optional().describe(
      'The terminal’s IANA time zone (TZ): its calendar days (“today” on the console’s overview)',
    ),
    fiscalIdentity: z
      .object({
        registrationNumber: z
          .string()
          .max(100)
          .describe('NR. INREGISTRARE: the registration with the tax service'),
        serialNumber: z.string().max(100).nullable().describe('NR. SERIE: the device’s serial number'),
        taxOfficeAddress: z.string().max(500).nullable().describe('SFS: the tax office it was registered at'),
      })
      .nullable()
      .optional()
      .describe(
        'What every fiscal document prints of the device (the console’s receipt view shows it); null: not ' +
          'fiscalized. Serial number and tax office are null until `fiscalize` gave them',
      ),
    // Since the console shows rates waiting for the next fiscal day: optional, terminals before
    // it report without them (the console then says nothing of their rates).
    vatRates: z
      .object({
        inUse: HealthVatRates.describe(
          'The rates documents are calculated with: the open fiscal day’s, fixed by its first document until its Z ' +
            'report; the configured ones before the day’s first document',
        ),
        pending: HealthVatRates.nullable().describe(
          'The configured rates (the cloud’s, or VAT_RATES) when they differ from the open day’s: in use from the ' +
            'next fiscal day, right after its Z report; null when none wait',
        ),
      })
      .optional()
      .describe('A fiscal day keeps one VAT table: as the terminal’s GET /api/health says (`vatRates`)'),
  })
  .meta({ id: 'DeviceHealthReport' });
export type DeviceHealthReport = z.infer<typeof DeviceHealthReport>;
