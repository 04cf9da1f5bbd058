/**
 * The simulator's fault modes, switchable at run time (PUT /admin/fault) and at start
 * (MEV_FAULT_* environment variables).
 *
 * - ok: normal service.
 * - down: the SOAP listener is closed, connections are refused (ECONNREFUSED).
 * - slow: the request is processed, then the answer waits `delayMs`. A client that gives up
 *   meanwhile has been registered anyway, which is the case deduplication exists for.
 * - hang: the request is accepted and never answered.
 * - fault: every request gets a SOAP fault SIMULATED_FAULT with `faultReason`.
 * - flaky: a fraction `failRate` of requests has its connection dropped before any answer
 *   (nothing registered); the draw is a seeded PRNG, so a run is reproducible.
 * - expired-cert: the server sees every client certificate as expired (fault CERTIFICATE_EXPIRED).
 * - large-batch-fault: a batch of more than `largeBatchAbove` operations is faulted as a whole
 *   (MALFORMED_REQUEST, nothing registered): a server with a lower batch limit than the contract's.
 * - large-batch-hang: such a batch is accepted and never answered: a server too slow for it.
 * - poison: any request carrying the operation `poisonOperationId` is faulted as a whole
 *   (MALFORMED_REQUEST, nothing registered): a server that chokes on one operation and, for a
 *   batch, faults all of it instead of refusing that operation alone as the contract asks.
 *   Smaller and single requests without it are served normally.
 */
import { z } from 'zod';
import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-protocol';
import { mulberry32 } from '@fiscal-pos/sim-kit';

export const FAULT_MODES = [
  'ok',
  'down',
  'slow',
  'hang',
  'fault',
  'flaky',
  'expired-cert',
  'large-batch-fault',
  'large-batch-hang',
  'poison',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultSettingsSchema = z.object({
  mode: z.enum(FAULT_MODES),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  failRate: z.number().min(0).max(1).optional(),
  faultReason: z.string().min(1).max(500).optional(),
  seed: z.number().int().optional(),
  largeBatchAbove: z.number().int().min(1).max(MEV_BATCH_MAX_OPERATIONS).optional(),
  poisonOperationId: z.uuid().nullable().optional(),
});

export type FaultSettingsInput = z.infer<typeof faultSettingsSchema>;

export interface FaultSettings {
  mode: FaultMode;
  delayMs: number;
  failRate: number;
  faultReason: string;
  seed: number;
  /** large-batch-*: batches of more operations than this are faulted or never answered. */
  largeBatchAbove: number;
  /** poison: the operation UUID that faults any request carrying it. */
  poisonOperationId: string | null;
}

export const DEFAULT_FAULT_SETTINGS: FaultSettings = {
  mode: 'ok',
  delayMs: 2000,
  failRate: 0.5,
  faultReason: 'simulated fault of the fiscal server',
  seed: 1,
  largeBatchAbove: 10,
  poisonOperationId: null,
};

export class FaultSwitch {
  #settings: FaultSettings;
  #random: () => number;

  constructor(initial: FaultSettings) {
    this.#settings = initial;
    this.#random = mulberry32(initial.seed);
  }

  get settings(): FaultSettings {
    return this.#settings;
  }

  /** Fields left out keep their current values; a given seed restarts the flaky sequence. */
  set(input: FaultSettingsInput): FaultSettings {
    this.#settings = {
      mode: input.mode,
      delayMs: input.delayMs ?? this.#settings.delayMs,
      failRate: input.failRate ?? this.#settings.failRate,
      faultReason: input.faultReason ?? this.#settings.faultReason,
      seed: input.seed ?? this.#settings.seed,
      largeBatchAbove: input.largeBatchAbove ?? this.#settings.largeBatchAbove,
      poisonOperationId:
        input.poisonOperationId === undefined
          ? this.#settings.poisonOperationId
          : (input.poisonOperationId?.toLowerCase() ?? null),
    };
    if (input.seed !== undefined) this.#random = mulberry32(input.seed);
    return this.#settings;
  }

  /** In flaky mode: should this request fail? */
  drawFailure(): boolean {
    return this.#random() < this.#settings.failRate;
  }
}
