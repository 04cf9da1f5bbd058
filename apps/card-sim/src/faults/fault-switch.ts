/**
 * The simulator's fault modes, switchable at run time (PUT /admin/fault) and at start
 * (CARD_FAULT_* environment variables). `operations` limits a mode to some operations (all
 * by default), so a test can make purchases hang while reversals still answer; `amounts` limits
 * it to requests of some amounts (in bani), as a bank's test host declines "magic" amounts.
 *
 * - ok: normal service.
 * - decline: new purchases, voids and refunds are declined with `declineCode` and
 *   `declineReason` (reversals are never declined: they only cancel).
 * - down: the ECR listener is closed, connections are refused (ECONNREFUSED); nothing is sent.
 * - slow: the request is processed, then the answer waits `delayMs`. A driver that gives up
 *   meanwhile does not know that the card was charged: the case reversal exists for.
 * - hang: the request is processed and never answered.
 * - error: every request gets the protocol error TERMINAL_ERROR with `errorMessage`;
 *   nothing is processed.
 * - refund-needs-auth-code: the bank wants the purchase's authorisation code with every
 *   refund; a refund without one is the protocol error AUTH_CODE_REQUIRED.
 */
import { z } from 'zod';
import { DECLINE_CODES, ECR_OPERATIONS, type EcrOperation } from '@fiscal-pos/ecr-protocol';

export const FAULT_MODES = [
  'ok',
  'decline',
  'down',
  'slow',
  'hang',
  'error',
  'refund-needs-auth-code',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const faultSettingsSchema = z.strictObject({
  mode: z.enum(FAULT_MODES),
  delayMs: z.int().min(0).max(600_000).optional(),
  declineCode: z
    .string()
    .regex(/^[A-Z0-9_]{1,40}$/)
    .optional(),
  declineReason: z.string().min(1).max(200).optional(),
  errorMessage: z.string().min(1).max(200).optional(),
  operations: z.array(z.enum(ECR_OPERATIONS)).min(1).optional(),
  amounts: z.array(z.int().min(1)).min(1).nullable().optional(),
});

export type FaultSettingsInput = z.infer<typeof faultSettingsSchema>;

export interface FaultSettings {
  mode: FaultMode;
  delayMs: number;
  declineCode: string;
  declineReason: string;
  errorMessage: string;
  operations: EcrOperation[];
  /** null: every amount. */
  amounts: number[] | null;
}

export const DEFAULT_FAULT_SETTINGS: FaultSettings = {
  mode: 'ok',
  delayMs: 2000,
  declineCode: 'DO_NOT_HONOUR',
  declineReason: DECLINE_CODES.DO_NOT_HONOUR,
  errorMessage: 'simulated fault of the card terminal',
  operations: [...ECR_OPERATIONS],
  amounts: null,
};

export class FaultSwitch {
  #settings: FaultSettings;

  constructor(initial: FaultSettings) {
    this.#settings = initial;
  }

  get settings(): FaultSettings {
    return this.#settings;
  }

  /** Fields left out keep their values, except `operations` and `amounts`, which fall back to all. */
  set(input: FaultSettingsInput): FaultSettings {
    this.#settings = {
      mode: input.mode,
      delayMs: input.delayMs ?? this.#settings.delayMs,
      declineCode: input.declineCode ?? this.#settings.declineCode,
      declineReason: input.declineReason ?? this.#settings.declineReason,
      errorMessage: input.errorMessage ?? this.#settings.errorMessage,
      operations: input.operations ?? [...ECR_OPERATIONS],
      amounts: input.amounts ?? null,
    };
    return this.#settings;
  }

  /** The mode that applies to one request: `ok` outside the configured operations and amounts. */
  modeFor(operation: EcrOperation, amount?: number): FaultMode {
    const { operations, amounts, mode } = this.#settings;
    if (!operations.includes(operation)) return 'ok';
    if (amounts !== null && (amount === undefined || !amounts.includes(amount))) return 'ok';
    return mode;
  }
}
