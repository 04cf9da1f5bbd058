/**
 * The SDK's generated types, made from the two OpenAPI documents in docs/ by openapi-typescript.
 * One function for the writer (`npm run generate -w @fiscal-pos/sdk`) and for the test that keeps
 * the checked-in files current, so the two cannot disagree on how a file is made.
 */
import openapiTS, { astToString } from 'openapi-typescript';

const DOCS = new URL('../../../docs/', import.meta.url);
const GENERATED = new URL('../src/generated/', import.meta.url);

const SOURCES = [
  { document: 'terminal-openapi.json', output: 'terminal-api.ts' },
  { document: 'cloud-openapi.json', output: 'cloud-api.ts' },
] as const;

const HEADER =
  '// Generated from docs/{document} by openapi-typescript: do not edit.\n' +
  '// Regenerate with `npm run generate -w @fiscal-pos/sdk`.\n\n';

export interface GeneratedFile {
  url: URL;
  text: string;
}

/** Each generated file's path and the text it should have for today's documents. */
export async function generatedFiles(): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const { document, output } of SOURCES) {
    const ast = await openapiTS(new URL(document, DOCS));
    files.push({
      url: new URL(output, GENERATED),
      text: HEADER.replace('{document}', document) + astToString(ast),
    });
  }
  return files;
}
