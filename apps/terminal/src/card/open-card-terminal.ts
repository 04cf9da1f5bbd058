/**
 * How the terminal gets its CardTerminal at start:
 * - CARD_TERMINAL=none: none (card payments without an RRN answer 503 CARD_TERMINAL_UNAVAILABLE);
 * - CARD_TERMINAL_URL set: the ECR driver to that card terminal;
 * - neither (development, `npm start`): card-sim as a child process, data in DATA_DIR/card-sim.
 */
import { join } from 'node:path';
import { startCardSimProcess, type CardSimProcess } from '@fiscal-pos/card-sim';
import type { TerminalConfig } from '../config.js';
import type { CardTerminal } from './card-terminal.js';
import { HttpCardTerminal } from './http-card-terminal.js';

export interface OpenedCardTerminal {
  terminal: CardTerminal | null;
  /** The simulator child process, when one was started. */
  simulator: CardSimProcess | null;
}

export async function openCardTerminal(config: TerminalConfig): Promise<OpenedCardTerminal> {
  if (!config.cardTerminalEnabled) return { terminal: null, simulator: null };
  const connect = (url: string) =>
    new HttpCardTerminal({
      url,
      connectTimeoutMs: config.cardConnectTimeoutMs,
      requestTimeoutMs: config.cardRequestTimeoutMs,
    });
  if (config.cardTerminalUrl !== null) return { terminal: connect(config.cardTerminalUrl), simulator: null };
  const simulator = await startCardSimProcess({ dataDir: join(config.dataDir, 'card-sim') });
  return { terminal: connect(simulator.url), simulator };
}
