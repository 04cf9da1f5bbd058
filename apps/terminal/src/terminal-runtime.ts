import type { VatTable } from '@fiscal-pos/fiscal';
import { UrlGuard } from '@fiscal-pos/url-guard';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock.js';
import { processTimeZone, type TerminalConfig } from './config.js';
import { CardJournal } from './card/card-journal.js';
import { CardPayments } from './card/card-payments.js';
import type { CardTerminal } from './card/card-terminal.js';
import { CardTerminalMonitor } from './card/card-terminal-monitor.js';
import { CashStore } from './cash/cash-store.js';
import { LotStore } from './delivery-lots/lot-store.js';
import { LotWebhooks } from './delivery-lots/lot-webhooks.js';
import { SerialLock } from './serial-lock/serial-lock.js';
import { FiscalRegistrar } from './fiscal-operations/fiscal-registrar.js';
import { MevConnectivity } from './fiscal-operations/mev-connectivity.js';
import { OperationStore } from './fiscal-operations/operation-store.js';
import type { FiscalContext } from './fiscal-operations/perform-fiscal-operation.js';
import { SyncWorker } from './fiscal-operations/sync-worker.js';
import type { FiscalSetup } from './fiscalization/fiscal-setup.js';
import { CatalogStore } from './catalog/catalog-store.js';
import { CashierSignIn } from './shifts/cashier-sign-in.js';
import { PinFailureStore } from './shifts/pin-failure-store.js';
import { PlatformSync } from './catalog/platform-sync.js';
import { ApiKeyVerifier } from './http/api-key-auth.js';
import { readStoredApiKey } from './storage/api-key-file.js';
import { readPlatformFile } from './platform/platform-file.js';
import { AuditLog } from './storage/audit-log.js';
import { IdempotencyStore } from './storage/idempotency-store.js';
import { TerminalMetrics } from './metrics/terminal-metrics.js';
import { NoPrinter, VirtualPrinter } from './printing/virtual-printer.js';
import { PaperBudget } from './printing/paper-budget.js';
import type { ReceiptPrinter } from './printing/receipt-printer.js';
import { MonitoredPrinter } from './printing/printer-monitor.js';
import { PrintJobStore } from './printing/print-job-store.js';
import { PrintQueue } from './printing/print-queue.js';
import { TcpPrinter } from './printing/tcp-printer.js';
import type { PrinterHealth } from './printing/print-job-contract.js';
import { DocumentOutbox } from './document-push/document-outbox.js';
import { DocumentPush } from './document-push/document-push.js';
import { HealthReporter } from './health/health-report.js';
import type { RelayAccess } from './relay/relay-access.js';
import type { ReceiptDeliveryHealth, RelayLinkState } from './health/health-contract.js';
import { RelayLink } from './relay/relay-link.js';
import type { ReceiptHeader } from './receipts/receipt-parts.js';
import { SaleStore } from './fiscal-documents/sale-store.js';
import { RefundStore } from './fiscal-documents/refund-store.js';
import { DeliveryOutbox } from './receipt-delivery/delivery-outbox.js';
import { DeliveryWorker } from './receipt-delivery/delivery-worker.js';
import { deliveredReceipt } from './fiscal-documents/delivered-receipt.js';
import { SmtpReceiptSender } from './receipt-delivery/email-sender.js';
import { HttpSmsSender } from './receipt-delivery/sms-sender.js';
import { ShiftStore } from './shifts/shift-store.js';
import { ReportStore } from './reports/report-store.js';
import { openFiscalDatabase, probeWrite, settleHeldWrites, type Db } from './storage/database.js';
import { StorageHealth } from './storage/storage-failure.js';
import { PooledHistory, READ_WORKER } from './history/history-reads.js';
import { ReadPool } from './storage/read-pool.js';
import { DayVatRates } from './terminal-state/day-vat-rates.js';
import { TerminalStateStore } from './terminal-state/terminal-state-store.js';
import { applicationVersion } from './version.js';

export interface RuntimeOptions {
  config: TerminalConfig;
  apiKey: string;
  fiscal: FiscalSetup;
  logger: Logger;
  clock?: Clock;
  printer?: ReceiptPrinter;
  vatTable?: VatTable;
  /** The bank card terminal; none: card payments without an RRN answer 503. */
  cardTerminal?: CardTerminal | null;
  /** The read workers' module; tests give one that never answers. */
  readWorker?: URL;
  /**
   * The relay this terminal dials out to (docs/relay.md); by default RELAY_URL with the device
   * credential of the activated link, null while not activated or without RELAY_URL.
   */
  relayAccess?: () => RelayAccess | null;
}

/** Everything a running terminal holds, wired once; the HTTP app is a thin layer over it. */
export interface TerminalRuntime {
  config: TerminalConfig;
  logger: Logger;
  clock: Clock;
  version: string;
  startedAt: Date;
  db: Db;
  auditLog: AuditLog;
  /** Whether DATA_DIR takes writes (a full or read-only disk makes it degraded). */
  storage: StorageHealth;
  apiKey: ApiKeyVerifier;
  operations: OperationStore;
  terminalState: TerminalStateStore;
  idempotencyStore: IdempotencyStore;
  sales: SaleStore;
  refunds: RefundStore;
  /** Lists over the history, off the main thread. */
  history: PooledHistory;
  reports: ReportStore;
  cash: CashStore;
  lots: LotStore;
  lotWebhooks: LotWebhooks;
  /** Receipts to the customer by e-mail and SMS: the outbox and its worker. */
  deliveries: DeliveryOutbox;
  deliveryWorker: DeliveryWorker;
  /** The outbox as health and the metrics show it. */
  receiptDeliveryHealth: () => ReceiptDeliveryHealth;
  connectivity: MevConnectivity;
  metrics: TerminalMetrics;
  fiscal: FiscalSetup;
  registrar: FiscalRegistrar | null;
  syncWorker: SyncWorker | null;
  fiscalContext: FiscalContext<ShiftStore>;
  /** The printer device itself (PRINTER); routes use it through printerMonitor. */
  printer: ReceiptPrinter;
  /** The printer with what it last said, for health, metrics and the queue. */
  printerMonitor: MonitoredPrinter;
  /** The durable queue of fiscal documents' paper. */
  printQueue: PrintQueue;
  /** Free text's paper per minute (POST /api/print). */
  paperBudget: PaperBudget;
  printerHealth: () => PrinterHealth;
  /** Fiscal documents flowing up to the cloud: the outbox (written by triggers) and its pusher. */
  documentOutbox: DocumentOutbox;
  documentPush: DocumentPush;
  /** The health report to the cloud; started with the listener (it reports what /api/health says). */
  healthReport: HealthReporter;
  /** The outbound link to the relay; started by whoever starts the listener (it needs its address). */
  relayLink: RelayLink;
  /** The relay link as health shows it: none when there is no relay to dial. */
  relayState(): RelayLinkState;
  /** Null when no card terminal is attached. */
  card: CardPayments | null;
  /** The card terminal as health and the metrics show it (status `none` without one). */
  cardMonitor: CardTerminalMonitor;
  /**
   * The fiscal day's VAT rates: the table in use, and the configured one (the cloud's once an
   * activated terminal synced them, VAT_RATES before) waiting for the day's Z report.
   */
  vatRates: DayVatRates;
  /** The catalog kept on the terminal (empty when not activated). */
  catalog: CatalogStore;
  /** Null when the terminal is not activated: it works standalone, as before the platform. */
  platform: PlatformSync | null;
  cashier: { id: string; name: string };
  cashierSignIn: CashierSignIn;
  receiptHeader(): ReceiptHeader;
  close(): Promise<void>;
}

/** The device PRINTER names; unset is the virtual printer (a journal under DATA_DIR). */
function printerOf(config: TerminalConfig): ReceiptPrinter {
  const setting = config.printer ?? { kind: 'virtual' };
  switch (setting.kind) {
    case 'virtual':
      return new VirtualPrinter(join(config.dataDir, 'printer'), config.printerColumns);
    case 'none':
      return new NoPrinter();
    case 'tcp':
      return new TcpPrinter({
        ...setting,
        columns: config.printerColumns,
        timeoutMs: config.printerTimeoutMs,
      });
  }
}

export function createTerminalRuntime(o: RuntimeOptions): TerminalRuntime {
  const { config, logger } = o;
  const clock = o.clock ?? systemClock;
  const dbFile = join(config.dataDir, 'terminal.sqlite');
  const db = openFiscalDatabase(dbFile);
  const history = new PooledHistory(
    new ReadPool({
      file: dbFile,
      size: config.historyReaders,
      deadlineMs: config.historyQueryTimeoutMs,
      entry: o.readWorker ?? READ_WORKER,
    }),
    () => settleHeldWrites(db),
  );
  const storage = new StorageHealth(
    () => {
      probeWrite(db);
      auditLog.flush();
    },
    logger,
    () => clock.now(),
  );
  const auditLog = new AuditLog({
    file: join(config.dataDir, 'audit.sqlite'),
    retentionDays: config.auditRetentionDays,
    maxRows: config.auditMaxRows,
    onWriteFailure: (error) => {
      if (!storage.failed(error, 'audit log'))
        logger.error({ err: error }, 'audit rows could not be written');
    },
  });
  const operations = new OperationStore(db);
  const terminalState = new TerminalStateStore(db, (text, error) =>
    logger.error(
      { err: error, dayVatTable: text },
      "the open fiscal day's stored VAT table cannot be read: the day takes the configured one with its next document",
    ),
  );
  const state = terminalState.initialize(config.terminalId);
  const idempotencyStore = new IdempotencyStore(db, config.idempotencyAnswerHoldMs);
  const shifts = new ShiftStore(db);
  const connectivity = new MevConnectivity();
  const card = o.cardTerminal
    ? new CardPayments({
        terminal: o.cardTerminal,
        journal: new CardJournal(db, () => clock.now().toISOString()),
        lock: new SerialLock(config.fiscalLockTimeoutMs, 'card terminal'),
        clock,
        logger,
      })
    : null;
  const cardMonitor = new CardTerminalMonitor(card, clock, config.cardStatusMaxAgeMs);
  const deliveries = new DeliveryOutbox(db);
  const printer = o.printer ?? printerOf(config);
  const printerMonitor = new MonitoredPrinter(printer, clock, config.printerStatusMaxAgeMs, () =>
    printQueue.wake(),
  );
  const printQueue = new PrintQueue({
    store: new PrintJobStore(db),
    printer: printerMonitor,
    clock,
    logger: logger.child({ component: 'printer' }),
    retryBaseMs: Math.min(1_000, config.printerRetryMaxMs),
    retryMaxMs: config.printerRetryMaxMs,
  });
  // Paper a restart interrupted prints now.
  printQueue.start();
  const printerHealth = () => ({
    address: printerMonitor.address,
    ...printerMonitor.snapshot(),
    queuedJobs: printQueue.queuedCount(),
    unconfirmedJobs: printQueue.unconfirmedCount(),
  });
  const documentOutbox = new DocumentOutbox(db);
  const metrics = new TerminalMetrics({
    printerHealth,
    platformOutboxSize: () => documentOutbox.size(),
    platformOutboxRefused: () => documentOutbox.refusedCount(),
    receiptDeliveries: () => receiptDeliveryHealth(),
    operations,
    connectivity,
    clock,
    terminalState,
    cardTerminal: () => cardMonitor.health(),
    // Built below, once the database and the key verifier exist; read at scrape time only.
    platform: () => platform?.health() ?? null,
  });

  // Before the registrar: a sale whose refusal it records late or while syncing opens its lot again.
  const lots = new LotStore(db);
  let syncWorker: SyncWorker | null = null;
  let registrar: FiscalRegistrar | null = null;
  if (o.fiscal.server) {
    registrar = new FiscalRegistrar({
      db,
      store: operations,
      server: o.fiscal.server,
      connectivity,
      registrationNumber: o.fiscal.registrationNumber,
      offlineSecret: state.offlineSecret,
      clock,
      logger,
      metrics,
      onQueued: () => syncWorker?.wake(),
      onRefused: (op) => {
        lots.reopenSoldBy(op.id);
        void card?.takeBackRefusedSale(
          op.id,
          `the fiscal server refused the document: ${op.errorMessage ?? ''}`,
        );
      },
      answerHoldMs: config.answerHoldMs,
    });
    syncWorker = new SyncWorker({
      registrar,
      store: operations,
      logger,
      retryBaseMs: config.syncRetryBaseMs,
      retryMaxMs: config.syncRetryMaxMs,
      batchSize: config.syncBatchSize,
    });
    const recovered = registrar.recoverInterrupted();
    if (recovered > 0) logger.warn({ recovered }, 'operations interrupted by a restart were queued for sync');
  }

  // The device's status is known soon after start; then purchases a crash caught before their
  // sale was written are taken back (both in the background, one after the other).
  cardMonitor.check();
  const cardRecovery = card?.recoverInterrupted();
  // What still waits for the card terminal then is retried on its own, card payments or not.
  cardMonitor.start(Math.max(config.cardStatusMaxAgeMs, 1_000));

  const lotWebhooks = new LotWebhooks({
    lots,
    clock,
    logger,
    timeoutMs: config.lotWebhookTimeoutMs,
    // A LAN ERP is a receiver; the terminal itself and the link-local services never are.
    guard: new UrlGuard({
      protocols: ['http:', 'https:'],
      alsoAllow: config.lotWebhookAllowLoopback ? ['private', 'loopback'] : ['private'],
    }),
  });
  // Lots sold just before a crash whose webhook never started get their one attempt now.
  const resumedWebhooks = lotWebhooks.sendPending();
  if (resumedWebhooks > 0)
    logger.warn({ resumedWebhooks }, 'delivery-lot webhooks interrupted by a restart were sent');

  const sales = new SaleStore(db);
  const refunds = new RefundStore(db);
  const catalog = new CatalogStore(db);
  const platformFile = readPlatformFile(config.dataDir);
  // An activated terminal's key is the one the cloud gave (kept in DATA_DIR/api-key): an
  // API_KEY in the environment would make the key the cloud rotates a different one.
  const storedKey = platformFile === null ? null : readStoredApiKey(config.dataDir);
  if (platformFile !== null && storedKey === null)
    throw new Error(`${config.dataDir}/platform.json exists but ${config.dataDir}/api-key does not`);
  const apiKey = new ApiKeyVerifier(storedKey ?? o.apiKey, () => clock.now());
  const platform =
    platformFile === null
      ? null
      : new PlatformSync({
          file: platformFile,
          dataDir: config.dataDir,
          store: catalog,
          verifier: apiKey,
          clock,
          logger: logger.child({ component: 'platform' }),
          intervalMs: config.platform.catalogSyncIntervalMs,
          retryBaseMs: Math.min(1_000, config.platform.catalogSyncIntervalMs),
          pageLimit: config.platform.catalogPageSize,
          timeoutMs: config.platform.cloudTimeoutMs,
          credentialMaxAgeMs: config.platform.credentialMaxAgeDays * 86_400_000,
          // The cloud's VAT rates may have changed: a change during an open day waits for its Z report.
          onSynced: () => vatRates.notice(),
        });
  const configuredVatTable = (): VatTable => platform?.vatTable() ?? o.vatTable ?? config.vatTable;
  const vatRates = new DayVatRates({ state: terminalState, configured: configuredVatTable, logger });
  // VAT rates changed by this restart while a day is open wait for its Z report: said now.
  vatRates.notice();
  // The first sync runs in the background: selling never waits for the cloud.
  platform?.start();

  const receiptHeader = (): ReceiptHeader => ({
    merchant: platform?.merchant() ?? config.merchant,
    // Written once, at the first start (TerminalStateStore.initialize): no read per receipt.
    terminalId: state.terminalId,
    registrationNumber: o.fiscal.registrationNumber,
    identity: o.fiscal.identity,
  });
  const { delivery } = config;
  const emailSender =
    delivery.smtpUrl === null
      ? null
      : new SmtpReceiptSender(delivery.smtpUrl, delivery.mailFrom, delivery.smtpTimeouts);
  const deliveryWorker = new DeliveryWorker({
    outbox: deliveries,
    render: deliveredReceipt({ sales, refunds, operations }, receiptHeader),
    email: emailSender,
    sms:
      delivery.smsGatewayUrl === null
        ? null
        : new HttpSmsSender({
            provider: delivery.smsProvider,
            url: delivery.smsGatewayUrl,
            token: delivery.smsGatewayToken,
            accountId: delivery.smsAccountId,
            senderId: delivery.smsSenderId,
            timeoutMs: delivery.smsTimeoutMs,
          }),
    clock,
    logger: logger.child({ component: 'receipt-delivery' }),
    retryBaseMs: delivery.retryBaseMs,
    retryMaxMs: delivery.retryMaxMs,
    maxAttempts: delivery.maxAttempts,
    concurrency: delivery.concurrency,
  });
  // What a restart interrupted is sent now.
  deliveryWorker.start();
  const receiptDeliveryHealth = (): ReceiptDeliveryHealth => ({
    queued: deliveries.queuedCount(),
    sending: deliveryWorker.inFlight(),
  });

  const documentPush = new DocumentPush({
    outbox: documentOutbox,
    operations,
    sales,
    refunds,
    registrationNumber: o.fiscal.registrationNumber,
    timeZone: processTimeZone(),
    access: () => platform?.documentAccess() ?? null,
    clock,
    logger: logger.child({ component: 'platform' }),
    ...config.platformPush,
    timeoutMs: config.platform.cloudTimeoutMs,
  });
  documentPush.start();
  const healthReport = new HealthReporter({
    access: () => platform?.documentAccess() ?? null,
    identity: {
      timeZone: processTimeZone(),
      fiscalIdentity:
        o.fiscal.fiscalization === 'not_fiscal'
          ? null
          : {
              registrationNumber: o.fiscal.registrationNumber,
              serialNumber: o.fiscal.identity?.serialNumber ?? null,
              taxOfficeAddress: o.fiscal.identity?.taxOfficeAddress ?? null,
            },
    },
    clock,
    logger: logger.child({ component: 'platform' }),
    intervalMs: config.platform.healthReportIntervalMs,
    checkMs: config.platform.healthReportCheckMs,
    timeoutMs: config.platform.cloudTimeoutMs,
  });

  const relayAccess =
    o.relayAccess ??
    ((): RelayAccess | null => {
      const link = platform?.documentAccess() ?? null;
      const { relayUrl } = config.platform;
      return link && relayUrl ? { relayUrl, deviceCredential: link.deviceCredential } : null;
    });
  const relayLink = new RelayLink({
    access: relayAccess,
    logger: logger.child({ component: 'relay' }),
    ...config.relayLink,
    accessPollMs: 5_000,
  });

  const fiscalContext: FiscalContext<ShiftStore> = {
    db,
    operations,
    terminalState,
    shifts,
    idempotency: idempotencyStore,
    lock: new SerialLock(config.fiscalLockTimeoutMs),
    clock,
    fiscalization: () => o.fiscal.fiscalization,
    registrar: () => registrar,
    configuredVatTable,
  };

  return {
    config,
    logger,
    clock,
    version: applicationVersion(),
    startedAt: clock.now(),
    db,
    auditLog,
    storage,
    apiKey,
    operations,
    terminalState,
    idempotencyStore,
    sales,
    refunds,
    history,
    reports: new ReportStore(db),
    cash: new CashStore(db),
    lots,
    lotWebhooks,
    deliveries,
    deliveryWorker,
    receiptDeliveryHealth,
    connectivity,
    metrics,
    fiscal: o.fiscal,
    registrar,
    syncWorker,
    fiscalContext,
    printer,
    printerMonitor,
    printQueue,
    paperBudget: new PaperBudget(config.printLinesPerMinute),
    printerHealth,
    documentOutbox,
    documentPush,
    healthReport,
    relayLink,
    relayState: () => (relayLink.connected ? 'connected' : relayAccess() === null ? 'none' : 'disconnected'),
    card,
    cardMonitor,
    vatRates,
    catalog,
    platform,
    cashier: { id: 'cashier-1', name: 'Cashier' },
    cashierSignIn: new CashierSignIn(catalog, new PinFailureStore(db), clock),
    receiptHeader,
    async close() {
      await healthReport.stop();
      await platform?.stop();
      await relayLink.close();
      await syncWorker?.stop();
      // The fiscal server's last answers, held for a next commit that will not come.
      registrar?.flushAnswers();
      // The keyed requests' answers held for the next write of them (IdempotencyStore.keepAnswer).
      idempotencyStore.flushAnswers();
      await lotWebhooks.idle();
      await lotWebhooks.close();
      await deliveryWorker.stop();
      await printQueue.stop();
      await documentPush.stop();
      await printerMonitor.idle();
      emailSender?.close();
      await cardRecovery;
      await cardMonitor.stop();
      await o.cardTerminal?.close();
      await o.fiscal.server?.close();
      await history.close();
      auditLog.close();
      db.close();
    },
  };
}
