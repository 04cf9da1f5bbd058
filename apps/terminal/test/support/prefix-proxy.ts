// A cloud behind a reverse proxy at a path prefix (https://host/cloud), on loopback: requests
// under the prefix go to the cloud without it, anything else is answered 404, so a client that
// drops the prefix is seen failing.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PREFIX = '/cloud';

export interface PrefixProxy {
  /** The cloud's URL through the proxy, prefix included: what CLOUD_URL would be. */
  url: string;
  /** Every request the proxy received, `METHOD /path?query`. */
  seen: string[];
  close(): Promise<void>;
}

export async function startPrefixProxy(target: string): Promise<PrefixProxy> {
  const upstream = new URL(target);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push(`${req.method} ${url}`);
    if (!url.startsWith(`${PREFIX}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not under the prefix');
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url.slice(PREFIX.length),
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}/`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
