import type { Clock } from '../clock.js';
import {
  PrinterNotReadyError,
  printsIn,
  type PrintDocument,
  type PrinterState,
  type ReceiptPrinter,
} from './receipt-printer.js';

export interface PrinterSnapshot {
  state: PrinterState;
  lastCheckedAt: string | null;
  lastError: string | null;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The printer as health, metrics and the print queue see it: every job and status request
 * through here notes what the printer said. A snapshot never waits for the device: when the
 * last word is older than `maxAgeMs` a status request starts in the background. When the
 * printer comes back (not printing → printing) `onBack` runs, so that queued jobs print at once.
 */
export class MonitoredPrinter implements ReceiptPrinter {
  #state: PrinterState;
  #checkedAt: string | null = null;
  #lastError: string | null = null;
  #checking: Promise<unknown> | null = null;

  constructor(
    private readonly printer: ReceiptPrinter,
    private readonly clock: Clock,
    private readonly maxAgeMs: number,
    private readonly onBack: () => void,
  ) {
    this.#state = printer.available ? 'unknown' : 'none';
  }

  get available(): boolean {
    return this.printer.available;
  }

  get address(): string {
    return this.printer.address;
  }

  async print(document: PrintDocument, beforeSend?: () => void): Promise<PrinterState> {
    // A refusal of the caller's own (its record of the send) says nothing about the printer.
    let refusedBeforeSend = false;
    const guarded =
      beforeSend &&
      (() => {
        try {
          beforeSend();
        } catch (error) {
          refusedBeforeSend = true;
          throw error;
        }
      });
    try {
      const state = await this.printer.print(document, guarded);
      this.#note(state, null);
      return state;
    } catch (error) {
      if (refusedBeforeSend) throw error;
      if (error instanceof PrinterNotReadyError) this.#note(error.state, error.message);
      else {
        // The job failed half way: what the printer is now is worth asking at once.
        this.#lastError = reasonOf(error);
        this.#check();
      }
      throw error;
    }
  }

  async status(): Promise<PrinterState> {
    try {
      const state = await this.printer.status();
      this.#note(state, null);
      return state;
    } catch (error) {
      this.#note('unreachable', reasonOf(error));
      return 'unreachable';
    }
  }

  snapshot(): PrinterSnapshot {
    if (this.printer.available && this.#stale()) this.#check();
    return { state: this.#state, lastCheckedAt: this.#checkedAt, lastError: this.#lastError };
  }

  /** Resolves once no background status request is running. */
  async idle(): Promise<void> {
    await this.#checking;
  }

  #check(): void {
    if (this.#checking !== null) return;
    this.#checking = this.status().finally(() => {
      this.#checking = null;
    });
  }

  #stale(): boolean {
    return (
      this.#checkedAt === null || this.clock.now().getTime() - Date.parse(this.#checkedAt) >= this.maxAgeMs
    );
  }

  #note(state: PrinterState, error: string | null): void {
    const back = printsIn(state) && !printsIn(this.#state);
    this.#state = state;
    this.#checkedAt = this.clock.now().toISOString();
    if (error !== null || printsIn(state)) this.#lastError = error;
    if (back) this.onBack();
  }
}
