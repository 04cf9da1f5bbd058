// The resource examples of docs/cloud-api.md, parsed with the schemas the API answers with: an
// integrator copies these shapes, so a field the API always sends left out, or one it does not
// send, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Product } from '../src/products/product-schemas.js';

const guide = readFileSync(new URL('../../../docs/cloud-api.md', import.meta.url), 'utf8');

/** The JSON block right under a `### <heading>` of the guide. */
function exampleUnder(heading: string): unknown {
  const block = new RegExp(`^### ${heading}\\n\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``, 'm').exec(guide);
  if (!block) throw new Error(`docs/cloud-api.md has no JSON example under "### ${heading}"`);
  return JSON.parse(block[1]!);
}

describe('docs/cloud-api.md resource examples', () => {
  it('the Product example is a product as the API answers it', () => {
    const parsed = Product.strict().safeParse(exampleUnder('Product'));
    expect((parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual(
      [],
    );
  });
});
