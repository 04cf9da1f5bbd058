// The relay against what a terminal's HTTP/2 does in passing, held or done when the test says by a
// device linked like a terminal (link-protocol-checks.ts): an answer whose END_STREAM comes late
// is whole for its client at its Content-Length and frees its slot then; a stream the terminal
// refused (REFUSED_STREAM) is 503 like a terminal not connected, another reset 502; after the
// terminal's GOAWAY a new request is 503 at once while one in flight still gets its answer.
// relay-cluster.test.ts checks the same across two nodes.
import { afterAll, beforeAll, describe } from 'vitest';
import { dialLink, scriptedDevice } from './link-device.js';
import { linkProtocolTests } from './link-protocol-checks.js';
import { RelayWorld } from './relay-world.js';

describe('the relay and the link’s HTTP/2', () => {
  const world = new RelayWorld();

  beforeAll(() => world.start(), 120_000);
  afterAll(() => world.stop(), 60_000);

  /** A scripted device linked as the terminal `name`, and its {relay_url}. */
  const linkedDevice = async (name: string) => {
    const activation = await world.activate(name);
    const device = scriptedDevice();
    // The relay adds the link as it accepts the upgrade: routed once the dial is open.
    await dialLink(world.relay.url, activation.deviceCredential, device.server);
    return { device, url: (path: string) => `${world.relay.url}/api/relay/${activation.publicId}${path}` };
  };

  linkProtocolTests(linkedDevice);
});
