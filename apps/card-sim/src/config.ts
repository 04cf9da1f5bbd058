/** Start-time configuration from the environment. */
import { simulatorEnvFields, simulatorListenConfig, type SimulatorListenConfig } from '@fiscal-pos/sim-kit';
import { z } from 'zod';
import { ECR_OPERATIONS } from '@fiscal-pos/ecr-protocol';
import { DEFAULT_FAULT_SETTINGS, FAULT_MODES, type FaultSettings } from './faults/fault-switch.js';

export interface CardSimConfig extends SimulatorListenConfig {
  /** The bank's id of this card terminal, in every answer. */
  terminalId: string;
  fault: FaultSettings;
}

const envSchema = z.object({
  ...simulatorEnvFields({ port: 8650, adminPort: 8651, dataDir: '.data/card-sim' }),
  CARD_SIM_TERMINAL_ID: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/)
    .default('CT000001'),
  CARD_FAULT_MODE: z.enum(FAULT_MODES).default('ok'),
  CARD_FAULT_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_FAULT_SETTINGS.delayMs),
  CARD_FAULT_DECLINE_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{1,40}$/)
    .default(DEFAULT_FAULT_SETTINGS.declineCode),
  CARD_FAULT_DECLINE_REASON: z.string().min(1).max(200).default(DEFAULT_FAULT_SETTINGS.declineReason),
  CARD_FAULT_ERROR_MESSAGE: z.string().min(1).max(200).default(DEFAULT_FAULT_SETTINGS.errorMessage),
  /** Comma-separated operations the fault applies to; all when unset. */
  CARD_FAULT_OPERATIONS: z
    .string()
    .transform((list) => list.split(',').map((name) => name.trim()))
    .pipe(z.array(z.enum(ECR_OPERATIONS)).min(1))
    .optional(),
});

export function configFromEnv(env: NodeJS.ProcessEnv): CardSimConfig {
  const parsed = envSchema.parse(env);
  return {
    ...simulatorListenConfig(parsed),
    terminalId: parsed.CARD_SIM_TERMINAL_ID,
    fault: {
      mode: parsed.CARD_FAULT_MODE,
      delayMs: parsed.CARD_FAULT_DELAY_MS,
      declineCode: parsed.CARD_FAULT_DECLINE_CODE,
      declineReason: parsed.CARD_FAULT_DECLINE_REASON,
      errorMessage: parsed.CARD_FAULT_ERROR_MESSAGE,
      operations: parsed.CARD_FAULT_OPERATIONS ?? [...ECR_OPERATIONS],
      amounts: null,
    },
  };
}
