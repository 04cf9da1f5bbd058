// What the platform tests of one file share: a real cloud (test-cloud.ts) with one merchant,
// terminals activated against it in their own DATA_DIR, and the clean-up of all of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import { loadTerminalConfig } from '../../src/config.js';
import { activateTerminal } from '../../src/platform/activate-terminal.js';
import { removeDir, startTerminal, tempDir, type TerminalHandle } from './terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from './test-cloud.js';

export class PlatformWorld {
  cloud!: TestCloud;
  merchantId!: string;
  readonly #dirs: string[] = [];
  readonly #terminals: TerminalHandle[] = [];

  async start(): Promise<void> {
    this.cloud = await startCloudForTerminals();
    this.merchantId = await this.cloud.merchant();
  }

  async stop(): Promise<void> {
    for (const terminal of this.#terminals) await terminal.stop();
    await this.cloud?.close();
    for (const dir of this.#dirs) removeDir(dir);
  }

  /** An empty DATA_DIR, removed after the file's tests. */
  freshDir(): string {
    const dir = tempDir('platform');
    this.#dirs.push(dir);
    return dir;
  }

  /** A new terminal of the merchant, activated into a fresh DATA_DIR; its X-API-Key from the cloud. */
  async activated(name?: string): Promise<{ dataDir: string; terminalId: string; key: string }> {
    const { terminalId, activationCode } = await this.cloud.terminal(this.merchantId, name);
    const dataDir = this.freshDir();
    await activateTerminal({ cloudUrl: this.cloud.url, code: activationCode, dataDir });
    return { dataDir, terminalId, key: readFileSync(join(dataDir, 'api-key'), 'utf8').trim() };
  }

  /** Serves the terminal of `dataDir` (not fiscal); it syncs at start and on demand only. */
  async serve(dataDir: string, clock?: Clock): Promise<TerminalHandle> {
    return this.keep(
      await startTerminal({
        dataDir,
        fiscalization: 'not_fiscal',
        ...(clock ? { clock } : {}),
        config: { platform: { ...loadTerminalConfig({}).platform, catalogSyncIntervalMs: 600_000 } },
      }),
    );
  }

  /** Stopped with the world. */
  keep(terminal: TerminalHandle): TerminalHandle {
    this.#terminals.push(terminal);
    return terminal;
  }
}

/** The console of a command, captured. */
export function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return { out: { log: (t: string) => lines.push(t), error: (t: string) => errors.push(t) }, lines, errors };
}
