// The relay node's answers for operators and load balancers, named like the cloud's
// (docs/relay.md "Health"): /healthz while the process serves HTTP (liveness), /readyz while it
// can take terminals' links and reach them (readiness: 503 while a cluster node is out of NATS;
// it still serves the links it holds, but a terminal linking here would not be announced).
import type { ServerResponse } from 'node:http';
import type { ClusterState } from './relay-cluster.js';

/** Outside `/api/relay/`, so no publicId can shadow them. */
const HEALTH_PATH = '/healthz';
const READY_PATH = '/readyz';

export interface RelayReadiness {
  status: 'ready' | 'not_ready';
  /** `single`: no NATS_URL, one node on its own. */
  cluster: ClusterState | 'single';
  /** Terminals linked to this node now. */
  links: number;
  /** Terminals dialling in that wait their turn for the cloud to check their credential. */
  dialsWaiting: number;
}

/** Answers `url` if it is one of these paths; false for any other. */
export function answerOps(
  url: string | undefined,
  res: ServerResponse,
  cluster: { readonly state: ClusterState } | null,
  counts: Pick<RelayReadiness, 'links' | 'dialsWaiting'>,
): boolean {
  if (url === HEALTH_PATH) {
    answerJson(res, 200, { status: 'ok' });
    return true;
  }
  if (url !== READY_PATH) return false;
  const ready = cluster === null || cluster.state === 'joined';
  const readiness: RelayReadiness = {
    status: ready ? 'ready' : 'not_ready',
    cluster: cluster?.state ?? 'single',
    ...counts,
  };
  answerJson(res, ready ? 200 : 503, readiness);
  return true;
}

function answerJson(res: ServerResponse, status: number, answer: object): void {
  const body = JSON.stringify(answer);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}
