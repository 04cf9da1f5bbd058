import type { TerminalApp } from '../http/route-kit.js';
import type { TerminalMetrics } from './terminal-metrics.js';

/**
 * GET /metrics: Prometheus text exposition, not enveloped. It is behind X-API-Key like every
 * endpoint but the two health checks (spec, authentication rule 1): the counts it shows are
 * the shop's business. Prometheus sends the key with `http_headers` in the scrape config
 * (docs/offline-mode.md, "Metrics").
 */
export function registerMetricsRoute(app: TerminalApp, metrics: TerminalMetrics): void {
  app.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}
