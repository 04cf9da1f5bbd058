/**
 * How the terminal gets its CardTerminal at start:
 * - CARD_TERMINAL=none: none (card payments without an RRN answer 503 CARD_TERMINAL_UNAVAILABLE);
 * - otherwise the ECR driver to CARD_TERMINAL_URL (in development, the card-sim that
 *   src/dev/ started).
 */
import type { EndpointConfig } from '../config.js';
import type { CardTerminal } from './card-terminal.js';
import { HttpCardTerminal } from './http-card-terminal.js';

export function openCardTerminal(config: EndpointConfig): CardTerminal | null {
  if (config.cardTerminalUrl === null) return null;
  return new HttpCardTerminal({
    url: config.cardTerminalUrl,
    connectTimeoutMs: config.cardConnectTimeoutMs,
    requestTimeoutMs: config.cardRequestTimeoutMs,
  });
}
