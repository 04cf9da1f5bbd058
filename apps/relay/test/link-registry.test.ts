// One live link per terminal: a newer connection of the same publicId replaces the older one
// (closed with code 4000), and the older one's late close does not unregister its successor.
import { EventEmitter } from 'node:events';
import { CLOSE_CODES } from '@fiscal-pos/relay-protocol';
import { describe, expect, it } from 'vitest';
import { LinkRegistry, type RegisteredLink } from '../src/link-registry.js';

class FakeLink implements RegisteredLink {
  readonly closes: number[] = [];
  readonly #events = new EventEmitter();
  open = true;

  constructor(
    readonly publicId: string,
    readonly credentialId: string,
  ) {}

  get device() {
    return {
      terminalId: 'trm_1',
      publicId: this.publicId,
      merchantId: 'mer_1',
      credentialId: this.credentialId,
    };
  }

  onClose(listener: () => void): void {
    this.#events.once('close', listener);
  }

  close(code: number): void {
    this.closes.push(code);
    this.open = false;
    this.#events.emit('close');
  }
}

describe('the link registry', () => {
  it('keeps the newest link of a publicId and closes the older one as replaced', () => {
    const links = new LinkRegistry<FakeLink>();
    const first = new FakeLink('p1', 'dcr_1');
    const second = new FakeLink('p1', 'dcr_1');
    const other = new FakeLink('p2', 'dcr_2');
    links.add(first);
    links.add(other);
    links.add(second);
    expect(first.closes).toEqual([CLOSE_CODES.replaced]);
    expect(links.get('p1')).toBe(second);
    expect(links.get('p2')).toBe(other);
    expect(links.size).toBe(2);
  });

  it('drops the links of revoked credentials only', () => {
    const links = new LinkRegistry<FakeLink>();
    const revoked = new FakeLink('p1', 'dcr_1');
    const kept = new FakeLink('p2', 'dcr_2');
    links.add(revoked);
    links.add(kept);
    expect(links.revoke(new Set(['dcr_1', 'dcr_unknown']))).toEqual([revoked]);
    expect(revoked.closes).toEqual([CLOSE_CODES.revoked]);
    expect(links.get('p1')).toBeUndefined();
    expect(links.get('p2')).toBe(kept);
  });
});
