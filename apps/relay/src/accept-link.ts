// A terminal dialling in: `GET /api/relay/connect` upgraded to a WebSocket with the link's
// subprotocol and `Authorization: Bearer dc_...`. The cloud verifies the credential before the
// upgrade is accepted; the terminal's publicId comes from the cloud's answer, never from the
// terminal, so a device cannot claim another terminal's address.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LINK_PROTOCOL } from '@fiscal-pos/relay-protocol';
import type { Logger } from 'pino';
import type { WebSocketServer } from 'ws';
import type { CloudClient } from './cloud-client.js';
import type { RelayConfig } from './config.js';
import type { LinkRegistry } from './link-registry.js';
import type { RevocationPoller } from './revocation-poller.js';
import { TerminalLink } from './terminal-link.js';

export interface AcceptDeps {
  config: RelayConfig;
  cloud: CloudClient;
  links: LinkRegistry<TerminalLink>;
  /** Cluster mode: a link is taken only while its claim can reach the other nodes. */
  cluster: { readonly reachable: boolean } | null;
  revocations: RevocationPoller;
  wss: WebSocketServer;
  logger: Logger;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

export async function acceptLink(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  d: AcceptDeps,
): Promise<void> {
  // Node's HTTP server lets go of an upgraded socket: until ws takes it, an error on it (a
  // terminal that gave up while the cloud verified it) has no listener and would end the process.
  const dropped = () => socket.destroy();
  socket.on('error', dropped);
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  if (!protocols.includes(LINK_PROTOCOL)) return refuse(socket, 400, 'Bad Request');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) return refuse(socket, 401, 'Unauthorized');
  // The cloud is unreachable since this relay started: it could not hear of a revocation.
  if (!d.revocations.listening) return refuse(socket, 503, 'Service Unavailable');
  // Out of NATS, no other node would hear of this link: the terminal redials, to another node.
  if (d.cluster && !d.cluster.reachable) return refuse(socket, 503, 'Service Unavailable');
  let verification;
  try {
    verification = await d.cloud.verify(match[1]!);
  } catch (error) {
    d.logger.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'cloud unreachable for verify',
    );
    return refuse(socket, 503, 'Service Unavailable');
  }
  if (verification.kind === 'refused') {
    d.logger.info({ status: verification.status }, 'terminal refused by the cloud');
    return refuse(
      socket,
      verification.status === 403 ? 403 : 401,
      verification.status === 403 ? 'Forbidden' : 'Unauthorized',
    );
  }
  const { device } = verification;
  socket.off('error', dropped);
  d.wss.handleUpgrade(req, socket, head, (ws) => {
    const link = new TerminalLink(device, ws, {
      heartbeatMs: d.config.heartbeatMs,
      limits: { ...d.config.rateLimit, maxConcurrent: d.config.maxConcurrent },
      logger: d.logger,
    });
    d.links.add(link);
    d.logger.info({ publicId: device.publicId, terminalId: device.terminalId }, 'terminal connected');
    ws.once('close', (code) => d.logger.info({ publicId: device.publicId, code }, 'terminal disconnected'));
  });
}
