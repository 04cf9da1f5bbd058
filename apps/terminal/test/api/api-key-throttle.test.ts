/**
 * Wrong X-API-Key values are guesses: after a few from one address, that address waits (429,
 * Retry-After) whatever key it sends, loopback included, while other addresses keep working with
 * the right key. A standalone API_KEY too short to resist guessing is refused at start.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { API_KEY, removeDir, startTerminal, type TerminalHandle } from '../support/terminal-harness.js';

let terminal: TerminalHandle;
beforeAll(async () => {
  terminal = await startTerminal({
    fiscalization: 'not_fiscal',
    config: { apiKeyRefusals: { max: 3, windowMs: 60_000 } },
  });
});
afterAll(async () => {
  await terminal.stop();
  removeDir(terminal.dataDir);
});

/** GET /api/printer/jobs (a path that asks for the key) from the given loopback address. */
function from(
  localAddress: string,
  key: string,
): Promise<{ status: number; retryAfter: string | undefined; code: string }> {
  const url = new URL('/api/printer/jobs', terminal.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress, headers: { 'x-api-key': key } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const body = JSON.parse(text) as { error?: { code: string } };
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          code: body.error?.code ?? 'none',
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('wrong X-API-Key values', () => {
  it('close one address for a while after repeated guesses, the right key included, and no other', async () => {
    for (let i = 0; i < 3; i++) expect(await from('127.0.0.2', `guess-${i}`)).toMatchObject({ status: 401 });
    const closed = await from('127.0.0.2', 'guess-3');
    expect(closed).toMatchObject({ status: 429, code: 'TOO_MANY_INVALID_KEYS' });
    expect(Number(closed.retryAfter)).toBeGreaterThan(0);
    // The right key from the closed address would tell the guesser that it is the right one.
    expect(await from('127.0.0.2', API_KEY)).toMatchObject({ status: 429, code: 'TOO_MANY_INVALID_KEYS' });
    // Another address (the cashier's ERP) is not affected.
    expect((await from('127.0.0.3', API_KEY)).status).toBe(200);
  });

  it('a missing key is no guess and is not counted', async () => {
    for (let i = 0; i < 5; i++) expect((await from('127.0.0.4', '')).status).toBe(401);
    expect((await from('127.0.0.4', API_KEY)).status).toBe(200);
  });
});

describe('API_KEY', () => {
  it('is refused at start when shorter than 32 characters', () => {
    expect(() => loadTerminalConfig({ API_KEY: 'secret-0123456789' })).toThrow(/at least 32 characters/);
    expect(loadTerminalConfig({ API_KEY: 'k'.repeat(32) }).apiKey).toBe('k'.repeat(32));
    expect(loadTerminalConfig({}).apiKey).toBeNull();
  });
});
