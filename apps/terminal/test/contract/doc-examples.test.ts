import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  errorEnvelopeSchema,
  rawErrorSchema,
  successEnvelopeSchema,
} from '../../src/http/envelope-contract.js';
import { TERMINAL_ENDPOINTS } from '../../src/terminal-routes.js';

/**
 * Every answer docs/terminal-api.md shows under a curl example is parsed with the schema the
 * route answers with (closed objects, required fields): an integrator copies these shapes, so a
 * field the API does not send, one named otherwise, or one it always sends left out fails here.
 */
const guide = readFileSync(new URL('../../../../docs/terminal-api.md', import.meta.url), 'utf8');

interface Block {
  lang: string;
  line: number;
  end: number;
  text: string;
}

interface Example {
  line: number;
  method: string;
  path: string;
  answer: unknown;
}

/** The fenced blocks of a Markdown page, with the lines each starts and ends on. */
function fencedBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
    blocks.push({ lang: open[1]!, line: start + 1, end: i + 1, text: body.join('\n') });
  }
  return blocks;
}

/** A shell block of one curl request followed, in the same section, by a JSON block: its answer. */
function curlExamples(markdown: string): Example[] {
  const blocks = fencedBlocks(markdown);
  return blocks.flatMap((block, index) => {
    const next = blocks[index + 1];
    if (block.lang !== 'sh' || next?.lang !== 'json') return [];
    // The answer comes before the next heading: a request's field table may stand between.
    const between = markdown.split('\n').slice(block.end, next.line - 1);
    if (between.some((line) => line.startsWith('#'))) return [];
    const requests = [...block.text.matchAll(/curl\b[^\n]*?\$BASE(\/[^\s"'?]*)/g)];
    if (requests.length !== 1) return [];
    const method = /-X (\w+)/.exec(block.text)?.[1] ?? 'GET';
    return [{ line: block.line, method, path: requests[0]![1]!, answer: JSON.parse(next.text) as unknown }];
  });
}

/** The route a concrete path of the guide names (`/api/sales/$SALE` is `/api/sales/:saleId`). */
function routeOf(method: string, path: string) {
  return TERMINAL_ENDPOINTS.find(
    (route) => route.method === method && new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`).test(path),
  );
}

const examples = curlExamples(guide);

describe('docs/terminal-api.md answer examples', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  it.each(
    examples.map((example) => [`${example.method} ${example.path} (line ${example.line})`, example] as const),
  )('%s is what the route answers', (_name, example) => {
    const route = routeOf(example.method, example.path);
    expect(route, `no route for ${example.method} ${example.path}`).toBeDefined();
    const envelope = route!.body === 'envelope';
    const failed = (example.answer as { success?: boolean; error?: unknown }).error != null;
    const schema: z.ZodType = failed
      ? envelope
        ? errorEnvelopeSchema
        : rawErrorSchema
      : envelope
        ? successEnvelopeSchema(route!.response)
        : route!.response;
    const parsed = schema.safeParse(example.answer);
    expect((parsed.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual(
      [],
    );
  });
});
