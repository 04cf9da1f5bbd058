// The terminal's Postman collection (docs/collections/terminal-api.postman_collection.json) works
// against a real terminal: its requests, with {{baseUrl}} and {{apiKey}} set as an integrator sets
// them, are answered 200, and the key goes where the collection's auth says.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, removeDir, startTerminal, type TerminalHandle } from '../support/terminal-harness.js';

interface KeyValue {
  key: string;
  value: string;
  disabled?: boolean;
}

interface PostmanRequest {
  method: string;
  url: { host: string[]; path: string[]; query: KeyValue[] };
  header: KeyValue[];
  auth: { type: 'noauth' } | { type: 'apikey'; apikey: KeyValue[] };
}

interface Item {
  item?: Item[];
  request?: PostmanRequest;
}

const collection = JSON.parse(
  readFileSync(
    new URL('../../../../docs/collections/terminal-api.postman_collection.json', import.meta.url),
    'utf8',
  ),
) as { item: Item[] };

const requests = (items: Item[]): PostmanRequest[] =>
  items.flatMap((i) => (i.item ? requests(i.item) : i.request ? [i.request] : []));

/** The collection's request for `METHOD /path`, as Postman shows it before variables are set. */
function requestFor(method: string, path: string): PostmanRequest {
  const found = requests(collection.item).find(
    (r) => r.method === method && `/${r.url.path.join('/')}` === path,
  );
  if (!found) throw new Error(`The collection has no ${method} ${path}`);
  return found;
}

/** Sends a request as Postman would: variables replaced, enabled headers and query, the auth applied. */
async function send(request: PostmanRequest, variables: Record<string, string>): Promise<Response> {
  const resolved = JSON.parse(
    JSON.stringify(request).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = variables[name];
      if (value === undefined) throw new Error(`No value for {{${name}}}`);
      return value;
    }),
  ) as PostmanRequest;
  const url = new URL(`${resolved.url.host.join('.')}/${resolved.url.path.join('/')}`);
  for (const { key, value, disabled } of resolved.url.query)
    if (!disabled) url.searchParams.append(key, value);
  const headers = new Headers(resolved.header.filter((h) => !h.disabled).map((h) => [h.key, h.value]));
  if (resolved.auth.type === 'apikey') {
    const field = (key: string) =>
      resolved.auth.type === 'apikey' && resolved.auth.apikey.find((f) => f.key === key)?.value;
    expect(field('in')).toBe('header');
    headers.set(String(field('key')), String(field('value')));
  }
  return fetch(url, { method: resolved.method, headers });
}

let terminal: TerminalHandle;

beforeAll(async () => {
  terminal = await startTerminal({ fiscalization: 'not_fiscal' });
});

afterAll(async () => {
  await terminal.stop();
  removeDir(terminal.dataDir);
});

describe('the terminal Postman collection against a real terminal', () => {
  it('health: the request with {{baseUrl}} set is answered 200 with the health record', async () => {
    const health = requestFor('GET', '/api/health');
    expect(health.auth).toEqual({ type: 'noauth' });
    const res = await send(health, { baseUrl: terminal.url, apiKey: '' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: expect.any(String) } });
  });

  it('a request that needs the key carries {{apiKey}} in X-API-Key, and is refused without it', async () => {
    const shift = requestFor('GET', '/api/shifts/current');
    const res = await send(shift, { baseUrl: terminal.url, apiKey: API_KEY });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const wrong = await send(shift, { baseUrl: terminal.url, apiKey: 'not-the-key' });
    expect(wrong.status).toBe(401);
  });
});
