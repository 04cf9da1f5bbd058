// Writes src/generated/ from the OpenAPI documents in docs/ (see generated-sources.ts).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from './generated-sources.js';

for (const file of await generatedFiles()) {
  await writeFile(file.url, file.text);
  console.log(`wrote ${fileURLToPath(file.url)}`);
}
