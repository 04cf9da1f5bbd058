// Console changes are audited and idempotent like the administration API's: one audit row per
// change naming the user (in the change's transaction: a refused change leaves only its refusal),
// an Idempotency-Key retry answers the first answer without acting again, the same key with
// another body is 409 idempotency_conflict, and a key is its user's alone. The Activity route
// lists the rows by actor and resource, a page at a time. Over real HTTP, on PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../src/console-users/secret-tokens.js';
import { adminAuditLog, adminIdempotency, apiKeys, consolePasswordResets } from '../src/db/schema.js';
import { DECLARED_OPERATIONS } from '../src/audit/audit-subjects.js';
import { ALL_ROUTES } from '../src/routes.js';
import type { Cloud } from '../src/server.js';
import {
  seedConsoleUser,
  signInConsole,
  type ConsoleBrowser,
  type SeededConsoleUser,
} from './console-harness.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type TestDatabase,
} from './harness.js';

describe('what the audit log says was changed', () => {
  it('is declared for every audited operation, the operator’s, the console’s and its sign-ins', () => {
    const audited = ALL_ROUTES.filter((route) => route.audited);
    expect(new Set(audited.map((route) => route.access))).toEqual(
      new Set(['operator', 'console', 'console-open']),
    );
    expect([...DECLARED_OPERATIONS].sort()).toEqual([...new Set(audited.map((r) => r.operationId))].sort());
  });
});

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
    // The key's name is kept as the subject's (the Activity page names it); the key itself never.
    expect(rows[0]).toMatchObject({
      subjectKind: 'integration-key',
      subjectId: created.json().id,
      subjectName: 'audited',
    });
    const everything = JSON.stringify(await database.db.select().from(adminAuditLog));
    expect(everything).not.toContain(created.json().key);
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

  /** The merchant's Activity as the API answers it. */
  interface Entry {
    id: string;
    operation: string;
    status: number;
    actor: { kind: string; userId?: string; email?: string };
    subject: { kind: string; id: string | null; name: string | null } | null;
  }
  const activity = async (): Promise<Entry[]> =>
    (await ownerBrowser.call('GET', '/activity?limit=200')).json().data as Entry[];
  const entryOf = async (response: { headers: Headers }) => {
    const [row] = await auditRowsOf(response.headers.get('x-request-id'));
    return (await activity()).find((entry) => entry.id === String(row!.id));
  };

  it('names what was changed as it was named then: a rename by its new name, a deletion by its last', async () => {
    const made = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, {
      body: { name: 'Casa nouă' },
    });
    expect(made.status).toBe(201);
    const terminalId = made.json().terminal.id as string;
    expect(await entryOf(made)).toMatchObject({
      operation: 'adminCreateTerminal',
      actor: { kind: 'operator' },
      subject: { kind: 'terminal', id: terminalId, name: 'Casa nouă' },
    });
    const renamed = await ownerBrowser.call('PATCH', `/terminals/${terminalId}`, { name: 'Casa 1' });
    expect(await entryOf(renamed)).toMatchObject({
      operation: 'consoleRenameTerminal',
      subject: { kind: 'terminal', id: terminalId, name: 'Casa 1' },
    });
    const category = await ownerBrowser.call('POST', '/categories', { name: 'Lactate' });
    const categoryId = category.json().id as string;
    await ownerBrowser.call('PATCH', `/categories/${categoryId}`, { name: 'Lactate și brânzeturi' });
    const deleted = await ownerBrowser.call('DELETE', `/categories/${categoryId}`);
    expect(deleted.status).toBe(204);
    expect(await entryOf(category)).toMatchObject({ subject: { kind: 'category', name: 'Lactate' } });
    expect(await entryOf(deleted)).toMatchObject({
      operation: 'consoleDeleteCategory',
      subject: { kind: 'category', id: categoryId, name: 'Lactate și brânzeturi' },
    });
  });

  it('finds the merchant of an operator’s change to a key, whose path names no merchant', async () => {
    const key = await admin(cloud, 'POST', `/merchants/${merchantId}/keys`, {
      body: { name: 'ERP', scopes: ['orders:read'] },
    });
    const revoked = await admin(cloud, 'POST', `/keys/${key.json().id}/revoke`);
    expect(revoked.status).toBeLessThan(300);
    expect(await entryOf(revoked)).toMatchObject({
      operation: 'adminRevokeKey',
      actor: { kind: 'operator' },
      subject: { kind: 'integration-key', id: key.json().id, name: 'ERP' },
    });
  });

  it('names a user signed out everywhere (the body names them) by their address', async () => {
    const viewer = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    const signedOut = await ownerBrowser.call('POST', '/users/sign-out-everywhere', { userId: viewer.id });
    expect(signedOut.status).toBe(204);
    expect(await entryOf(signedOut)).toMatchObject({
      operation: 'consoleSignUserOutEverywhere',
      subject: { kind: 'user', id: viewer.id, name: viewer.email },
    });
  });

  it('never names another merchant’s thing, even one a refused change pointed at', async () => {
    const other = await seedMerchant(database, { name: 'Elsewhere' });
    const theirs = await admin(cloud, 'POST', `/merchants/${other.merchantId}/terminals`, {
      body: { name: 'THEIR-TERMINAL' },
    });
    const theirId = theirs.json().terminal.id as string;
    const refused = await ownerBrowser.call('PATCH', `/terminals/${theirId}`, { name: 'Mine now' });
    expect(refused.status).toBe(404);
    expect(await entryOf(refused)).toMatchObject({
      status: 404,
      subject: { kind: 'terminal', id: theirId, name: null },
    });
    expect(JSON.stringify(await activity())).not.toContain('THEIR-TERMINAL');
  });

  it('gives a row from before names were kept its kind and id from its path, never the path alone', async () => {
    await database.db.insert(adminAuditLog).values(
      [
        ['consoleUpdateCategory', '/api/console/v1/categories/cat_old'],
        ['adminSetStock', `/api/admin/v1/merchants/${merchantId}/products/P-7/stock`],
        ['consoleCreateCategory', '/api/console/v1/categories'],
        ['consoleImportProducts', '/api/console/v1/products/import'],
      ].map(([operation, path]) => ({
        requestId: `req-old-${operation}`,
        operation: operation!,
        method: 'POST',
        path: path!,
        status: 200,
        merchantId,
      })),
    );
    const old = (await activity()).filter((entry) => entry.operation !== 'consoleSignIn').slice(0, 4);
    expect(old.map((entry) => entry.subject)).toEqual([
      null,
      { kind: 'category', id: null, name: null },
      { kind: 'product', id: 'P-7', name: null },
      { kind: 'category', id: 'cat_old', name: null },
    ]);
  });

  it('lists sign-ins, and refused ones of an account of the shop, but no attempt naming no account', async () => {
    const signIn = (email: string, password: string) =>
      call(cloud, 'POST', '/api/console/v1/auth/sign-in', { body: { email, password } });
    const refused = await signIn(manager.email, 'not the password');
    expect(refused.status).toBe(401);
    const unknown = await signIn(`nobody-${driver}@shop.test`, 'not the password');
    expect(unknown.status).toBe(401);
    expect(await auditRowsOf(unknown.headers.get('x-request-id'))).toEqual([]);
    const signedIn = await signIn(manager.email, manager.password);
    expect(signedIn.status).toBe(200);
    const actor = { kind: 'console_user', userId: manager.id, email: manager.email };
    expect(await entryOf(refused)).toMatchObject({
      operation: 'consoleSignIn',
      status: 401,
      actor,
      subject: null,
    });
    expect(await entryOf(signedIn)).toMatchObject({ operation: 'consoleSignIn', status: 200, actor });
    const auth = (await ownerBrowser.call('GET', '/activity?resource=auth')).json().data as Entry[];
    expect(auth.some((entry) => entry.operation === 'consoleSignIn')).toBe(true);
  });

  it('lists an accepted invitation and a password reset as the person they signed in', async () => {
    const email = `joiner-${driver}@shop.test`;
    const invited = await ownerBrowser.call('POST', '/users/invitations', { email, role: 'viewer' });
    expect(await entryOf(invited)).toMatchObject({
      operation: 'consoleInviteUser',
      subject: { kind: 'invitation', name: email },
    });
    const token = (invited.json().link as string).split('/').pop()!;
    const accepted = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token, password: 'a long enough password 1' },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const joiner = accepted.json().user as { id: string };
    expect(await entryOf(accepted)).toMatchObject({
      operation: 'consoleAcceptInvitation',
      status: 200,
      actor: { kind: 'console_user', userId: joiner.id, email },
    });

    const resetToken = `resetToken${driver.replace(/\W/g, '')}0123456789`;
    await database.db.insert(consolePasswordResets).values({
      id: `pwr_audit_${driver}`,
      userId: joiner.id,
      tokenHash: hashSecretToken(resetToken),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await call(cloud, 'POST', '/api/console/v1/auth/password-reset/complete', {
      body: { token: resetToken, password: 'another long password 2' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(await entryOf(reset)).toMatchObject({
      operation: 'consoleCompletePasswordReset',
      actor: { kind: 'console_user', userId: joiner.id, email },
    });
  });

  it('shows a merchant none of another merchant’s activity', async () => {
    const other = await seedMerchant(database, { name: 'Other shop' });
    const strangerUser = await seedConsoleUser(database, { merchantId: other.merchantId, role: 'owner' });
    const stranger = await signInConsole(cloud, strangerUser);
    // Their own sign-in, and nothing of this shop's.
    expect((await stranger.call('GET', '/activity')).json().data).toMatchObject([
      { operation: 'consoleSignIn', actor: { userId: strangerUser.id } },
    ]);
    const byOwner = await stranger.call('GET', `/activity?actor=${owner.id}`);
    expect(byOwner.json().data).toEqual([]);
  });
});
