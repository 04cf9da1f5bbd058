// What the administration API and the merchant console send for a terminal (path parameter and
// request bodies): one schema each for both. The console's page validates its forms with these
// very schemas, so this module imports nothing but zod and other schema modules: it is bundled
// into the browser (docs/console.md, "Adding a page").
import { z } from 'zod';
import { graceSeconds } from '../keys/grace-seconds.js';

export const TerminalIdParams = z.object({ terminalId: z.string().max(100) });

/** Creating and renaming a terminal take the same body. */
export const TerminalNameBody = z
  .object({ name: z.string().trim().min(1).max(100) })
  .meta({ id: 'TerminalName' });

export const RotateTerminalApiKeyBody = z
  .object({
    graceSeconds: graceSeconds(
      'How long the old key keeps working once the terminal has the new one (default 24 h)',
    ),
  })
  .meta({ id: 'RotateTerminalApiKey' });
