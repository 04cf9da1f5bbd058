// The Postman collections in docs/collections/ are what today's OpenAPI documents make: a route
// changed without `npm run generate -w @fiscal-pos/sdk` fails here, naming the file. Each has a
// request for every operation of its document, addressed at {{baseUrl}}, each credential a variable.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionFiles } from '../scripts/collections.js';

interface Item {
  name: string;
  item?: Item[];
  request?: { method: string; url: { host: string[]; path: string[] }; auth: unknown };
}

const DOCS = new URL('../../../docs/', import.meta.url);

async function json<T>(url: URL): Promise<T> {
  return JSON.parse(await readFile(url, 'utf8')) as T;
}

const requestsOf = (items: Item[]): NonNullable<Item['request']>[] =>
  items.flatMap((i) => (i.item ? requestsOf(i.item) : i.request ? [i.request] : []));

async function operationCount(document: string): Promise<number> {
  const { paths } = await json<{ paths: Record<string, object> }>(new URL(document, DOCS));
  return Object.values(paths).reduce((n, operations) => n + Object.keys(operations).length, 0);
}

describe('the Postman collections', () => {
  it('docs/collections/ is what the OpenAPI documents in docs/ make', async () => {
    for (const file of await collectionFiles()) {
      const onDisk = await readFile(file.url, 'utf8');
      expect(
        onDisk === file.text,
        `${fileURLToPath(file.url)} is stale: npm run generate -w @fiscal-pos/sdk`,
      ).toBe(true);
    }
  });

  it.each([
    ['terminal-api', 'terminal-openapi.json', ['baseUrl', 'apiKey']],
    [
      'cloud-api',
      'cloud-openapi.json',
      ['baseUrl', 'serviceApiKey', 'operatorToken', 'deviceCredential', 'relayToken'],
    ],
  ])(
    '%s: a request per operation, at {{baseUrl}}, credentials in variables',
    async (name, document, variables) => {
      const collection = await json<{ item: Item[]; variable: { key: string }[] }>(
        new URL(`collections/${name}.postman_collection.json`, DOCS),
      );
      expect(collection.variable.map((v) => v.key)).toEqual(variables);
      const requests = requestsOf(collection.item);
      expect(requests).toHaveLength(await operationCount(document));
      for (const request of requests) {
        expect(request.url.host).toEqual(['{{baseUrl}}']);
        expect(request.auth).toBeDefined();
      }
      const used = new Set(JSON.stringify(requests).match(/\{\{\w+\}\}/g));
      expect([...used].sort()).toEqual(variables.map((v) => `{{${v}}}`).sort());
    },
  );
});
