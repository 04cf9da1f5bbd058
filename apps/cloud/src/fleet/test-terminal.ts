// The console's "test" button: the cloud calls the terminal's GET /api/health through the relay,
// as any client outside the shop would, and says what came back. The cloud holds no link to the
// terminal itself: it is a client of the relay's public address (RELAY_PUBLIC_URL), so the test
// crosses the same path as an ERP's request (relay node, cluster, the terminal's link), and
// /api/health needs no X-API-Key, which the cloud does not keep (only its hash).
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { CloudConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { ProblemError } from '../http/problem.js';
import { fleetTerminals } from './fleet-terminals.js';

/** How long the test waits for the terminal's answer (the relay's own deadline is 60 s). */
const TERMINAL_TEST_TIMEOUT_MS = 10_000;

export const TEST_OUTCOMES = [
  'ok',
  'relay_not_configured',
  'not_connected',
  'relay_error',
  'relay_unreachable',
  'timeout',
] as const;

export interface TerminalTestResult {
  outcome: (typeof TEST_OUTCOMES)[number];
  /** The status the relay or the terminal answered; null without an answer. */
  httpStatus: number | null;
  /** From the request to the whole answer, through the relay. */
  latencyMs: number | null;
  /** What the terminal's health said, when it answered. */
  terminal: { version: string; status: string; fiscalStatus: string } | null;
  /** The relay's error code or the failure, in words; null when ok. */
  detail: string | null;
  relayAddress: string | null;
  testedAt: Date;
}

/** What the test reads of the terminal's envelope, or of the relay's refusal (same envelope). */
const TerminalEnvelope = z.object({
  data: z.object({ version: z.string(), status: z.string(), fiscalStatus: z.string() }).nullish(),
  error: z.object({ code: z.string() }).nullish(),
});

function envelopeOf(text: string): z.infer<typeof TerminalEnvelope> | null {
  try {
    const parsed = TerminalEnvelope.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function callThroughRelay(
  address: string,
): Promise<Omit<TerminalTestResult, 'relayAddress' | 'testedAt'>> {
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${address}/api/health`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TERMINAL_TEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return {
      outcome: timedOut ? 'timeout' : 'relay_unreachable',
      httpStatus: null,
      latencyMs: null,
      terminal: null,
      detail: timedOut
        ? `No answer within ${TERMINAL_TEST_TIMEOUT_MS / 1000} s`
        : `${error instanceof Error ? error.message : String(error)}${cause}`,
    };
  }
  const latencyMs = Math.round(performance.now() - started);
  const envelope = envelopeOf(text);
  const data = envelope?.data;
  if (response.ok && data && typeof data.version === 'string') {
    return {
      outcome: 'ok',
      httpStatus: response.status,
      latencyMs,
      terminal: {
        version: data.version,
        status: String(data.status),
        fiscalStatus: String(data.fiscalStatus),
      },
      detail: null,
    };
  }
  const code = typeof envelope?.error?.code === 'string' ? envelope.error.code : null;
  return {
    outcome: code === 'TERMINAL_NOT_CONNECTED' ? 'not_connected' : 'relay_error',
    httpStatus: response.status,
    latencyMs,
    terminal: null,
    detail: code ?? `HTTP ${response.status}`,
  };
}

/** Tests one active terminal of the merchant through the relay; 404 for another merchant's. */
export async function testTerminal(
  ctx: { db: Db; clock: Clock; config: Pick<CloudConfig, 'relayPublicUrl'> },
  options: { merchantId: string; terminalId: string },
): Promise<TerminalTestResult> {
  const [terminal] = await fleetTerminals(ctx.db, {
    merchantId: options.merchantId,
    terminalId: options.terminalId,
    now: ctx.clock.now(),
    relayUrl: ctx.config.relayPublicUrl,
  });
  // fleetTerminals answers 404 for a terminal the merchant does not have.
  if (!terminal) throw new ProblemError('not_found', `No terminal ${options.terminalId}.`);
  const { status, relayAddress } = terminal;
  if (status !== 'active')
    throw new ProblemError(
      'terminal_status_conflict',
      `Terminal ${options.terminalId} is ${status}: only an active terminal can be tested.`,
    );
  const result: Omit<TerminalTestResult, 'relayAddress' | 'testedAt'> =
    relayAddress === null
      ? {
          outcome: 'relay_not_configured',
          httpStatus: null,
          latencyMs: null,
          terminal: null,
          detail: 'The cloud does not know the relay’s address (RELAY_PUBLIC_URL)',
        }
      : await callThroughRelay(relayAddress);
  return { ...result, relayAddress, testedAt: ctx.clock.now() };
}
