import { dayVatTables, vatTableToJson, type DayVatTables, type VatTable } from '@fiscal-pos/fiscal';
import type { Logger } from 'pino';
import type { TerminalStateStore } from './terminal-state-store.js';

export interface DayVatRatesOptions {
  state: TerminalStateStore;
  /** The table configured now: the cloud's once an activated terminal synced it, else VAT_RATES. */
  configured: () => VatTable;
  logger: Logger;
}

/**
 * The VAT rates of the fiscal day as the terminal uses and shows them (the rule is
 * dayVatTables in packages/fiscal): the table in use, and a configured one waiting for the
 * day's Z report, said once in the log when it starts waiting and when it no longer does.
 */
export class DayVatRates {
  /** The pending table last logged, as text; null: none. */
  #logged: string | null = null;

  constructor(private readonly o: DayVatRatesOptions) {}

  /**
   * The table a document is computed with now: what a sale's request is parsed with (the fiscal
   * lock checks it again, perform-fiscal-operation.ts), and what a delivery lot is priced with.
   */
  inUse(): VatTable {
    return this.o.state.dayVatTable() ?? this.o.configured();
  }

  tables(): DayVatTables {
    return dayVatTables(this.o.state.dayVatTable(), this.o.configured());
  }

  /**
   * Logs a configured table that now waits for the Z report, or that no longer does (the Z
   * report put it in use, or the configuration went back to the day's). Called where the
   * tables can change: at start (VAT_RATES), after a sync with the cloud, after a Z report.
   */
  notice(): void {
    const { inUse, pending } = this.tables();
    const waiting = pending === null ? null : vatTableToJson(pending);
    if (waiting === this.#logged) return;
    const rates = { inUse: vatTableToJson(inUse), pending: waiting };
    if (waiting !== null) {
      this.o.logger.warn(
        rates,
        'the configured VAT rates differ from those of the open fiscal day: they take effect after its Z report',
      );
    } else {
      this.o.logger.info(rates, 'no VAT rates wait for a Z report any more: the configured ones are in use');
    }
    this.#logged = waiting;
  }
}
