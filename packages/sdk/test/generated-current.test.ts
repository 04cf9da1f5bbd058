// The checked-in generated types match today's OpenAPI documents: a route changed without
// `npm run generate -w @fiscal-pos/sdk` fails here, naming the file.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { generatedFiles } from '../scripts/generated-sources.js';

it('src/generated/ is what the OpenAPI documents in docs/ generate', async () => {
  for (const file of await generatedFiles()) {
    const onDisk = await readFile(file.url, 'utf8');
    expect(
      onDisk === file.text,
      `${fileURLToPath(file.url)} is stale: npm run generate -w @fiscal-pos/sdk`,
    ).toBe(true);
  }
});
