// Console changes are audited and idempotent like the administration API's: one audit row per
// change naming the user (in the change's transaction: a refused change leaves only its refusal),
// an Idempotency-Key retry answers the first answer without acting again, the same key with
// another body is 409 idempotency_conflict, and a key is its user's alone. The Activity route
// lists the rows by actor and resource, a page at a time. Over real HTTP, on PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminIdempotency, apiKeys } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
import {
  seedConsoleUser,
  signInConsole,
  type ConsoleBrowser,
  type SeededConsoleUser,
} from './console-harness.js';
import {
  admin,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from './harness.js';

describe.each(DRIVERS)('console audit and idempotency on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let merchantId: string;
  let owner: SeededConsoleUser;
  let manager: SeededConsoleUser;
  let ownerBrowser: ConsoleBrowser;
  let managerBrowser: ConsoleBrowser;

  const auditRowsOf = (requestId: string | null) =>
    database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.requestId, requestId ?? ''));
  const liveKeysNamed = async (name: string) =>
    (await database.db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchantId))).filter(
      (key) => key.name === name,
    );

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    ({ merchantId } = await seedMerchant(database));
    owner = await seedConsoleUser(database, { merchantId, role: 'owner' });
    manager = await seedConsoleUser(database, { merchantId, role: 'manager' });
    cloud = await startTestCloud(database);
    ownerBrowser = await signInConsole(cloud, owner);
    managerBrowser = await signInConsole(cloud, manager);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('writes one audit row per change, naming the user, the e-mail and the merchant, never the secret', async () => {
    const created = await ownerBrowser.call('POST', '/integration-keys', {
      name: 'audited',
      scopes: ['orders:read'],
    });
    expect(created.status).toBe(201);
    const rows = await auditRowsOf(created.headers.get('x-request-id'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operation: 'consoleCreateIntegrationKey',
      method: 'POST',
      path: '/api/console/v1/integration-keys',
      status: 201,
      replayed: false,
      actorKind: 'console_user',
      actorUserId: owner.id,
      actorEmail: owner.email,
      merchantId,
    });
    const everything = JSON.stringify(await database.db.select().from(adminAuditLog));
    expect(everything).not.toContain(created.json().key);
    expect(everything).not.toContain('audited');
  });

  it('rolls a refused change back and audits the refusal once', async () => {
    const refused = await managerBrowser.call('PATCH', '/terminals/term_none', { name: 'Nowhere' });
    expect(refused.status).toBe(404);
    const rows = await auditRowsOf(refused.headers.get('x-request-id'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operation: 'consoleRenameTerminal',
      status: 404,
      actorUserId: manager.id,
    });
  });

  it('answers a retry with the same Idempotency-Key with the first answer, without acting twice', async () => {
    const headers = { 'idempotency-key': `create-key-${driver}` };
    const body = { name: 'retried', scopes: ['orders:read'] };
    const first = await ownerBrowser.call('POST', '/integration-keys', body, headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await ownerBrowser.call('POST', '/integration-keys', body, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // The same answer, without the key itself: it was shown once.
    const { key, ...shown } = first.json() as { key: string };
    expect(retry.json()).toEqual(shown);
    expect(key).toMatch(/\S/);
    expect(await liveKeysNamed('retried')).toHaveLength(1);
    const [kept] = await database.db
      .select()
      .from(adminIdempotency)
      .where(and(eq(adminIdempotency.scope, owner.id), eq(adminIdempotency.key, headers['idempotency-key'])));
    expect(JSON.stringify(kept)).not.toContain(key);
    // The request is kept as a keyed digest: a copy of the table cannot test guesses of a body.
    const plain = createHash('sha256')
      .update(`POST /api/console/v1/integration-keys\n${JSON.stringify(body)}`)
      .digest('hex');
    expect(kept!.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept!.requestHash).not.toBe(plain);
    const replayedRows = await auditRowsOf(retry.headers.get('x-request-id'));
    expect(replayedRows).toMatchObject([
      { status: 201, replayed: true, idempotencyKey: headers['idempotency-key'] },
    ]);
  });

  it('refuses the same key with another body as 409 idempotency_conflict, acting not at all', async () => {
    const headers = { 'idempotency-key': `conflict-${driver}` };
    const first = await ownerBrowser.call('POST', '/categories', { name: 'Băuturi' }, headers);
    expect(first.status).toBe(201);
    const other = await ownerBrowser.call('POST', '/categories', { name: 'Dulciuri' }, headers);
    expect(other.status).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    const categories = (await ownerBrowser.call('GET', '/categories')).json().data as { name: string }[];
    expect(categories.map((c) => c.name)).toContain('Băuturi');
    expect(categories.map((c) => c.name)).not.toContain('Dulciuri');
    expect(await auditRowsOf(other.headers.get('x-request-id'))).toMatchObject([
      { status: 409, replayed: false },
    ]);
  });

  it('acts once for two concurrent requests with the same key', async () => {
    const headers = { 'idempotency-key': `concurrent-${driver}` };
    const body = { name: 'concurrent', scopes: ['orders:read'] };
    const answers = await Promise.all([
      ownerBrowser.call('POST', '/integration-keys', body, headers),
      ownerBrowser.call('POST', '/integration-keys', body, headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.map((a) => a.headers.get('idempotent-replayed')).sort()).toEqual(['true', null].sort());
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await liveKeysNamed('concurrent')).toHaveLength(1);
  });

  it('keeps a key to its user: another user with the same key acts for themselves', async () => {
    const headers = { 'idempotency-key': `shared-${driver}` };
    const mine = await ownerBrowser.call('POST', '/categories', { name: 'A owner' }, headers);
    const theirs = await managerBrowser.call('POST', '/categories', { name: 'A manager' }, headers);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('lists the activity newest first, by actor and by resource, a page at a time', async () => {
    await admin(cloud, 'PUT', `/merchants/${merchantId}/integration`, { body: { active: true } });
    const all = await ownerBrowser.call('GET', '/activity?limit=200');
    expect(all.status).toBe(200);
    const entries = all.json().data as {
      id: string;
      actor: { kind: string; userId?: string };
      path: string;
    }[];
    expect(entries[0]!.actor).toEqual({ kind: 'operator' });
    expect(entries.map((e) => Number(e.id))).toEqual(entries.map((e) => Number(e.id)).sort((a, b) => b - a));

    const byManager = (await ownerBrowser.call('GET', `/activity?actor=${manager.id}`)).json()
      .data as typeof entries;
    expect(byManager.length).toBeGreaterThan(0);
    expect(byManager.every((e) => e.actor.userId === manager.id)).toBe(true);

    const categories = (await ownerBrowser.call('GET', '/activity?resource=categories')).json()
      .data as typeof entries;
    expect(categories.length).toBeGreaterThanOrEqual(3);
    expect(categories.every((e) => e.path.startsWith('/api/console/v1/categories'))).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const page = (await managerBrowser.call('GET', `/activity?limit=2${query}`)).json();
      seen.push(...(page.data as typeof entries).map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(entries.map((e) => e.id));
  });

  it('shows a merchant none of another merchant’s activity', async () => {
    const other = await seedMerchant(database, { name: 'Other shop' });
    const stranger = await signInConsole(
      cloud,
      await seedConsoleUser(database, { merchantId: other.merchantId, role: 'owner' }),
    );
    expect((await stranger.call('GET', '/activity')).json().data).toEqual([]);
    const byOwner = await stranger.call('GET', `/activity?actor=${owner.id}`);
    expect(byOwner.json().data).toEqual([]);
  });
});
