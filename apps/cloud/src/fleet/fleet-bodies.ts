// What the console sends for the fleet (request bodies and path parameters). The page validates
// its forms with these very schemas, so this module imports nothing but zod and other schema
// modules: it is bundled into the browser (docs/console.md, "Adding a page").
import { z } from 'zod';
import { graceSeconds } from '../keys/grace-seconds.js';
import { Scope } from '../keys/scopes.js';

const TerminalName = z.string().trim().min(1).max(100);
export const ConsoleTerminalParams = z.object({ terminalId: z.string().max(100) });
export const ConsoleTerminalNameBody = z.object({ name: TerminalName }).meta({ id: 'ConsoleTerminalName' });
export const ConsoleRotateTerminalKeyBody = z
  .object({
    graceSeconds: graceSeconds('How long the terminal’s current key keeps working once it has the new one'),
  })
  .meta({ id: 'ConsoleRotateTerminalKey' });

export const ConsoleKeyParams = z.object({ keyId: z.string().max(100) });
export const ConsoleCreateKeyBody = z
  .object({
    scopes: z.array(Scope).min(1).describe('What the key may do'),
    name: z.string().trim().min(1).max(100).optional().describe('A label: which shop or ERP uses it'),
  })
  .meta({ id: 'ConsoleCreateIntegrationKey' });
export const ConsoleRotateKeyBody = z
  .object({ graceSeconds: graceSeconds('How long the old key keeps working (default 24 h; 0 ends it now)') })
  .meta({ id: 'ConsoleRotateIntegrationKey' });

export const IntegrationModule = z
  .object({ active: z.boolean().describe('Whether the merchant’s keys may use the integration API') })
  .meta({ id: 'ConsoleIntegrationModule' });
