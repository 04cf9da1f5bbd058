// The console's fleet resources (/api/console/v1: overview, terminals, integration keys, the
// integration module) as the browser gets and sends them, and their presenters. camelCase, times
// as ISO 8601 on the cloud's clock, money in MDL with 2 decimals as the integration API has it.
import { fromMinor, VAT_CODES } from '@fiscal-pos/fiscal';
import { PRINTER_STATES, RELAY_LINK_STATES, TERMINAL_STATUSES } from '@fiscal-pos/platform-protocol';
import { z } from 'zod';
import { pageOf } from '../http/cursor.js';
import { IntegrationKey } from '../keys/key-schemas.js';
import type { KeySummary } from '../keys/keys.js';
import {
  ALERT_CODES,
  ALERT_SEVERITIES,
  FISCAL_DAY_EXPIRY_WARNING_MS,
  OFFLINE_QUEUE_MAX_AGE_MS,
  ONLINE_WITHIN_MS,
  SILENT_AFTER_MS,
  type FleetAlert,
} from './fleet-alerts.js';
import type { FleetOverview } from './fleet-overview.js';
import type { FleetTerminal } from './fleet-terminals.js';
import type { DayTotals } from './sales-by-terminal.js';
import { TEST_OUTCOMES, type TerminalTestResult } from './test-terminal.js';

const Instant = z.iso.datetime();
const Mdl = z.number().describe('MDL, 2 decimals');
const iso = (d: Date | null) => d?.toISOString() ?? null;

const Alert = z
  .object({
    code: z.enum(ALERT_CODES),
    severity: z.enum(ALERT_SEVERITIES),
    at: Instant.nullable().describe(
      'What the alert is about: the day’s expiry, the oldest queued document, the last refusal, the last report',
    ),
  })
  .meta({ id: 'ConsoleFleetAlert' });

const VatRates = z.array(
  z.object({ code: z.enum(VAT_CODES), rate: z.number().nullable().describe('Percent; null: exempt') }),
);

const Health = z
  .object({
    reportedAt: Instant.describe('When the report arrived'),
    version: z.string(),
    status: z.enum(['ready', 'degraded']),
    fiscalStatus: z.enum(['online', 'offline', 'not_fiscal']),
    fiscalDayExpiresAt: Instant.nullable().describe('The open fiscal day’s end; null: no day open'),
    offlineQueueSize: z.number().int(),
    offlineQueueOldestAt: Instant.nullable(),
    documentsWaiting: z.number().int().describe('Documents not yet in the cloud'),
    documentsRefused: z
      .number()
      .int()
      .nullable()
      .describe(
        'Of documentsWaiting, those the cloud refused (400): missing from sales, stock and the ERP until mended; ' +
          'null: the terminal does not report them (a version before them)',
      ),
    lastRefusal: z
      .object({
        operationId: z.string().describe('The refused document’s fiscal operation, on the terminal'),
        reason: z
          .string()
          .describe('The cloud’s answer with the fields it refused, or why the terminal could not build it'),
        at: Instant,
      })
      .nullable()
      .describe('The latest refusal of a document still refused; null: none, or the terminal does not say'),
    printer: z.object({
      state: z.enum(PRINTER_STATES),
      queuedJobs: z.number().int(),
      unconfirmedJobs: z.number().int(),
    }),
    relay: z.enum(RELAY_LINK_STATES),
    vatRates: z
      .object({
        inUse: VatRates.describe(
          'The open fiscal day’s (fixed by its first document), or the configured ones',
        ),
        pending: VatRates.nullable().describe(
          'The configured rates when they differ from the open day’s: in use from the next fiscal day; null: none wait',
        ),
      })
      .nullable()
      .describe(
        'The terminal’s VAT rates; null: it does not report them (a version before the report had them)',
      ),
  })
  .meta({ id: 'ConsoleTerminalHealth' });

export const ConsoleTerminal = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(TERMINAL_STATUSES),
    publicId: z.string(),
    relayAddress: z
      .string()
      .nullable()
      .describe(
        '{relay_url}: the terminal API from anywhere; null until the cloud knows the relay (RELAY_PUBLIC_URL)',
      ),
    createdAt: Instant,
    activatedAt: Instant.nullable(),
    deactivatedAt: Instant.nullable(),
    apiKeyLastFour: z.string().nullable(),
    apiKeyRotationPending: z.boolean(),
    online: z.boolean().describe('Reported within the last 3 minutes and linked to the relay'),
    lastSeenAt: Instant.nullable().describe('Its last health report; null: never'),
    health: Health.nullable(),
    alerts: z.array(Alert),
  })
  .meta({ id: 'ConsoleTerminal' });

export const ConsoleTerminalPage = pageOf(ConsoleTerminal, 'ConsoleTerminalPage');

const presentAlert = (a: FleetAlert): z.infer<typeof Alert> => ({ ...a, at: iso(a.at) });

export function presentTerminal(t: FleetTerminal): z.infer<typeof ConsoleTerminal> {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    publicId: t.publicId,
    relayAddress: t.relayAddress,
    createdAt: t.createdAt.toISOString(),
    activatedAt: iso(t.activatedAt),
    deactivatedAt: iso(t.deactivatedAt),
    apiKeyLastFour: t.apiKeyLastFour,
    apiKeyRotationPending: t.apiKeyRotationPending,
    online: t.online,
    lastSeenAt: iso(t.lastSeenAt),
    health: t.health && {
      ...t.health,
      reportedAt: t.health.reportedAt.toISOString(),
      fiscalDayExpiresAt: iso(t.health.fiscalDayExpiresAt),
      offlineQueueOldestAt: iso(t.health.offlineQueueOldestAt),
      lastRefusal: t.health.lastRefusal && {
        ...t.health.lastRefusal,
        at: t.health.lastRefusal.at.toISOString(),
      },
    },
    alerts: t.alerts.map(presentAlert),
  };
}

const Totals = z
  .object({
    salesCount: z.number().int(),
    sales: Mdl,
    refundsCount: z.number().int(),
    refunds: Mdl,
    net: Mdl,
  })
  .meta({ id: 'ConsoleSalesTotals' });

const presentTotals = (t: DayTotals): z.infer<typeof Totals> => ({
  salesCount: t.salesCount,
  sales: fromMinor(t.salesMinor),
  refundsCount: t.refundsCount,
  refunds: fromMinor(t.refundsMinor),
  net: fromMinor(t.salesMinor - t.refundsMinor),
});

export const FleetOverviewSchema = z
  .object({
    generatedAt: Instant,
    thresholds: z
      .object({
        fiscalDayExpiryWarningSeconds: z.number().int(),
        offlineQueueMaxAgeSeconds: z.number().int(),
        silentAfterSeconds: z.number().int(),
        onlineWithinSeconds: z.number().int(),
      })
      .describe('What the alerts and "online" count from (docs/console.md, Fleet)'),
    summary: z.object({
      terminals: z.number().int().describe('Terminals that are not deactivated'),
      online: z.number().int(),
      critical: z.number().int().describe('Critical alerts'),
      warning: z.number().int().describe('Warnings'),
    }),
    terminals: z.array(ConsoleTerminal),
    sales: z.object({
      terminals: z.array(
        z.object({
          terminalId: z.string(),
          timeZone: z
            .string()
            .describe(
              'The terminal’s time zone, whose calendar days these are (its health report’s; Europe/Chisinau ' +
                'until it reports one). Each document counts on its own day, in the zone it was issued in',
            ),
          todayDate: z.iso.date().describe('Today in that zone'),
          weekStart: z.iso.date().describe('This week’s Monday in that zone'),
          today: Totals,
          week: Totals,
          days: z.array(Totals.extend({ date: z.iso.date() })).describe('Monday to today'),
        }),
      ),
    }),
  })
  .meta({ id: 'ConsoleFleetOverview' });

const seconds = (ms: number) => Math.round(ms / 1000);

export function presentOverview(o: FleetOverview): z.infer<typeof FleetOverviewSchema> {
  return {
    generatedAt: o.generatedAt.toISOString(),
    thresholds: {
      fiscalDayExpiryWarningSeconds: seconds(FISCAL_DAY_EXPIRY_WARNING_MS),
      offlineQueueMaxAgeSeconds: seconds(OFFLINE_QUEUE_MAX_AGE_MS),
      silentAfterSeconds: seconds(SILENT_AFTER_MS),
      onlineWithinSeconds: seconds(ONLINE_WITHIN_MS),
    },
    summary: o.summary,
    terminals: o.terminals.map(presentTerminal),
    sales: {
      terminals: o.sales.terminals.map((t) => ({
        terminalId: t.terminalId,
        timeZone: t.timeZone,
        todayDate: t.todayDate,
        weekStart: t.weekStart,
        today: presentTotals(t.today),
        week: presentTotals(t.week),
        days: t.days.map((d) => ({ date: d.date, ...presentTotals(d) })),
      })),
    },
  };
}

export const ConsoleActivation = z
  .object({
    terminal: ConsoleTerminal,
    activation: z.object({
      code: z.string().describe('XXXX-XXXX, single use; shown in this answer only'),
      expiresAt: Instant,
      qrPayload: z
        .string()
        .describe(
          'What the activation QR code holds (the page draws it): fiscal-pos://activate?cloud=<cloud URL>&code=<code>',
        ),
    }),
  })
  .meta({ id: 'ConsoleTerminalActivation' });

export const ConsoleTerminalKeyRotation = z
  .object({ terminal: ConsoleTerminal, apiKey: z.object({ id: z.string(), lastFour: z.string() }) })
  .meta({ id: 'ConsoleTerminalKeyRotation' });

export const ConsoleTerminalTest = z
  .object({
    outcome: z
      .enum(TEST_OUTCOMES)
      .describe(
        'ok: the terminal answered through the relay; not_connected: the relay holds no link to it; relay_error: another answer of the relay; relay_unreachable: the cloud could not reach the relay; timeout: no answer within 10 s; relay_not_configured: RELAY_PUBLIC_URL is not set',
      ),
    httpStatus: z.number().int().nullable(),
    latencyMs: z.number().int().nullable().describe('Through the relay, there and back'),
    terminal: z
      .object({ version: z.string(), status: z.string(), fiscalStatus: z.string() })
      .nullable()
      .describe('What its GET /api/health said'),
    detail: z.string().nullable(),
    relayAddress: z.string().nullable(),
    testedAt: Instant,
  })
  .meta({ id: 'ConsoleTerminalTest' });

export const presentTest = (r: TerminalTestResult): z.infer<typeof ConsoleTerminalTest> => ({
  ...r,
  testedAt: r.testedAt.toISOString(),
});

// Integration keys.

const KEY_STATES = ['active', 'rotating', 'expired', 'revoked'] as const;

export const ConsoleKey = IntegrationKey.extend({
  state: z
    .enum(KEY_STATES)
    .describe(
      'rotating: replaced, works until expiresAt; expired: its grace ended; revoked: stopped at once',
    ),
}).meta({ id: 'ConsoleIntegrationKey' });

export const ConsoleKeyPage = pageOf(ConsoleKey, 'ConsoleIntegrationKeyPage');

export function presentKey(k: KeySummary, now: Date): z.infer<typeof ConsoleKey> {
  const state =
    k.revokedAt !== null
      ? 'revoked'
      : k.expiresAt === null
        ? 'active'
        : k.expiresAt.getTime() > now.getTime()
          ? 'rotating'
          : 'expired';
  return {
    ...k,
    state,
    createdAt: k.createdAt.toISOString(),
    revokedAt: iso(k.revokedAt),
    expiresAt: iso(k.expiresAt),
    lastUsedAt: iso(k.lastUsedAt),
  };
}
