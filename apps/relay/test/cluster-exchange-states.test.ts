import { once } from 'node:events';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { portForLater } from '@fiscal-pos/sim-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_STATES,
  EXCHANGE_TRANSITIONS,
  encodeFrame,
  IllegalFrameError,
  linkSubject,
  nextExchangeState,
  type ReplyKind,
} from '../src/cluster-frames.js';
import { RelayRefusal } from '../src/forward.js';
import { RemoteExchange } from '../src/remote-exchange.js';
import { natsServerMissing, startNatsServer, type NatsServerProcess } from './nats-server-process.js';

const KINDS: readonly ReplyKind[] = ['accepted', 'head', 'data', 'end', 'alive', 'refused', 'aborted'];

describe('the cluster exchange’s table of states and frames', () => {
  it('allows exactly the documented frames in each state (docs/relay.md)', () => {
    const allowed = Object.fromEntries(
      EXCHANGE_STATES.map((state) => [state, KINDS.filter((kind) => EXCHANGE_TRANSITIONS[state][kind])]),
    );
    expect(allowed).toEqual({
      waiting: ['accepted', 'refused'],
      accepted: ['head', 'alive', 'refused'],
      answering: ['data', 'end', 'alive', 'aborted'],
      done: [],
    });
  });

  it('walks a whole answer and a refusal to done', () => {
    const walk = (kinds: ReplyKind[]) => kinds.reduce(nextExchangeState, 'waiting' as const);
    expect(walk(['accepted', 'alive', 'head', 'data', 'alive', 'data', 'end'])).toBe('done');
    expect(walk(['accepted', 'head', 'aborted'])).toBe('done');
    expect(walk(['refused'])).toBe('done');
    expect(walk(['accepted', 'alive', 'refused'])).toBe('done');
  });

  it.each([
    ['waiting', 'head'],
    ['waiting', 'data'],
    ['waiting', 'alive'],
    ['waiting', 'end'],
    ['accepted', 'accepted'],
    ['accepted', 'data'],
    ['accepted', 'end'],
    ['accepted', 'aborted'],
    ['answering', 'head'],
    ['answering', 'refused'],
    ['answering', 'accepted'],
    ['done', 'alive'],
    ['done', 'data'],
    ['done', 'refused'],
  ] as const)('refuses %s -> %s', (state, kind) => {
    expect(() => nextExchangeState(state, kind)).toThrow(IllegalFrameError);
  });
});

/*
 * The requester against a holder that breaks the table, over a real NATS server: the scripted
 * holder answers the request with the frames given, numbered in order, so only their order is
 * wrong. The exchange must fail (the client's 502 or cut connection), never pass bytes on.
 */
describe.skipIf(natsServerMissing() !== null)('a requesting node hearing frames out of order', () => {
  let nats: NatsServerProcess;
  let holder: NatsConnection;
  let requester: NatsConnection;
  let script: object[] = [];

  beforeAll(async () => {
    nats = await startNatsServer({ port: await portForLater() });
    holder = await connect({ servers: nats.url });
    requester = await connect({ servers: nats.url });
    holder.subscribe(linkSubject('terminal-under-test'), {
      callback: (_error, msg) => {
        script.forEach((head, seq) => holder.publish(msg.reply!, encodeFrame({ ...head, seq })));
      },
    });
    await holder.flush();
  });

  afterAll(async () => {
    await requester?.close();
    await holder?.close();
    await nats?.stop();
  });

  async function exchange(frames: object[]): Promise<{ error: unknown; response: boolean; bytes: number }> {
    script = frames;
    const remote = new RemoteExchange(
      requester,
      'terminal-under-test',
      { requestId: 'r1', method: 'GET', path: '/api/health', headers: {} },
      true,
      64 * 1024,
    );
    let response = false;
    let bytes = 0;
    remote.on('response', () => (response = true));
    remote.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const [error] = (await Promise.race([once(remote, 'error'), once(remote, 'end').then(() => [null])])) as [
      unknown,
    ];
    remote.close();
    return { error, response, bytes };
  }

  it('passes a whole answer in the table’s order (so the failures below are the order’s)', async () => {
    const result = await exchange([
      { kind: 'accepted', control: '_INBOX.unused' },
      { kind: 'head', status: 200, headers: {} },
      { kind: 'end' },
    ]);
    expect(result).toEqual({ error: null, response: true, bytes: 0 });
  });

  it('fails on data before the head, and passes none of its bytes', async () => {
    const result = await exchange([{ kind: 'accepted', control: '_INBOX.unused' }, { kind: 'data' }]);
    expect(result.error).toBeInstanceOf(IllegalFrameError);
    expect(result.response).toBe(false);
  });

  it('fails on a head before accepted, and on a refusal after the answer began', async () => {
    expect((await exchange([{ kind: 'head', status: 200, headers: {} }])).error).toBeInstanceOf(
      IllegalFrameError,
    );
    const late = await exchange([
      { kind: 'accepted', control: '_INBOX.unused' },
      { kind: 'head', status: 200, headers: {} },
      { kind: 'refused', code: 'TERMINAL_TIMEOUT', message: 'late' },
    ]);
    expect(late.error).toBeInstanceOf(IllegalFrameError);
    expect(late.error).not.toBeInstanceOf(RelayRefusal);
  });
});
