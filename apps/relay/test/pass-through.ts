// The least a Node proxy does: the request to `target` as it came (method, path, headers, body
// piped), its answer back as it came. Nothing checked, limited or logged. For what stands in
// front of a real part in the tests (cloud-gate.ts) and the bench's reference hop (bare-proxy.ts).
import { request, type Agent, type IncomingMessage, type ServerResponse } from 'node:http';

export function passTo(target: URL, agent?: Agent): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const out = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        ...(agent ? { agent } : {}),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
}
