import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import type { TerminalMetrics } from './terminal-metrics.js';

/**
 * GET /metrics: Prometheus text exposition, not enveloped. It is behind X-API-Key like every
 * endpoint but the two health checks (spec, authentication rule 1): the counts it shows are
 * the shop's business. Prometheus sends the key with `http_headers` in the scrape config
 * (docs/offline-mode.md, "Metrics").
 */
export const metricsRoute = defineRoute<{ metrics: TerminalMetrics }>()({
  method: 'GET',
  path: '/metrics',
  operationId: 'getMetrics',
  summary: 'Prometheus metrics (text exposition, no envelope)',
  description: 'Behind X-API-Key like every endpoint but the health checks.',
  tag: 'Operations',
  authenticated: true,
  body: 'raw',
  contentType: 'text/plain',
  response: z.string().meta({ description: 'Prometheus text exposition format 0.0.4' }),
  errors: [],
  async handler({ services, reply }) {
    const { contentType, body } = await services.metrics.render();
    // The exposition's own media type, with its version, not the declared family.
    void reply.type(contentType);
    return body;
  },
});
