// Writes src/generated/ (the SDK's types) and docs/collections/ (the Postman collections) from
// the OpenAPI documents in docs/ (see generated-sources.ts and collections.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { collectionFiles } from './collections.js';
import { generatedFiles } from './generated-sources.js';

for (const file of [...(await generatedFiles()), ...(await collectionFiles())]) {
  await mkdir(new URL('.', file.url), { recursive: true });
  await writeFile(file.url, file.text);
  console.log(`wrote ${fileURLToPath(file.url)}`);
}
