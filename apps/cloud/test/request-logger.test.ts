import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from '../src/http/request-logger.js';

/** A pino logger at `level` whose lines land in `lines`, parsed. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("a request's logger", () => {
  it('above info, makes the child only for a line it writes, with the request id bound', async () => {
    const { logger, lines } = capture('warn');
    const children = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { reqId: 'req_1' }, {});
    log.info({ req: 'GET /ping' }, 'incoming request');
    log.info('request completed');
    expect(children).not.toHaveBeenCalled();
    log.warn({ detail: 1 }, 'a warning %s', 'here');
    log.error('an error');
    await flush();
    expect(children).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { level: 40, reqId: 'req_1', detail: 1, msg: 'a warning here' },
      { level: 50, reqId: 'req_1', msg: 'an error' },
    ]);
    expect(log.level).toBe('warn');
  });

  it('at info, is pino’s child at once and writes the request lines', async () => {
    const { logger, lines } = capture('info');
    const log = requestLogger(logger, { reqId: 'req_2' }, {});
    log.info('incoming request');
    log.debug('not written');
    await flush();
    expect(lines).toMatchObject([{ level: 30, reqId: 'req_2', msg: 'incoming request' }]);
    expect(lines).toHaveLength(1);
  });
});
