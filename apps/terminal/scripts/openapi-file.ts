import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildTerminalOpenApiDocument } from '../src/openapi/openapi-document.js';

/** The committed copy of the document, for readers and tools that do not run the terminal. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../docs/terminal-openapi.json', import.meta.url));

/** The file's exact text: the document formatted as the repository's format check wants it. */
export async function renderOpenApiFile(): Promise<string> {
  const options = await resolveConfig(OPENAPI_FILE);
  return format(JSON.stringify(buildTerminalOpenApiDocument()), { ...options, filepath: OPENAPI_FILE });
}
