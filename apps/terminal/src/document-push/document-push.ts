import type { Logger } from 'pino';
import { WakeSignal } from '../background/wake-signal.js';
import type { Clock } from '../clock.js';
import type { OperationStore } from '../fiscal-operations/operation-store.js';
import { backoffDelay } from '../fiscal-operations/sync-worker.js';
import type { RefundStore } from '../fiscal-documents/refund-store.js';
import type { SaleStore } from '../fiscal-documents/sale-store.js';
import { CloudError, DeviceClient } from '../platform/device-client.js';
import type { PlatformAccess } from '../platform/platform-link.js';
import type { DocumentOutbox, DueDocument } from './document-outbox.js';
import { CLOUD_CAPABILITIES, type PushedDocument } from '@fiscal-pos/platform-protocol';
import { platformDocument } from './platform-document.js';

export interface DocumentPushOptions {
  outbox: DocumentOutbox;
  operations: OperationStore;
  sales: SaleStore;
  refunds: RefundStore;
  /** The fiscal device's registration number, which receipts print and their QR codes carry. */
  registrationNumber: string;
  /**
   * The terminal's time zone, sent with each document: the cloud fixes the document's day with
   * it. The process's zone is set at start (TZ), so it is the zone the document was issued in
   * unless TZ changed across a restart while the document waited in the outbox.
   */
  timeZone: string;
  access: () => PlatformAccess | null;
  clock: Clock;
  logger: Logger;
  /** Documents per request (the cloud takes up to 200). */
  batchSize: number;
  /** How often an idle worker looks for new documents. */
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the documents the cloud refused are offered again (besides at start). */
  refusedRetryMs: number;
  timeoutMs: number;
}

export interface DocumentPushState {
  lastPushAt: string | null;
  lastPushError: string | null;
}

/**
 * A document the terminal's own records cannot make (a stored code outside the vocabulary, a
 * defect of the version that wrote it): it would fail every push it is in, as one the cloud
 * refuses would.
 */
class UnbuildableDocument extends Error {}

/**
 * Why a push failed for its documents, not for the cloud or the link: a validation failure (400
 * with a problem: the cloud stored nothing and will answer the same to the same documents), or a
 * document the terminal cannot build. Anything else (no answer, 5xx, 401, 403) is retried whole.
 */
function isRefusal(error: unknown): error is CloudError | UnbuildableDocument {
  return (
    error instanceof UnbuildableDocument ||
    (error instanceof CloudError && error.kind === 'refused' && error.status === 400)
  );
}

/**
 * Pushes the platform outbox to the cloud: the oldest documents first, in batches, each at the
 * revision it has now; the cloud deduplicates by operation id and keeps the highest revision,
 * so a batch sent twice (an answer lost, a kill -9 before the confirmation was written) changes
 * nothing there. Failures back off; selling never waits for any of it.
 *
 * A batch the cloud refuses (400), or one holding a document the terminal cannot build, is
 * pushed again a document at a time, in order, and a document refused alone is set aside
 * (DocumentOutbox.setAside): one document that cannot go up never holds back the later ones. The set-aside documents are offered again in a round
 * of their own at start, every `refusedRetryMs` and when the cloud's capabilities change (an
 * upgrade of either side may make them acceptable).
 */
export class DocumentPush {
  readonly #signal = new WakeSignal();
  #loop: Promise<void> | null = null;
  #stopped = false;
  #failures = 0;
  #state: DocumentPushState = { lastPushAt: null, lastPushError: null };
  /** The round offering the refused documents again: the seq it has reached; null between rounds. */
  #roundAfterSeq: number | null = null;
  /** When the next round starts (0: at the first push, so at start). */
  #roundAt = 0;
  /** The cloud's capabilities at the last push: a change starts a round. */
  #capabilities: string | null = null;

  constructor(private readonly o: DocumentPushOptions) {}

  start(): void {
    this.#loop ??= this.#run().catch((error: unknown) => {
      this.o.logger.error({ err: error }, 'the document push stopped');
    });
  }

  /** Push now (a document was written, the terminal was just activated). */
  wake(): void {
    this.#failures = 0;
    this.#signal.wake();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#signal.wake();
    await this.#loop;
  }

  state(): DocumentPushState {
    return this.#state;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#next();
      } catch (error) {
        // The outbox refused a write (a full or read-only disk): the documents stay due and
        // are pushed again later; the push never stops for it.
        this.o.logger.error({ err: error }, 'document push could not record its outcome; retrying later');
        await this.#signal.wait(this.o.retryMaxMs);
      }
    }
  }

  /** One push of the due documents (or of the refused ones, in a round), or a wait for some. */
  async #next(): Promise<void> {
    const access = this.o.access();
    if (!access) {
      await this.#signal.wait(this.o.pollMs);
      return;
    }
    const capabilities = access.cloudCapabilities.join(' ');
    if (this.#capabilities !== null && capabilities !== this.#capabilities) this.#roundAt = 0;
    this.#capabilities = capabilities;
    const now = this.o.clock.now().getTime();
    if (this.#roundAfterSeq === null && now >= this.#roundAt) this.#roundAfterSeq = 0;
    const round = this.#roundAfterSeq;
    const due =
      round === null ? this.o.outbox.due(this.o.batchSize) : this.o.outbox.refused(round, this.o.batchSize);
    if (due.length === 0) {
      if (round === null) await this.#signal.wait(this.o.pollMs);
      else {
        this.#roundAfterSeq = null;
        this.#roundAt = now + this.o.refusedRetryMs;
      }
      return;
    }
    try {
      const confirmed = await this.#pushIsolating(access, due, round !== null);
      if (round !== null) this.#roundAfterSeq = due.at(-1)!.seq;
      this.#failures = 0;
      // A batch wholly set aside reached the cloud without anything confirmed.
      const lastPushAt = confirmed > 0 ? this.o.clock.now().toISOString() : this.#state.lastPushAt;
      this.#state = { lastPushAt, lastPushError: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.o.outbox.noteFailure(
        due.map((d) => d.seq),
        reason,
      );
      this.#state = { ...this.#state, lastPushError: reason };
      this.#failures += 1;
      const wait = backoffDelay(this.#failures, this.o.retryBaseMs, this.o.retryMaxMs, Math.random);
      this.o.logger.warn(
        { err: reason, documents: due.length, retryInMs: Math.round(wait) },
        'documents not pushed yet',
      );
      await this.#signal.wait(wait);
    }
  }

  /**
   * Pushes `due`; refused as a batch, each alone in order; refused alone, set aside. Any other
   * failure is thrown: the documents not confirmed by then are pushed again after a backoff.
   * Resolves with how many the cloud confirmed.
   */
  async #pushIsolating(access: PlatformAccess, due: readonly DueDocument[], again: boolean): Promise<number> {
    try {
      await this.#push(access, due);
      return due.length;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (due.length > 1) {
        let confirmed = 0;
        for (const d of due) confirmed += await this.#pushIsolating(access, [d], again);
        return confirmed;
      }
      const [d] = due as [DueDocument];
      this.o.outbox.setAside(d, error.message, this.o.clock.now());
      const log = { operationId: d.operationId, revision: d.revision, reason: error.message };
      if (again) this.o.logger.warn(log, 'a fiscal document set aside is refused again; it stays aside');
      else this.o.logger.error(log, 'a fiscal document was refused; it is set aside, the later ones go on');
      return 0;
    }
  }

  async #push(access: PlatformAccess, due: readonly DueDocument[]): Promise<void> {
    // Asked at each push: a sync may have learnt that the cloud was upgraded or rolled back.
    const signedReportAmounts = access.cloudCapabilities.includes(CLOUD_CAPABILITIES.signedReportAmounts);
    const documents = due.map((d) => this.#document(d, { signedReportAmounts }));
    const client = new DeviceClient(access.cloudUrl, () => access.deviceCredential, this.o.timeoutMs);
    const { results } = await client.pushDocuments(documents);
    const accepted = new Set(results.map((r) => r.operationId));
    const confirmed = due.filter((d) => accepted.has(d.operationId));
    if (confirmed.length !== due.length) {
      throw new Error(`the cloud confirmed ${confirmed.length} of ${due.length} documents`);
    }
    this.o.outbox.confirm(confirmed);
  }

  #document(d: DueDocument, cloud: { signedReportAmounts: boolean }): PushedDocument {
    const op = this.o.operations.get(d.operationId);
    if (!op) throw new Error(`fiscal operation ${d.operationId} vanished`);
    const sale = d.saleId ? (this.o.sales.get(d.saleId) ?? null) : null;
    const refund = d.refundId ? (this.o.refunds.get(d.refundId) ?? null) : null;
    const refundedSale = refund ? (this.o.sales.get(refund.saleId) ?? null) : null;
    try {
      return platformDocument(
        op,
        d.revision,
        { sale, refund, refundedSale },
        { registrationNumber: this.o.registrationNumber, timeZone: this.o.timeZone },
        cloud,
      );
    } catch (error) {
      // Only the building, which reads nothing: a failed read (the disk) is retried, not set aside.
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnbuildableDocument(`The terminal cannot build the document: ${reason}`);
    }
  }
}
