// Prometheus metrics of one relay node, in a registry of its own like the cloud's and the
// terminal's. Labels are bounded (a status, an outcome): no publicId, path or address. Served
// on a port of their own (RELAY_METRICS_PORT, loopback unless RELAY_METRICS_HOST names an
// internal interface), never on the public one: a client of {relay_url} cannot reach them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { urlHost } from '@fiscal-pos/serve-kit';
import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How a terminal's dial ended: its link opened, or why not (docs/relay.md "Metrics"). */
const DIAL_OUTCOMES = [
  'opened',
  'bad_request',
  'refused_guess',
  'refused_deactivated',
  'address_closed',
  'line_full',
  'unavailable',
  'gave_up',
  'error',
] as const;
export type DialOutcome = (typeof DIAL_OUTCOMES)[number];

export interface RelayGauges {
  links: () => number;
  dialsWaiting: () => number;
  addressesCounted: () => number;
  /** 1 while this node can take links (the cloud's revocations heard, and in its NATS cluster if any), else 0. */
  ready: () => number;
}

class RelayMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'status'>;
  readonly #duration: Histogram;
  readonly #dials: Counter<'outcome'>;

  constructor(gauges: RelayGauges) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'relay_http_requests_total',
      help: 'Requests for {relay_url} by the status their client got (499: the client left first)',
      labelNames: ['status'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'relay_http_request_duration_seconds',
      help: 'From a request for {relay_url} arriving to its answer ending, whoever answered',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.#dials = new Counter({
      name: 'relay_dials_total',
      help: 'Terminals dialling in, by outcome',
      labelNames: ['outcome'],
      registers,
    });
    // Every outcome from zero, so that the first of a rare one shows in a rate.
    for (const outcome of DIAL_OUTCOMES) this.#dials.inc({ outcome }, 0);
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge('relay_links', 'Terminals linked to this node now', gauges.links);
    gauge(
      'relay_dials_waiting',
      'Dialling terminals waiting their turn for a credential check',
      gauges.dialsWaiting,
    );
    gauge(
      'relay_dial_addresses_counted',
      'Client addresses whose refused dials are held (in their window, or ended and not yet forgotten)',
      gauges.addressesCounted,
    );
    gauge(
      'relay_ready',
      '1 while this node can take links (the cloud heard, and in its NATS cluster if any), else 0',
      gauges.ready,
    );
  }

  request(status: number, seconds: number): void {
    this.#requests.inc({ status: String(status) });
    this.#duration.observe(seconds);
  }

  dial(outcome: DialOutcome): void {
    this.#dials.inc({ outcome });
  }
}

/**
 * The metrics, served with GET /metrics on their own port for an operator's scraper (no
 * authentication: never a public interface); 404 for any other path. Rejects when the port
 * cannot be had, naming it.
 */
export async function serveRelayMetrics(
  at: { port: number; host: string },
  gauges: RelayGauges,
  logger: Logger,
): Promise<{ metrics: RelayMetrics; url: string; close: () => Promise<void> }> {
  const metrics = new RelayMetrics(gauges);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          'metrics scrape failed',
        );
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', (error) =>
      fail(new Error(`RELAY_METRICS_PORT ${at.port} on ${at.host}: ${error.message}`)),
    );
    server.listen(at.port, at.host, done);
  });
  const { port } = server.address() as AddressInfo;
  return {
    metrics,
    url: `http://${urlHost(at.host)}:${port}/metrics`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
