/** Start-time configuration from the environment. */
import { simulatorEnvFields, simulatorListenConfig, type SimulatorListenConfig } from '@fiscal-pos/sim-kit';
import { z } from 'zod';
import { FAULT_MODES, type FaultSettings } from './faults/fault-switch.js';

export interface PrinterSimConfig extends SimulatorListenConfig {
  fault: FaultSettings;
}

const envSchema = z.object({
  ...simulatorEnvFields({ port: 9100, adminPort: 9101, dataDir: '.data/printer-sim' }),
  PRINTER_FAULT_MODE: z.enum(FAULT_MODES).default('ok'),
  PRINTER_FAULT_DELAY_MS: z.coerce.number().int().min(0).default(2000),
});

export function configFromEnv(env: NodeJS.ProcessEnv): PrinterSimConfig {
  const parsed = envSchema.parse(env);
  return {
    ...simulatorListenConfig(parsed),
    fault: { mode: parsed.PRINTER_FAULT_MODE, delayMs: parsed.PRINTER_FAULT_DELAY_MS },
  };
}
