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
    readonly linkSeq = 1,
    readonly linkId = `lnk_${publicId}_${linkSeq}`,
  ) {}

  get device() {
    return {
      terminalId: 'trm_1',
      publicId: this.publicId,
      merchantId: 'mer_1',
      credentialId: this.credentialId,
      linkSeq: this.linkSeq,
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
    const first = new FakeLink('p1', 'dcr_1', 1);
    const second = new FakeLink('p1', 'dcr_1', 2);
    const other = new FakeLink('p2', 'dcr_2');
    links.add(first);
    links.add(other);
    links.add(second);
    expect(first.closes).toEqual([CLOSE_CODES.replaced]);
    expect(links.get('p1')).toBe(second);
    expect(links.get('p2')).toBe(other);
    expect(links.size).toBe(2);
    // A dial verified before the link held now, but upgraded after it: it is the one that goes.
    const late = new FakeLink('p1', 'dcr_1', 1, 'lnk_late');
    links.add(late);
    expect(late.closes).toEqual([CLOSE_CODES.replaced]);
    expect(second.closes).toEqual([]);
    expect(links.get('p1')).toBe(second);
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
    const here = new FakeLink('p1', 'dcr_1', 7, 'lnk_b');
    links.add(here);
    expect(links.settle({ publicId: 'p1', linkSeq: 6, linkId: 'lnk_z' })).toEqual({ kept: here });
    expect(links.settle({ publicId: 'p1', linkSeq: 7, linkId: 'lnk_b' })).toBeNull();
    expect(links.settle({ publicId: 'p2', linkSeq: 9, linkId: 'lnk_c' })).toBeNull();
    expect(here.closes).toEqual([]);
    // One number twice (a cloud database restored from a backup): the link id settles it the
    // same way on every node.
    expect(links.settle({ publicId: 'p1', linkSeq: 7, linkId: 'lnk_a' })).toEqual({ kept: here });
    expect(links.settle({ publicId: 'p1', linkSeq: 7, linkId: 'lnk_c' })).toEqual({ yielded: here });
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
    links.settle({ publicId: 'p1', linkSeq: 4, linkId: 'lnk_4' });
    expect(events.slice(3)).toEqual(['held lnk_3', 'released p1']);
  });
});
