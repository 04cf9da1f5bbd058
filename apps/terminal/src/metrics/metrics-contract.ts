import { z } from 'zod';
import type { EndpointContract } from '../openapi/endpoint-contract.js';

export const metricsEndpoints: readonly EndpointContract[] = [
  {
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
  },
];
