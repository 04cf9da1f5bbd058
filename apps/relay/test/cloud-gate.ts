// The cloud's relay API seen through a gate: every request passes to the real cloud, the verify
// calls are counted, and while the gate is held they wait at it. What a test needs to see that
// the relay spared the cloud a call, or to keep one in flight.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CloudGate {
  url: string;
  /** Verify calls that reached the gate so far. */
  readonly verifyCalls: number;
  /** Holds verify calls at the gate until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startCloudGate(cloudUrl: string): Promise<CloudGate> {
  const cloud = new URL(cloudUrl);
  let verifyCalls = 0;
  let held: Promise<void> = Promise.resolve();
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: cloud.hostname, port: cloud.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
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
