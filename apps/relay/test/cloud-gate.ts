// The cloud's relay API seen through a gate: every request passes to the real cloud, the verify
// calls are counted, and while the gate is held they wait at it. What a test needs to see that
// the relay spared the cloud a call, or to keep one in flight.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { passTo } from './pass-through.js';

export interface CloudGate {
  url: string;
  /** Verify calls that reached the gate so far. */
  readonly verifyCalls: number;
  /** Holds verify calls at the gate until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startCloudGate(cloudUrl: string): Promise<CloudGate> {
  let verifyCalls = 0;
  let held: Promise<void> = Promise.resolve();
  const pass = passTo(new URL(cloudUrl));
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/api/relay/v1/verify')) return pass(req, res);
    verifyCalls++;
    void held.then(() => pass(req, res));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get verifyCalls() {
      return verifyCalls;
    },
    hold() {
      let release!: () => void;
      held = new Promise((done) => (release = done));
      return release;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
