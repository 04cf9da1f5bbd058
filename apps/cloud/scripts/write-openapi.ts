// Regenerates docs/cloud-openapi.json: npx tsx apps/cloud/scripts/write-openapi.ts
import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, renderOpenApiFile } from './openapi-file.js';

writeFileSync(OPENAPI_FILE, await renderOpenApiFile());
console.log(`wrote ${OPENAPI_FILE}`);
