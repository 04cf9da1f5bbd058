// The relay node's own health, for a load balancer's check (docs/relay.md "Health"): 200 while
// the node can take terminals' links and reach them, 503 while a cluster node is out of NATS
// (it still serves the links it holds, but a terminal linking here would not be announced).
import type { ServerResponse } from 'node:http';
import type { ClusterState } from './relay-cluster.js';

/** Outside `/api/relay/`: no publicId can shadow it. */
export const HEALTH_PATH = '/health';

export interface RelayHealth {
  ready: boolean;
  /** `single`: no NATS_URL, one node on its own. */
  cluster: ClusterState | 'single';
  /** Terminals linked to this node now. */
  links: number;
}

export function answerHealth(
  res: ServerResponse,
  cluster: { readonly state: ClusterState } | null,
  links: number,
): void {
  const health: RelayHealth = {
    ready: cluster === null || cluster.state === 'joined',
    cluster: cluster?.state ?? 'single',
    links,
  };
  const body = JSON.stringify(health);
  res.writeHead(health.ready ? 200 : 503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}
