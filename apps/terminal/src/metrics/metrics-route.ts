import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import type { TerminalMetrics } from './terminal-metrics.js';

/**
 * GET /metrics: Prometheus text exposition, not enveloped. It is behind the API key like every
 * endpoint but the two health checks (spec, authentication rule 1): the counts it shows are
 * the shop's business. Here alone the key may also come as `Authorization: Bearer <key>`, what
 * Prometheus sends natively (docs/offline-mode.md, "Metrics"; presentedKey).
 */
export const metricsRoute = defineRoute<{ metrics: TerminalMetrics }>()({
  method: 'GET',
  path: '/metrics',
  operationId: 'getMetrics',
  summary: 'Prometheus metrics (text exposition, no envelope)',
  description:
    'Behind the API key like every endpoint but the health checks: X-API-Key, or `Authorization: Bearer <key>` (what Prometheus sends natively).',
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
