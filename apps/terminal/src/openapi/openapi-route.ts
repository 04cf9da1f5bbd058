import type { TerminalApp } from '../http/route-kit.js';
import { OPENAPI_PATH } from './openapi-contract.js';
import { buildTerminalOpenApiDocument } from './openapi-document.js';

/**
 * GET /api/openapi.json: the document as raw JSON (tools read it as is), without a key: it
 * describes the API and holds nothing of the shop's. Built once; it depends on no state.
 */
export function registerOpenApiRoute(app: TerminalApp): void {
  const document = buildTerminalOpenApiDocument();
  app.get(OPENAPI_PATH, async (_request, reply) => reply.send(document));
}
