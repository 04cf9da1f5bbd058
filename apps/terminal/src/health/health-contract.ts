import { RELAY_LINK_STATES } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { CARD_TERMINAL_STATUSES } from '../card/card-terminal-monitor.js';
import { vatRatesSchema } from '../catalog/catalog-contract.js';
import { countSchema, documentNumberSchema, timestampSchema } from '../http/shared-contract.js';
import { printerHealthSchema } from '../printing/print-job-contract.js';

/** The bank card terminal in health: can a card payment be taken now, and if not, why. */
const cardTerminalHealthSchema = z
  .strictObject({
    status: z.enum(CARD_TERMINAL_STATUSES).meta({
      description:
        'ready: card payments are taken; none: no card terminal (CARD_TERMINAL=none); reversal_pending: a card ' +
        'payment being taken back is not confirmed by the card terminal, no new card payment until it is; ' +
        'unreachable: the last request to it got no usable answer; device_error: it answered that it cannot take ' +
        'requests (a fault); unknown: no answer or failure yet since start. The first that applies, in this order: ' +
        'none, reversal_pending, unreachable, device_error, unknown, ready',
    }),
    url: z
      .string()
      .nullable()
      .meta({ description: 'the card terminal’s address (ECR base URL); null with none' }),
    bankTerminalId: z
      .string()
      .nullable()
      .meta({ description: 'the bank’s id of the card terminal, from its last answer that named it' }),
    lastContactAt: timestampSchema
      .nullable()
      .meta({ description: 'last answer of any kind from the card terminal' }),
    lastCheckedAt: timestampSchema.nullable().meta({
      description:
        'when the last request to it (a card operation or a status check) ended; health starts a status check ' +
        'in the background when this is older than CARD_STATUS_MAX_AGE_MS',
    }),
    lastError: z.string().nullable().meta({
      description: 'why the last request failed (no answer, or the device’s fault); null when answered',
    }),
    pendingReversals: countSchema.meta({
      description: 'card payments being taken back that the card terminal has not confirmed yet',
    }),
    pendingTakeBacks: countSchema.meta({
      description:
        'card payments of refused sales, partly refunded already, whose rest the card terminal has not refunded yet ' +
        '(down, no answer, a fault of the device): retried before every card operation and at status checks, which run every ' +
        'CARD_STATUS_MAX_AGE_MS while one waits',
    }),
    declinedTakeBacks: countSchema.meta({
      description:
        "card payments of refused sales whose rest the card terminal declined or refused to refund (the bank's decline, " +
        'or a refusal of the request itself such as AUTH_CODE_REQUIRED): money owed to customers, ' +
        'not asked again on its own; the log names each (RRN, amount), give it back with POST /api/card/refund',
    }),
  })
  .meta({ id: 'CardTerminalHealth' });

export type RelayLinkState = (typeof RELAY_LINK_STATES)[number];

/** The link to the cloud (docs/platform.md): selling never depends on it, health shows it. */
const platformHealthSchema = z
  .strictObject({
    activated: z.boolean().meta({ description: 'false: standalone, as before the platform' }),
    cloudUrl: z.string().nullable(),
    terminalId: z
      .string()
      .optional()
      .meta({ description: 'the terminal’s id in the cloud; only when activated' }),
    lastSyncAt: timestampSchema.nullable().meta({ description: 'end of the last successful sync' }),
    lastError: z.string().nullable().meta({
      description:
        'why the last sync failed (cloud unreachable, terminal deactivated, ...); null after a success',
    }),
    catalogVersion: z
      .string()
      .nullable()
      .meta({ description: 'the catalog version the terminal holds (feed cursor); null when not activated' }),
    deactivated: z.boolean().meta({
      description:
        'true: the cloud deactivated the terminal or revoked its credential (another device was activated in its ' +
        'place); syncing and pushing stopped until it is activated again, selling goes on',
    }),
    deviceCredential: z
      .strictObject({
        issuedAt: timestampSchema.meta({ description: 'when the cloud issued the credential in use' }),
        ageDays: countSchema.meta({ description: 'whole days since issuedAt' }),
        rotationDueAt: timestampSchema.meta({
          description:
            'issuedAt plus DEVICE_CREDENTIAL_MAX_AGE_DAYS: the first sync from then on rotates the credential',
        }),
      })
      .nullable()
      .meta({ description: 'the device credential (never the credential itself); null when not activated' }),
    relay: z.enum(RELAY_LINK_STATES).meta({
      description:
        'the outbound link to the relay (docs/relay.md): none when there is nothing to dial (not activated, ' +
        'RELAY_URL unset, or cut off), connected, or disconnected (dialling again)',
    }),
    documentsWaiting: countSchema.meta({
      description:
        'fiscal documents the cloud has not confirmed at their current state (the platform outbox); they go up once activated, in order',
    }),
    documentsRefused: countSchema.meta({
      description:
        'of documentsWaiting, those the cloud refused (400, a validation failure), or the terminal could not build ' +
        'from its records, at their current state: set aside so that the later ones go up, never dropped, offered ' +
        'again at start, every PLATFORM_PUSH_REFUSED_RETRY_MS and when the cloud’s capabilities change; a new state ' +
        'from the fiscal server makes one due again',
    }),
    lastRefusal: z
      .strictObject({
        operationId: z.string().meta({ description: 'the refused document’s fiscal operation' }),
        reason: z.string().meta({
          description:
            'the cloud’s answer, with the fields it refused; or why the terminal could not build it',
        }),
        at: timestampSchema,
      })
      .nullable()
      .meta({
        description: 'the latest refusal of a document still set aside; null when documentsRefused is 0',
      }),
    lastPushAt: timestampSchema
      .nullable()
      .meta({ description: 'the last push of documents the cloud confirmed' }),
    lastPushError: z
      .string()
      .nullable()
      .meta({ description: 'why the last push of documents failed; null after a success' }),
  })
  .meta({ id: 'PlatformHealth' });

/** The receipt-delivery outbox (docs/receipt-delivery.md): what waits to reach customers. */
const receiptDeliveryHealthSchema = z
  .strictObject({
    queued: countSchema.meta({
      description:
        'receipts to customers (e-mail, SMS) not sent yet, those being sent included: a growing value means the ' +
        'SMTP server or SMS gateway is away or slow',
    }),
    sending: z
      .strictObject({ email: countSchema, sms: countSchema })
      .meta({ description: 'messages being sent now, per channel; at most DELIVERY_CONCURRENCY each' }),
  })
  .meta({ id: 'ReceiptDeliveryHealth' });
const DEGRADED_REASON_CODES = [
  'STORAGE_UNAVAILABLE',
  'CLOCK_BEHIND_LAST_DOCUMENT',
  'FISCAL_IDENTITY_INCOMPLETE',
] as const;

/** Why the terminal refuses some operations now, or prints documents that lack something, though it answers. */
const degradedReasonSchema = z
  .strictObject({
    code: z.enum(DEGRADED_REASON_CODES).meta({
      description:
        'STORAGE_UNAVAILABLE: the disk under DATA_DIR refuses writes (full or read-only), every write answers 503 ' +
        'STORAGE_UNAVAILABLE until it takes them again; CLOCK_BEHIND_LAST_DOCUMENT: the clock reads more than the ' +
        'tolerance before the last fiscal document, every fiscal operation answers 409 with that code; ' +
        'FISCAL_IDENTITY_INCOMPLETE: the terminal was fiscalized without the device’s serial number and the ' +
        'tax office’s address, which every fiscal document must print (HG 141/2019): it sells, but its documents ' +
        'lack them until `fiscalize --identity-only` gives them (docs/deploy.md)',
    }),
    message: z.string().meta({
      description: 'what the disk said, the clock and the last document’s time, or what to run',
    }),
    since: timestampSchema
      .nullable()
      .meta({ description: 'first failed write of this run; null for the clock' }),
  })
  .meta({ id: 'DegradedReason' });

export type DegradedReason = z.infer<typeof degradedReasonSchema>;

/** data of GET /api/health: the spec's health record plus the offline queue, day counters, card terminal and printer. */
export const healthRecordSchema = z
  .strictObject({
    status: z.enum(['ready', 'degraded']).meta({
      description:
        'degraded: the terminal answers but refuses some operations, or prints documents that lack a mandatory ' +
        'element, for the reasons in degradedReasons',
    }),
    degradedReasons: z.array(degradedReasonSchema).meta({
      description:
        'empty when ready (docs/terminal-api.md, "Storage unavailable", "Clock" and "Printed documents and the regulation")',
    }),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+\+[0-9A-Za-z-]+$/)
      .meta({ description: '<major>.<minor>.<patch>+<build>' }),
    fiscalStatus: z.enum(['online', 'offline', 'not_fiscal']),
    fiscalStatusReason: z
      .enum(['MEV_CREDENTIALS_MISSING', 'MEV_UNREACHABLE', 'MEV_REFUSED'])
      .nullable()
      .meta({
        description:
          'why fiscalStatus is offline: MEV_CREDENTIALS_MISSING (fiscal operations are refused with that code), ' +
          'MEV_UNREACHABLE (the last request got no usable answer), MEV_REFUSED (the fiscal server answers but ' +
          'refuses the terminal or faults, see mevRefusal; the offline queue cannot drain); null when online or not_fiscal',
      }),
    mevRefusal: z
      .strictObject({
        code: z.string().meta({ description: 'the fault code, e.g. CERTIFICATE_EXPIRED' }),
        message: z.string().meta({ description: 'the fault reason as the fiscal server gave it' }),
        since: timestampSchema.meta({ description: 'first refusal of this run of refusals' }),
      })
      .nullable()
      .meta({ description: 'set while fiscalStatusReason is MEV_REFUSED' }),
    terminalId: z.string(),
    serverPort: z.int().min(0).max(65_535),
    uptime: countSchema.meta({ description: 'seconds' }),
    serverStartedAt: timestampSchema,
    deviceIp: z.ipv4().meta({ description: 'first non-internal IPv4 of the device, else 127.0.0.1' }),
    reportNumber: documentNumberSchema.meta({ description: 'number of the open fiscal day’s Z report' }),
    fiscalDay: z
      .strictObject({
        startedAt: timestampSchema.meta({ description: 'the open day’s first receipt' }),
        expiresAt: timestampSchema.meta({
          description: '24 hours later: from then on only a Z report is allowed (FISCAL_DAY_EXPIRED)',
        }),
      })
      .nullable()
      .meta({ description: 'the open fiscal day; null before its first receipt (the day starts with it)' }),
    lastReceiptNumber: countSchema.meta({
      description: 'last receipt number of the open day; 0 before the first',
    }),
    vatRates: z
      .strictObject({
        inUse: vatRatesSchema.meta({
          description:
            'the rates documents are calculated with: the open fiscal day’s, fixed by its first document until its ' +
            'Z report (and kept across restarts); the configured ones before the day’s first document',
        }),
        pending: vatRatesSchema.nullable().meta({
          description:
            'the configured rates (VAT_RATES, or the cloud’s) when they differ from the open day’s: in use from the ' +
            'next fiscal day, right after the Z report; null when none wait',
        }),
      })
      .meta({
        id: 'DayVatRates',
        description: 'a fiscal day keeps one VAT table (docs/terminal-api.md, "VAT rates")',
      }),
    offlineQueueSize: countSchema.meta({
      description: 'fiscal operations not yet confirmed by the fiscal server',
    }),
    offlineQueueOldestAt: timestampSchema.nullable(),
    offlineQueueOldestAgeSeconds: countSchema.nullable(),
    lastMevContactAt: timestampSchema.nullable().meta({ description: 'last answer from the fiscal server' }),
    cardTerminal: cardTerminalHealthSchema,
    printer: printerHealthSchema,
    platform: platformHealthSchema,
    receiptDeliveries: receiptDeliveryHealthSchema,
  })
  .meta({ id: 'HealthRecord' });

export type HealthRecord = z.infer<typeof healthRecordSchema>;
export type ReceiptDeliveryHealth = HealthRecord['receiptDeliveries'];
