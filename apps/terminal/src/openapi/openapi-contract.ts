import { z } from 'zod';
import type { EndpointContract } from './endpoint-contract.js';

export const OPENAPI_PATH = '/api/openapi.json';

export const openApiDocumentSchema = z
  .looseObject({ openapi: z.literal('3.1.0') })
  .meta({ id: 'OpenApiDocument', description: 'this document' });

export const openApiEndpoints: readonly EndpointContract[] = [
  {
    method: 'GET',
    path: OPENAPI_PATH,
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document (raw JSON, no key)',
    tag: 'Operations',
    authenticated: false,
    body: 'raw',
    response: openApiDocumentSchema,
    errors: [],
  },
];
