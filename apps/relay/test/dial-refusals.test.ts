import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '../src/client-address.js';
import { addressKey, AddressRefusals } from '@fiscal-pos/relay-protocol';

const refusals = (max: number, windowMs: number, maxAddresses = 1_000_000) =>
  new AddressRefusals({ max, windowMs, maxAddresses });

describe('refused dials per client address', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 per /64, without a port; nothing else', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::a')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::a')).not.toBe(addressKey('2001:db8:1:3::a'));
    expect(addressKey('2001:0db8:0001:0002::a')).toBe('2001:db8:1:2::/64');
    expect(addressKey('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(addressKey('[2001:db8:1:2::a]:443')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::a]')).toBe('2001:db8:1:2::/64');
    for (const none of ['unknown', '', 'gone', '203.0.113.7:', '1.2.3.4.5', '[203.0.113.7'])
      expect(addressKey(none)).toBeNull();
  });

  it('closes an address after max refusals for the rest of its window, then opens it again', () => {
    const counter = refusals(3, 10_000);
    expect(counter.refused('a', 0)).toBe(false);
    expect(counter.refused('a', 1_000)).toBe(false);
    expect(counter.retryAfter('a', 1_000)).toBe(0);
    expect(counter.refused('a', 2_000)).toBe(true);
    expect(counter.retryAfter('a', 2_000)).toBe(8);
    expect(counter.retryAfter('a', 9_999)).toBe(1);
    expect(counter.retryAfter('b', 2_000)).toBe(0);
    expect(counter.retryAfter('a', 10_000)).toBe(0);
    expect(counter.refused('a', 10_000)).toBe(false);
    expect(refusals(1, 10_000).refused('a', 0)).toBe(true);
  });

  it('forgets ended windows at the next refusal and holds at most maxAddresses, dropping the oldest', () => {
    const counter = refusals(2, 10_000, 600);
    for (let i = 0; i < 500; i++) counter.refused(`10.0.${i >> 8}.${i & 255}`, i);
    expect(counter.size).toBe(500);
    counter.refused('late', 10_250);
    expect(counter.size).toBe(250);
    // Over the cap: the oldest windows give way.
    counter.refused('a', 10_300);
    counter.refused('a', 10_300);
    for (let i = 0; i < 1_000; i++) counter.refused(`10.1.${i >> 8}.${i & 255}`, 10_400);
    expect(counter.size).toBe(600);
    expect(counter.retryAfter('a', 10_400)).toBe(0);
    counter.refused('latest', 30_000);
    expect(counter.size).toBe(1);
  });

  it('agrees with a model: closed exactly while a window started by a refusal holds max of them', () => {
    const max = 3;
    const windowMs = 1_000;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ key: fc.constantFrom('a', 'b', 'c'), step: fc.nat(400), refuse: fc.boolean() }),
          {
            maxLength: 80,
          },
        ),
        (events) => {
          const counter = refusals(max, windowMs);
          const model = new Map<string, { start: number; count: number }>();
          let now = 0;
          for (const { key, step, refuse } of events) {
            now += step;
            let window = model.get(key);
            if (window && now >= window.start + windowMs) window = undefined;
            const wait = counter.retryAfter(key, now);
            const closed = window !== undefined && window.count >= max;
            expect(wait > 0).toBe(closed);
            if (window && closed)
              expect(wait).toBe(Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)));
            if (refuse && !closed) {
              window = window ? { ...window, count: window.count + 1 } : { start: now, count: 1 };
              model.set(key, window);
              expect(counter.refused(key, now)).toBe(window.count === max);
            }
          }
        },
      ),
    );
  });
});

describe('the client address of a dial', () => {
  const dial = (peer: string | undefined, forwardedFor?: string) =>
    ({
      socket: { remoteAddress: peer },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const addressOf = clientAddressOf([]);
    expect(addressOf(dial('198.51.100.3', '203.0.113.7'))).toBe('198.51.100.3');
    expect(addressOf(dial(undefined))).toBeNull();
  });

  it('behind trusted proxies, is the nearest address no trusted proxy holds', () => {
    const addressOf = clientAddressOf(['loopback', '10.0.0.0/8']);
    expect(addressOf(dial('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    // What the client wrote itself, further left, proves nothing.
    expect(addressOf(dial('127.0.0.1', '198.51.100.1, 203.0.113.7'))).toBe('203.0.113.7');
    expect(addressOf(dial('127.0.0.1', '198.51.100.1, 203.0.113.7, 10.0.0.9'))).toBe('203.0.113.7');
    // A peer that is no trusted proxy is the client.
    expect(addressOf(dial('198.51.100.3', '203.0.113.7'))).toBe('198.51.100.3');
    // A trusted proxy that names no client: nobody to count.
    expect(addressOf(dial('127.0.0.1'))).toBeNull();
    expect(addressOf(dial('127.0.0.1', '10.0.0.5'))).toBeNull();
  });
});
