/** Start-time configuration from the environment. */
import { resolve } from 'node:path';
import { z } from 'zod';
import { ECR_OPERATIONS } from './protocol/index.js';
import { DEFAULT_FAULT_SETTINGS, FAULT_MODES, type FaultSettings } from './faults/fault-switch.js';

export interface CardSimConfig {
  host: string;
  port: number;
  adminPort: number;
  dataDir: string;
  adminToken: string | null;
  /** The bank's id of this card terminal, in every answer. */
  terminalId: string;
  fault: FaultSettings;
}

const port = z.coerce.number().int().min(0).max(65_535);

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8650),
  ADMIN_PORT: port.default(8651),
  DATA_DIR: z.string().min(1).default('.data/card-sim'),
  ADMIN_TOKEN: z.string().min(1).optional(),
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
    host: parsed.HOST,
    port: parsed.PORT,
    adminPort: parsed.ADMIN_PORT,
    dataDir: resolve(parsed.DATA_DIR),
    adminToken: parsed.ADMIN_TOKEN ?? null,
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
