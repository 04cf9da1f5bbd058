/**
 * The printer's fault modes, switchable at run time (PUT /admin/fault) and at start
 * (PRINTER_FAULT_MODE):
 * - ok: prints.
 * - offline: the TCP listener is closed, connections are refused.
 * - paper-out / cover-open: status says so; print data is discarded, as a stopped printer does.
 * - paper-near-end: prints, and the paper sensor status says the roll is nearly out.
 * - disconnect-mid-job: the connection is dropped once a job's first line arrives.
 * - slow: every status answer and every cut waits `delayMs`.
 * - silent-after-job: prints, then answers no status request on the connection that carried the
 *   job (a printer busy or hung after the paper came out): the driver cannot know it printed.
 */
import { z } from 'zod';
import type { PrinterCondition } from '../escpos/status-bytes.js';

export const FAULT_MODES = [
  'ok',
  'offline',
  'paper-out',
  'cover-open',
  'paper-near-end',
  'disconnect-mid-job',
  'slow',
  'silent-after-job',
] as const;
type FaultMode = (typeof FAULT_MODES)[number];

export const faultSettingsSchema = z.strictObject({
  mode: z.enum(FAULT_MODES),
  delayMs: z.int().min(0).max(600_000).optional(),
});

export type FaultSettingsInput = z.infer<typeof faultSettingsSchema>;

export interface FaultSettings {
  mode: FaultMode;
  delayMs: number;
}

export class FaultSwitch {
  #settings: FaultSettings;

  constructor(initial: FaultSettings) {
    this.#settings = initial;
  }

  get settings(): FaultSettings {
    return this.#settings;
  }

  set(input: FaultSettingsInput): FaultSettings {
    this.#settings = { mode: input.mode, delayMs: input.delayMs ?? this.#settings.delayMs };
    return this.#settings;
  }

  condition(): PrinterCondition {
    const { mode } = this.#settings;
    return {
      coverOpen: mode === 'cover-open',
      paperOut: mode === 'paper-out',
      paperNearEnd: mode === 'paper-near-end',
    };
  }
}
