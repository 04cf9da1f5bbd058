import { resolve } from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65_535);

/** Where a simulator listens and keeps its data, as every simulator reads it from its environment. */
export interface SimulatorListenConfig {
  host: string;
  port: number;
  adminPort: number;
  dataDir: string;
  adminToken: string | null;
}

/** The environment variables every simulator takes: HOST, PORT, ADMIN_PORT, DATA_DIR, ADMIN_TOKEN. */
export function simulatorEnvFields(defaults: { port: number; adminPort: number; dataDir: string }) {
  return {
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(defaults.port),
    ADMIN_PORT: port.default(defaults.adminPort),
    DATA_DIR: z.string().min(1).default(defaults.dataDir),
    ADMIN_TOKEN: z.string().min(1).optional(),
  };
}

export function simulatorListenConfig(env: {
  HOST: string;
  PORT: number;
  ADMIN_PORT: number;
  DATA_DIR: string;
  ADMIN_TOKEN?: string | undefined;
}): SimulatorListenConfig {
  return {
    host: env.HOST,
    port: env.PORT,
    adminPort: env.ADMIN_PORT,
    dataDir: resolve(env.DATA_DIR),
    adminToken: env.ADMIN_TOKEN ?? null,
  };
}
