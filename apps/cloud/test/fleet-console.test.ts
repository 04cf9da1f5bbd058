// The console's fleet API over real HTTP with signed-in users of each role: what each role may
// do (a viewer reads, a manager renames and tests, an owner does the rest; the others get 403
// role_forbidden), another merchant's terminals and keys answer 404, an activation code that
// activates, integration keys shown once that work, rotate with grace, stop when revoked and
// say when they were last used, and the integration module switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cloud } from '../src/server.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal,
  call,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type ActiveTerminal,
  type TestDatabase,
} from './harness.js';

const RELAY = 'http://127.0.0.1:1';

describe.each(DRIVERS)('console fleet on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let merchantId: string;
  let owner: ConsoleBrowser;
  let manager: ConsoleBrowser;
  let viewer: ConsoleBrowser;
  /** The owner of another merchant. */
  let stranger: ConsoleBrowser;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, {
      // No relay listens there: a test answers at once that the relay is unreachable (the real
      // relay's answers: fleet-terminal-test.test.ts).
      relayPublicUrl: RELAY,
      publicUrl: 'https://cloud.example',
    });
    ({ merchantId } = await seedMerchant(database, { name: 'Magazinul Ana' }));
    const other = await seedMerchant(database, { name: 'Alt magazin' });
    const signedIn = async (id: string, role: 'owner' | 'manager' | 'viewer') =>
      signInConsole(cloud, await seedConsoleUser(database, { merchantId: id, role }));
    [owner, manager, viewer, stranger] = await Promise.all([
      signedIn(merchantId, 'owner'),
      signedIn(merchantId, 'manager'),
      signedIn(merchantId, 'viewer'),
      signedIn(other.merchantId, 'owner'),
    ]);
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  it('creates a terminal with a code shown once that activates it, and the QR code’s text', async () => {
    const created = await owner.call('POST', '/terminals', { name: '  Casa 1 ' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { terminal, activation } = created.json();
    expect(terminal).toMatchObject({
      name: 'Casa 1',
      status: 'pending',
      online: false,
      lastSeenAt: null,
      health: null,
      alerts: [],
      relayAddress: `${RELAY}/api/relay/${terminal.publicId}`,
    });
    expect(activation.code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(activation.qrPayload).toBe(
      `fiscal-pos://activate?cloud=${encodeURIComponent('https://cloud.example')}&code=${activation.code}`,
    );
    const activated = await call(cloud, 'POST', '/api/device/v1/activate', {
      body: { code: activation.code },
    });
    expect(activated.status).toBe(200);
    expect(activated.json().terminalId).toBe(terminal.id);
    // Never shown again: not in the terminal, the list or the overview.
    for (const path of [`/terminals/${terminal.id}`, '/terminals', '/overview'])
      expect((await viewer.call('GET', path)).text).not.toContain(activation.code);
  });

  it('lets each role do what docs/console.md says, and refuses the rest with 403 role_forbidden', async () => {
    const t = await activeTerminal(cloud, merchantId, 'Casa R');
    const key = (await owner.call('POST', '/integration-keys', { scopes: ['products:read'] })).json();
    const writes: [string, string, unknown, 'manager' | 'owner'][] = [
      ['PATCH', `/terminals/${t.terminalId}`, { name: 'Casa R2' }, 'manager'],
      ['POST', `/terminals/${t.terminalId}/test`, undefined, 'manager'],
      ['POST', '/terminals', { name: 'Casa X' }, 'owner'],
      ['POST', `/terminals/${t.terminalId}/activation-code`, undefined, 'owner'],
      ['POST', `/terminals/${t.terminalId}/api-key/rotate`, { graceSeconds: 60 }, 'owner'],
      ['POST', `/terminals/${t.terminalId}/deactivate`, undefined, 'owner'],
      ['POST', '/integration-keys', { scopes: ['orders:read'] }, 'owner'],
      ['POST', `/integration-keys/${key.id}/rotate`, undefined, 'owner'],
      ['POST', `/integration-keys/${key.id}/revoke`, undefined, 'owner'],
      ['PUT', '/integration-module', { active: true }, 'owner'],
    ];
    for (const [method, path, body, least] of writes) {
      const refused = least === 'owner' ? [viewer, manager] : [viewer];
      for (const browser of refused) {
        const res = await browser.call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.json().code).toBe('role_forbidden');
      }
    }
    for (const path of [
      '/overview',
      '/terminals',
      `/terminals/${t.terminalId}`,
      '/integration-keys',
      '/integration-module',
    ])
      expect((await viewer.call('GET', path)).status, path).toBe(200);
    // Everything refused changed nothing; now the allowed ones, each by its least role.
    expect((await viewer.call('GET', `/terminals/${t.terminalId}`)).json().name).toBe('Casa R');
    for (const [method, path, body, least] of writes) {
      const res = await (least === 'owner' ? owner : manager).call(method, path, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    }
    const after = (await viewer.call('GET', `/terminals/${t.terminalId}`)).json();
    expect(after).toMatchObject({ name: 'Casa R2', status: 'deactivated' });
  });

  it('answers 404 for another merchant’s terminal or key, and changes nothing of it', async () => {
    const t = await activeTerminal(cloud, merchantId, 'Casa S');
    await device(cloud, t, 'POST', '/health', healthReport());
    const key = (await owner.call('POST', '/integration-keys', { scopes: ['products:read'] })).json();
    const attempts: [string, string, unknown][] = [
      ['GET', `/terminals/${t.terminalId}`, undefined],
      ['PATCH', `/terminals/${t.terminalId}`, { name: 'Mine' }],
      ['POST', `/terminals/${t.terminalId}/test`, undefined],
      ['POST', `/terminals/${t.terminalId}/activation-code`, undefined],
      ['POST', `/terminals/${t.terminalId}/api-key/rotate`, undefined],
      ['POST', `/terminals/${t.terminalId}/deactivate`, undefined],
      ['POST', `/integration-keys/${key.id}/rotate`, undefined],
      ['POST', `/integration-keys/${key.id}/revoke`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await stranger.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    for (const path of ['/overview', '/terminals', '/integration-keys']) {
      const text = (await stranger.call('GET', path)).text;
      expect(text).not.toContain(t.terminalId);
      expect(text).not.toContain(key.id);
    }
    expect((await owner.call('GET', `/terminals/${t.terminalId}`)).json()).toMatchObject({
      name: 'Casa S',
      status: 'active',
    });
    expect((await call(cloud, 'GET', '/api/public/v1/ping', { key: key.key })).status).toBe(200);
  });

  it('shows an integration key once, then its use; rotates with grace and revokes', async () => {
    const created = await owner.call('POST', '/integration-keys', {
      scopes: ['products:read', 'products:read', 'sales:read'],
      name: 'Shop site',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const key = created.json();
    expect(key).toMatchObject({ scopes: ['products:read', 'sales:read'], lastFour: key.key.slice(-4) });
    const listed = () =>
      viewer.call('GET', '/integration-keys?limit=200').then((r) => {
        expect(r.text).not.toContain(key.key);
        return r.json().data as { id: string; state: string; lastUsedAt: string | null }[];
      });
    expect((await listed()).find((k) => k.id === key.id)).toMatchObject({
      state: 'active',
      lastUsedAt: null,
    });

    expect((await call(cloud, 'GET', '/api/public/v1/products', { key: key.key })).status).toBe(200);
    const used = (await listed()).find((k) => k.id === key.id)!;
    expect(Date.now() - Date.parse(used.lastUsedAt!)).toBeLessThan(60_000);

    const rotated = await owner.call('POST', `/integration-keys/${key.id}/rotate`, { graceSeconds: 3600 });
    expect(rotated.status).toBe(201);
    const successor = rotated.json();
    expect(successor).toMatchObject({ previousKeyId: key.id, scopes: ['products:read', 'sales:read'] });
    // Both work during the grace period; the old one says it is rotating.
    for (const k of [key.key, successor.key])
      expect((await call(cloud, 'GET', '/api/public/v1/ping', { key: k })).status).toBe(200);
    expect((await listed()).find((k) => k.id === key.id)!.state).toBe('rotating');
    expect((await owner.call('POST', `/integration-keys/${key.id}/rotate`)).json().code).toBe(
      'key_already_rotated',
    );

    const revoked = await owner.call('POST', `/integration-keys/${successor.id}/revoke`);
    expect(revoked.json()).toMatchObject({ id: successor.id, state: 'revoked' });
    expect((await call(cloud, 'GET', '/api/public/v1/ping', { key: successor.key })).status).toBe(401);
    expect((await owner.call('POST', `/integration-keys/${successor.id}/revoke`)).status).toBe(404);
  });

  it('turns the integration module off and on', async () => {
    const key = (await owner.call('POST', '/integration-keys', { scopes: ['products:read'] })).json();
    expect((await owner.call('PUT', '/integration-module', { active: false })).json()).toEqual({
      active: false,
    });
    expect((await viewer.call('GET', '/integration-module')).json()).toEqual({ active: false });
    const off = await call(cloud, 'GET', '/api/public/v1/products', { key: key.key });
    expect(off.status).toBe(403);
    expect(off.json().code).toBe('module_inactive');
    await owner.call('PUT', '/integration-module', { active: true });
    expect((await call(cloud, 'GET', '/api/public/v1/products', { key: key.key })).status).toBe(200);
    expect((await owner.call('PUT', '/integration-module', { active: 'yes' })).status).toBe(400);
  });

  it('pages through terminals with the cursor, and shows the health of the overview', async () => {
    const fresh = await seedMerchant(database, { name: 'Pages' });
    const boss = await signInConsole(
      cloud,
      await seedConsoleUser(database, { merchantId: fresh.merchantId, role: 'owner' }),
    );
    const made: ActiveTerminal[] = [];
    for (const name of ['A', 'B', 'C']) made.push(await activeTerminal(cloud, fresh.merchantId, name));
    await device(
      cloud,
      made[0]!,
      'POST',
      '/health',
      healthReport({ printer: { state: 'paper-out', queuedJobs: 1, unconfirmedJobs: 0 } }),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await boss.call('GET', `/terminals?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.data.map((t: { id: string }) => t.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(made.map((t) => t.terminalId).sort());
    expect((await boss.call('GET', '/terminals?cursor=garbage')).status).toBe(400);

    const overview = (await boss.call('GET', '/overview')).json();
    expect(overview.summary).toEqual({ terminals: 3, online: 1, critical: 1, warning: 0 });
    expect(overview.thresholds).toEqual({
      fiscalDayExpiryWarningSeconds: 3600,
      offlineQueueMaxAgeSeconds: 14_400,
      silentAfterSeconds: 86_400,
      onlineWithinSeconds: 180,
    });
    const reported = overview.terminals.find((t: { id: string }) => t.id === made[0]!.terminalId);
    expect(reported).toMatchObject({
      online: true,
      health: { printer: { state: 'paper-out' } },
      alerts: [{ code: 'printer_paper_out', severity: 'critical', at: null }],
    });
    expect(overview.sales.terminals).toHaveLength(3);

    // A terminal from before VAT rates in the report says nothing of them; a newer one gives the
    // day's and those waiting for its Z report, which the console shows in percent.
    expect(reported.health.vatRates).toBeNull();
    const table = (b: number) => [
      { code: 'A' as const, rateBasisPoints: 800, exempt: false },
      { code: 'B' as const, rateBasisPoints: b, exempt: false },
      { code: '_' as const, rateBasisPoints: 0, exempt: true },
    ];
    const withRates = healthReport({ vatRates: { inUse: table(2000), pending: table(1950) } });
    expect((await device(cloud, made[1]!, 'POST', '/health', withRates)).status).toBe(204);
    const shown = (await boss.call('GET', `/terminals/${made[1]!.terminalId}`)).json();
    const percent = (b: number) => [
      { code: 'A', rate: 8 },
      { code: 'B', rate: b },
      { code: '_', rate: null },
    ];
    expect(shown.health.vatRates).toEqual({ inUse: percent(20), pending: percent(19.5) });
  });

  it('shows the receipts the cloud refused and the last refusal, alerting until none are', async () => {
    const fresh = await seedMerchant(database, { name: 'Refused' });
    const boss = await signInConsole(
      cloud,
      await seedConsoleUser(database, { merchantId: fresh.merchantId, role: 'viewer' }),
    );
    const t = await activeTerminal(cloud, fresh.merchantId, 'R');
    const shown = async () => (await boss.call('GET', `/terminals/${t.terminalId}`)).json();
    // A terminal before refusals were reported says nothing of them: unknown, not none.
    await device(cloud, t, 'POST', '/health', healthReport());
    expect((await shown()).health).toMatchObject({ documentsRefused: null, lastRefusal: null });

    // Its clock a minute ahead of the cloud's: the refusal's time is shown on the cloud's.
    const reportedAt = new Date(Date.now() + 60_000);
    const refusedAt = new Date(reportedAt.getTime() - 5 * 60_000);
    const lastRefusal = {
      operationId: '0193b4a0-0000-7000-8000-000000000001',
      reason: 'The cloud refused the document: documents[0].lines[0].productId: Too big',
      at: refusedAt.toISOString(),
    };
    const report = healthReport({
      reportedAt: reportedAt.toISOString(),
      documentsWaiting: 2,
      documentsRefused: 2,
      lastRefusal,
    });
    expect((await device(cloud, t, 'POST', '/health', report)).status).toBe(204);
    const terminal = await shown();
    expect(terminal.health).toMatchObject({
      documentsRefused: 2,
      lastRefusal: { operationId: lastRefusal.operationId, reason: lastRefusal.reason },
    });
    const at = Date.parse(terminal.health.lastRefusal.at);
    expect(Math.abs(at - (refusedAt.getTime() - 60_000))).toBeLessThan(5_000);
    expect(terminal.alerts).toEqual([
      { code: 'documents_refused', severity: 'critical', at: terminal.health.lastRefusal.at },
    ]);
    const overview = (await boss.call('GET', '/overview')).json();
    expect(overview.summary).toMatchObject({ critical: 1, warning: 0 });

    // Sent again and taken: none refused, the alert is gone.
    const mended = healthReport({ documentsRefused: 0, lastRefusal: null });
    expect((await device(cloud, t, 'POST', '/health', mended)).status).toBe(204);
    expect(await shown()).toMatchObject({ health: { documentsRefused: 0, lastRefusal: null }, alerts: [] });
  });

  it('refuses a change without the CSRF token, and a body that is not valid with 400', async () => {
    const noCsrf = await owner.call('POST', '/terminals', { name: 'X' }, { 'x-csrf-token': '' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json().code).toBe('csrf_token_invalid');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }]) {
      const res = await owner.call('POST', '/terminals', body);
      expect(res.status).toBe(400);
      expect(res.json().code).toBe('invalid_request');
    }
    expect((await owner.call('POST', '/integration-keys', { scopes: [] })).status).toBe(400);
    expect((await owner.call('POST', '/integration-keys', { scopes: ['everything'] })).status).toBe(400);
  });
});
