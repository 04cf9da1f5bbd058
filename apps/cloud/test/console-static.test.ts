// The merchant console's files as the cloud serves them under /console (console-static.ts): the
// page at every address (deep links), hashed assets cached for a year, the page never cached and
// under a strict CSP, `/` sent to the console, and a clear 503 while the console is not built.
// The files are a stand-in build in a temporary directory: what is tested is the serving, which
// the browser tests (apps/console/test) and the production smoke test exercise with Vite's build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud } from '../src/server.js';
import { call, openTestDatabase, startTestCloud, type TestDatabase } from './harness.js';

const PAGE =
  '<!doctype html><title>console</title><script type="module" src="/console/assets/app-abc123.js"></script>';

describe('the console under /console', () => {
  let database: TestDatabase;
  let built: Cloud;
  let notBuilt: Cloud;
  const dir = mkdtempSync(join(tmpdir(), 'console-static-'));

  beforeAll(async () => {
    mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'index.html'), PAGE);
    writeFileSync(join(dir, 'dist', 'assets', 'app-abc123.js'), 'console.log("console");');
    writeFileSync(join(dir, 'secret.txt'), 'not to be served');
    database = await openTestDatabase('pglite');
    built = await startTestCloud(database, { consoleDir: join(dir, 'dist') });
    notBuilt = await startTestCloud(database, { consoleDir: join(dir, 'nothing-here') });
  });
  afterAll(async () => {
    await built?.close();
    await notBuilt?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends / and /console to /console/', async () => {
    for (const path of ['/', '/console']) {
      const answer = await fetch(built.url + path, { redirect: 'manual' });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('location'), path).toBe('/console/');
    }
  });

  it('answers the page at /console/ and at any deep link, never cached, under a strict policy', async () => {
    for (const path of ['/console/', '/console/users', '/console/invitation/tok_abc', '/console/a/b?c=d']) {
      const answer = await call(built, 'GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.text, path).toBe(PAGE);
      expect(answer.headers.get('cache-control'), path).toBe('no-cache');
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves a hashed asset for a year, and a missing one as a 404 rather than the page', async () => {
    const asset = await call(built, 'GET', '/console/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log("console");');
    const missing = await call(built, 'GET', '/console/assets/app-gone.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<!doctype html>');
  });

  it('serves nothing outside the build', async () => {
    for (const path of ['/console/assets/../../secret.txt', '/console/assets/%2e%2e/%2e%2e/secret.txt']) {
      const answer = await call(built, 'GET', path);
      expect(answer.text, path).not.toContain('not to be served');
    }
  });

  it('leaves the API its own answers: an unknown API path is still a problem', async () => {
    const answer = await call(built, 'GET', '/api/console/v1/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('starts without a built console, and says at /console/ how to build it', async () => {
    const answer = await call(notBuilt, 'GET', '/console/users');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('npm run build -w @fiscal-pos/console');
    expect((await call(notBuilt, 'GET', '/healthz')).status).toBe(200);
  });
});
