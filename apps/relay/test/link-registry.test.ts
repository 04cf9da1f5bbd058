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
    readonly connectedAt = 0,
    readonly linkId = `lnk_${publicId}_${connectedAt}`,
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

  it('yields a publicId to a newer link claimed elsewhere, and keeps it against an older one', () => {
    const links = new LinkRegistry<FakeLink>();
    const here = new FakeLink('p1', 'dcr_1', 1_000, 'lnk_b');
    links.add(here);
    expect(links.yieldTo({ publicId: 'p1', connectedAt: 999, linkId: 'lnk_z' })).toBeUndefined();
    expect(links.yieldTo({ publicId: 'p1', connectedAt: 1_000, linkId: 'lnk_b' })).toBeUndefined();
    expect(links.yieldTo({ publicId: 'p2', connectedAt: 5_000, linkId: 'lnk_c' })).toBeUndefined();
    expect(here.closes).toEqual([]);
    // Two links in the same millisecond: the link id settles it the same way on every node.
    expect(links.yieldTo({ publicId: 'p1', connectedAt: 1_000, linkId: 'lnk_a' })).toBeUndefined();
    expect(links.yieldTo({ publicId: 'p1', connectedAt: 1_000, linkId: 'lnk_c' })).toBe(here);
    expect(here.closes).toEqual([CLOSE_CODES.replaced]);
    expect(links.get('p1')).toBeUndefined();
  });

  it('tells its watcher when this node starts and stops holding a publicId', () => {
    const links = new LinkRegistry<FakeLink>();
    const events: string[] = [];
    links.watch({
      held: (link) => events.push(`held ${link.linkId}`),
      released: (id) => events.push(`released ${id}`),
    });
    const first = new FakeLink('p1', 'dcr_1', 1, 'lnk_1');
    const second = new FakeLink('p1', 'dcr_1', 2, 'lnk_2');
    links.add(first);
    links.add(second);
    second.close(CLOSE_CODES.revoked);
    expect(events).toEqual(['held lnk_1', 'held lnk_2', 'released p1']);
    // Yielded to another node: released at once, before its socket finishes closing.
    const third = new FakeLink('p1', 'dcr_1', 3, 'lnk_3');
    third.onClose = () => undefined;
    links.add(third);
    links.yieldTo({ publicId: 'p1', connectedAt: 4, linkId: 'lnk_4' });
    expect(events.slice(3)).toEqual(['held lnk_3', 'released p1']);
  });
});
