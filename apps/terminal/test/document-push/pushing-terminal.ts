// What the document-push tests share: a terminal activated against a real cloud and started
// fiscal with mev-sim, pushing its documents at once (no catalog sync in between).
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { readStoredApiKey } from '../../src/storage/api-key-file.js';
import { tempDir, type TerminalHandle, type useSimulator } from '../support/terminal-harness.js';

type Env = ReturnType<typeof useSimulator>;

interface Push {
  /** PLATFORM_PUSH_REFUSED_RETRY_MS; the default (6 hours) otherwise. */
  refusedRetryMs?: number;
}

function startPushing(
  env: Env,
  o: { dataDir: string; material?: TerminalHandle['material'] },
  push: Push = {},
) {
  const defaults = loadTerminalConfig({});
  return env.start({
    ...o,
    card: 'none',
    config: {
      // A change worth reporting (a document refused) reaches the cloud's health record at once.
      platform: { ...defaults.platform, catalogSyncIntervalMs: 600_000, healthReportCheckMs: 100 },
      platformPush: {
        ...defaults.platformPush,
        batchSize: 100,
        pollMs: 50,
        retryBaseMs: 50,
        retryMaxMs: 200,
        ...push,
      },
    },
  });
}

/** Activates into a fresh DATA_DIR with `activationCode` at `cloudUrl`, then starts the terminal. */
export async function startPushingTerminal(
  env: Env,
  o: { cloudUrl: string; activationCode: string; name: string },
): Promise<{ terminal: TerminalHandle; apiKey: string }> {
  const dataDir = tempDir(o.name);
  await activateTerminal({ cloudUrl: o.cloudUrl, code: o.activationCode, dataDir });
  const apiKey = readStoredApiKey(dataDir)!;
  return { terminal: await startPushing(env, { dataDir }), apiKey };
}

/** Stops `terminal` and starts it again on the same data directory and fiscalization. */
export async function restartPushingTerminal(
  env: Env,
  terminal: TerminalHandle,
  push: Push = {},
): Promise<TerminalHandle> {
  await terminal.stop();
  return startPushing(env, { dataDir: terminal.dataDir, material: terminal.material }, push);
}
