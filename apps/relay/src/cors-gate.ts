/**
 * CORS at `{relay_url}`, when RELAY_CORS_ORIGINS lists origins: the relay answers a browser's
 * preflight itself (it carries no key and must not spend a terminal's budget or wait on its
 * link), and stamps the headers on every answer, its own refusals included, so a page can read
 * why a call failed. The terminal's own CORS headers are then dropped from what it forwards
 * (forward.ts), so an answer never carries two. Without the list the relay passes preflights
 * and answers through, and the terminal's CORS_ORIGINS decides, as on the LAN.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from 'cors';
import {
  isPreflight,
  PRIVATE_NETWORK_ALLOW,
  PRIVATE_NETWORK_REQUEST,
  TERMINAL_API_CORS,
} from '@fiscal-pos/cors-policy';

/** Resolves true when the gate answered the request (a preflight), false to go on. */
export type CorsGate = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export function corsGate(origins: readonly string[]): CorsGate | null {
  if (origins.length === 0) return null;
  const allowed = new Set(origins);
  const middleware = cors({ origin: [...origins], ...TERMINAL_API_CORS });
  return (req, res) => {
    const origin = req.headers.origin;
    if (
      isPreflight(req.method, req.headers) &&
      req.headers[PRIVATE_NETWORK_REQUEST] === 'true' &&
      origin !== undefined &&
      allowed.has(origin)
    ) {
      res.setHeader(PRIVATE_NETWORK_ALLOW, 'true');
    }
    return new Promise((resolve, reject) => {
      // The middleware ends a preflight itself, at once, and calls next() for everything else.
      middleware(req, res, (error?: unknown) =>
        error === undefined
          ? resolve(false)
          : reject(error instanceof Error ? error : new Error('CORS check failed', { cause: error })),
      );
      if (res.writableEnded) resolve(true);
    });
  };
}

/** Whether a header of the terminal's answer is CORS, which the relay owns when its gate is on. */
export const isCorsHeader = (name: string): boolean => name.toLowerCase().startsWith('access-control-');
