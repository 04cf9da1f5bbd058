// The merchant console (apps/console) as the cloud serves it: the files Vite built into
// apps/console/dist, under /console/. Hashed assets (/console/assets/*) are cached for a year
// (their name changes with their content); every other address under /console/ is the app's
// index.html, never cached, so a deep link (/console/users) opens the app at that page and a
// new build is seen at the next load. The page runs under a strict Content-Security-Policy:
// scripts, styles and calls from this origin only, no inline script, no framing.
// @fastify/static serves the assets (ETag, Range, HEAD, traversal checks) rather than a
// hand-written file server; index.html is read here, so that it can carry its own headers.
// A cloud whose console is not built still starts: /console/ then answers 503 with how to build it.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const CONSOLE_PREFIX = '/console';

/** What the console's page may load and call (docs/console.md: Security headers). */
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-cache',
};

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Console not built</title></head>
<body>
<h1>The console is not built</h1>
<p>This cloud serves the merchant console from <code>apps/console/dist</code>, which does not exist yet.
Build it with <code>npm run build -w @fiscal-pos/console</code> (or <code>npm run build</code>), then reload this page.</p>
</body>
</html>
`;

/** True for the paths registerConsole serves (and the address limits leave to the address limiter). */
export const isConsolePath = (url: string): boolean =>
  url === '/' || url === CONSOLE_PREFIX || url.startsWith(`${CONSOLE_PREFIX}/`);

/**
 * Registers `/` and `/console` (redirects to `/console/`), `/console/assets/*` and the app's
 * page at every other `/console/*`. `dir` is the console's build (index.html and assets/), or
 * undefined when the console package is not installed at all.
 */
export async function registerConsole(app: FastifyInstance, dir: string | undefined): Promise<void> {
  let page: string | undefined;
  const sendPage = async (reply: FastifyReply) => {
    // Read until found, then kept: a console built after the cloud started is served without a restart.
    page ??= dir ? await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined) : undefined;
    if (page === undefined)
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT);
    return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(page);
  };
  const noLimit = { config: { rateLimit: false } };
  app.get('/', noLimit, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 302));
  app.get(CONSOLE_PREFIX, noLimit, (_request, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 302));
  app.get(`${CONSOLE_PREFIX}/`, noLimit, (_request, reply) => sendPage(reply));
  app.get(`${CONSOLE_PREFIX}/*`, noLimit, (_request, reply) => sendPage(reply));
  if (dir === undefined) return;
  // In a scope of its own: the API reference registers @fastify/static too, with its reply decorators.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: join(dir, 'assets'),
      prefix: `${CONSOLE_PREFIX}/assets/`,
      decorateReply: false,
      index: false,
      // A console not built yet is said by its page, not by a warning at every start.
      suppressWarning: true,
      immutable: true,
      maxAge: '365d',
      setHeaders: (reply) => void reply.header('x-content-type-options', 'nosniff'),
    });
  });
}
