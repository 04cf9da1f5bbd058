import { defineRoute } from './define-route.js';
import { openApiDocumentSchema, type OpenApiDocument } from './openapi-contract.js';

/**
 * GET /api/openapi.json: the document as raw JSON (tools read it as is), without a key: it
 * describes the API and holds nothing of the shop's. The app builds it once from the route
 * list (it depends on no state), which is why it is a service here.
 */
export const openApiRoute = defineRoute<{ openApiDocument: OpenApiDocument }>()({
  method: 'GET',
  path: '/api/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This OpenAPI 3.1 document (raw JSON, no key)',
  tag: 'Operations',
  authenticated: false,
  body: 'raw',
  response: openApiDocumentSchema,
  errors: [],
  handler: ({ services }) => services.openApiDocument,
});
