// What the document-push tests share: a terminal activated against a real cloud and started
// fiscal with mev-sim, pushing its documents at once (no catalog sync in between).
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { readStoredApiKey } from '../../src/storage/api-key-file.js';
import { tempDir, type TerminalHandle, type useSimulator } from '../support/terminal-harness.js';

/** Activates into a fresh DATA_DIR with `activationCode` at `cloudUrl`, then starts the terminal. */
export async function startPushingTerminal(
  env: ReturnType<typeof useSimulator>,
  o: { cloudUrl: string; activationCode: string; name: string },
): Promise<{ terminal: TerminalHandle; apiKey: string }> {
  const dataDir = tempDir(o.name);
  await activateTerminal({ cloudUrl: o.cloudUrl, code: o.activationCode, dataDir });
  const apiKey = readStoredApiKey(dataDir)!;
  const defaults = loadTerminalConfig({});
  const terminal = await env.start({
    dataDir,
    card: 'none',
    config: {
      platform: { ...defaults.platform, catalogSyncIntervalMs: 600_000 },
      platformPush: { batchSize: 100, pollMs: 50, retryBaseMs: 50, retryMaxMs: 200 },
    },
  });
  return { terminal, apiKey };
}
