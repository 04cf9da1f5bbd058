import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildOpenApi } from '../src/openapi/openapi.js';
import { ALL_ROUTES } from '../src/routes.js';

/** The committed copy of the document, for readers and tools that do not run the cloud. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/cloud-openapi.json', import.meta.url));

/** The file's exact text: the document formatted as the repository's format check wants it. */
export async function renderOpenApiFile(): Promise<string> {
  const options = await resolveConfig(OPENAPI_FILE);
  return format(JSON.stringify(buildOpenApi(ALL_ROUTES)), { ...options, filepath: OPENAPI_FILE });
}
