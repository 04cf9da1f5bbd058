/** Start-time configuration from the environment. */
import { simulatorEnvFields, simulatorListenConfig, type SimulatorListenConfig } from '@fiscal-pos/sim-kit';
import { z } from 'zod';
import { DEFAULT_FAULT_SETTINGS, FAULT_MODES, type FaultSettings } from './faults/fault-switch.js';
import { MEV_BATCH_MAX_OPERATIONS } from '@fiscal-pos/mev-protocol';

export interface MevSimConfig extends SimulatorListenConfig {
  fault: FaultSettings;
}

const envSchema = z.object({
  ...simulatorEnvFields({ port: 8443, adminPort: 8444, dataDir: '.data/mev-sim' }),
  MEV_FAULT_MODE: z.enum(FAULT_MODES).default('ok'),
  MEV_FAULT_DELAY_MS: z.coerce.number().int().min(0).default(DEFAULT_FAULT_SETTINGS.delayMs),
  MEV_FAULT_RATE: z.coerce.number().min(0).max(1).default(DEFAULT_FAULT_SETTINGS.failRate),
  MEV_FAULT_REASON: z.string().min(1).default(DEFAULT_FAULT_SETTINGS.faultReason),
  MEV_FAULT_SEED: z.coerce.number().int().default(DEFAULT_FAULT_SETTINGS.seed),
  MEV_FAULT_LARGE_BATCH_ABOVE: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEV_BATCH_MAX_OPERATIONS)
    .default(DEFAULT_FAULT_SETTINGS.largeBatchAbove),
  MEV_FAULT_POISON_OPERATION_ID: z.uuid().optional(),
});

export function configFromEnv(env: NodeJS.ProcessEnv): MevSimConfig {
  const parsed = envSchema.parse(env);
  return {
    ...simulatorListenConfig(parsed),
    fault: {
      mode: parsed.MEV_FAULT_MODE,
      delayMs: parsed.MEV_FAULT_DELAY_MS,
      failRate: parsed.MEV_FAULT_RATE,
      faultReason: parsed.MEV_FAULT_REASON,
      seed: parsed.MEV_FAULT_SEED,
      largeBatchAbove: parsed.MEV_FAULT_LARGE_BATCH_ABOVE,
      poisonOperationId: parsed.MEV_FAULT_POISON_OPERATION_ID?.toLowerCase() ?? null,
    },
  };
}
