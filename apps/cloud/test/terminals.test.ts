// Terminals belong to merchants: the operator creates one (with a one-time code), the terminal
// exchanges the code once for its identity, device credential and X-API-Key, and then calls the
// device API with the credential. Wrong, used and expired codes change nothing; attempts are
// limited per address; deactivation, re-activation, credential and API key rotation; and a
// device sees only its own terminal.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { deviceCredentials, terminalActivationCodes, terminalApiKeys, terminals } from '../src/db/schema.js';
import type { Cloud } from '../src/server.js';
import { TERMINAL_ADMIN_ROUTES } from '../src/terminals/terminal-admin-routes.js';
import { admin, call, DRIVERS, openTestDatabase, startTestCloud, type TestDatabase } from './harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_PATTERN = /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** Time the tests move forward by hand. */
class TestClock implements Clock {
  at = Date.now();
  now(): Date {
    return new Date(this.at);
  }
}

describe.each(DRIVERS)('terminals on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(
      database,
      {
        activationRateLimit: { max: 1_000, windowMs: 60_000 },
        rateLimit: { max: 100_000, windowMs: 60_000 },
      },
      {},
      clock,
    );
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  const activate = (code: unknown, on: Cloud = cloud) =>
    call(on, 'POST', '/api/device/v1/activate', { body: { code } });
  const device = (credential: string, method: string, path: string, body?: unknown) =>
    call(cloud, method, `/api/device/v1${path}`, {
      headers: { authorization: `Bearer ${credential}` },
      ...(body === undefined ? {} : { body }),
    });

  async function newMerchant(name = 'Magazin SRL') {
    const res = await admin(cloud, 'POST', '/merchants', {
      body: { name, idno: '1003600012345', address: 'str. Ștefan cel Mare 1, Chișinău' },
    });
    expect(res.status).toBe(201);
    return res.json().id as string;
  }

  async function newTerminal(merchantId: string, name = 'Casa 1') {
    const res = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body: { name } });
    expect(res.status).toBe(201);
    return res.json() as {
      terminal: { id: string };
      activationCode: string;
      activationCodeExpiresAt: string;
    };
  }

  async function activeTerminal(merchantId: string) {
    const created = await newTerminal(merchantId);
    const res = await activate(created.activationCode);
    expect(res.status).toBe(200);
    return { terminalId: created.terminal.id, ...res.json() } as {
      terminalId: string;
      deviceCredential: string;
      apiKey: string;
    };
  }

  const terminalRow = async (id: string) =>
    (await database.db.select().from(terminals).where(eq(terminals.id, id)))[0]!;

  it('refuses every terminal administration route without the operator token', async () => {
    for (const route of TERMINAL_ADMIN_ROUTES) {
      const res = await call(cloud, route.method, route.path.replace(/\{\w+\}/g, 'x'));
      expect(res.status, route.path).toBe(401);
      expect(res.json().code).toBe('missing_operator_token');
    }
  });

  it('keeps a merchant’s fiscal identity: set at creation, changed by PATCH, 13 digits only', async () => {
    const merchantId = await newMerchant();
    const changed = await admin(cloud, 'PATCH', `/merchants/${merchantId}`, {
      body: { address: 'bd. Dacia 2, Chișinău' },
    });
    expect(changed.json()).toMatchObject({
      id: merchantId,
      name: 'Magazin SRL',
      idno: '1003600012345',
      address: 'bd. Dacia 2, Chișinău',
    });
    for (const idno of ['123', '10036000123456', '100360001234a']) {
      const refused = await admin(cloud, 'PATCH', `/merchants/${merchantId}`, { body: { idno } });
      expect(refused.status, idno).toBe(400);
      expect(refused.json().errors[0].path).toBe('body.idno');
    }
    const cleared = await admin(cloud, 'PATCH', `/merchants/${merchantId}`, { body: { idno: null } });
    expect(cleared.json().idno).toBeNull();
    expect((await admin(cloud, 'PATCH', '/merchants/mer_missing', { body: { name: 'X' } })).status).toBe(404);
  });

  it('creates a terminal with a code, activates it once with the code typed any way, and lists it', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId, 'Casa principală');
    expect(created.activationCode).toMatch(CODE_PATTERN);
    expect(Date.parse(created.activationCodeExpiresAt) - clock.at).toBe(DAY_MS);
    expect(created.terminal).toMatchObject({ merchantId, name: 'Casa principală', status: 'pending' });

    const typed = created.activationCode.replace('-', '').toLowerCase();
    const res = await activate(typed);
    expect(res.status).toBe(200);
    const activation = res.json();
    expect(activation).toEqual({
      terminalId: created.terminal.id,
      publicId: expect.stringMatching(/^[0-9a-f]{32}$/),
      terminalName: 'Casa principală',
      merchant: {
        id: merchantId,
        name: 'Magazin SRL',
        idno: '1003600012345',
        address: 'str. Ștefan cel Mare 1, Chișinău',
      },
      deviceCredential: expect.stringMatching(/^dc_[0-9A-Za-z]{43}$/),
      apiKey: expect.stringMatching(/^tk_[0-9A-Za-z]{43}$/),
      capabilities: ['signed_report_amounts'],
    });

    const again = await activate(created.activationCode);
    expect(again.status).toBe(422);
    expect(again.json()).toMatchObject({ code: 'activation_code_used' });

    const self = await device(activation.deviceCredential, 'GET', '/terminal');
    expect(self.status).toBe(200);
    expect(self.json()).toEqual({
      terminalId: created.terminal.id,
      publicId: activation.publicId,
      terminalName: 'Casa principală',
      status: 'active',
      merchant: activation.merchant,
      pendingApiKey: null,
      capabilities: ['signed_report_amounts'],
    });
    const listed = (await admin(cloud, 'GET', `/merchants/${merchantId}/terminals`)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: created.terminal.id,
        status: 'active',
        apiKeyLastFour: activation.apiKey.slice(-4),
        apiKeyRotationPending: false,
      }),
    ]);
    const renamed = await admin(cloud, 'PATCH', `/merchants/${merchantId}/terminals/${created.terminal.id}`, {
      body: { name: 'Casa 2' },
    });
    expect(renamed.json().name).toBe('Casa 2');
    expect((await device(activation.deviceCredential, 'GET', '/terminal')).json().terminalName).toBe(
      'Casa 2',
    );
  });

  it('activates exactly once when two devices send one code at the same time', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId);
    const answers = await Promise.all([activate(created.activationCode), activate(created.activationCode)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.json().code).toBe('activation_code_used');
    const live = await database.db
      .select()
      .from(deviceCredentials)
      .where(eq(deviceCredentials.terminalId, created.terminal.id));
    expect(live).toHaveLength(1);
  });

  it('stores codes, credentials and keys as hashes only', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId);
    const activation = (await activate(created.activationCode)).json();
    const stored = JSON.stringify([
      await database.db.select().from(terminalActivationCodes),
      await database.db.select().from(deviceCredentials),
      await database.db.select().from(terminalApiKeys),
    ]);
    for (const secret of [created.activationCode, created.activationCode.replace('-', '')])
      expect(stored).not.toContain(secret);
    expect(stored).not.toContain(activation.deviceCredential);
    expect(stored).not.toContain(activation.apiKey);
  });

  it('refuses a wrong or malformed code with a problem and changes nothing', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId);
    for (const code of ['ABCD-EFGH', 'hello', 'AAAA-AAA0', '']) {
      const res = await activate(code);
      expect(res.status, code).toBe(code === '' ? 400 : 422);
      if (code !== '') expect(res.json()).toMatchObject({ code: 'invalid_activation_code', status: 422 });
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect((await activate(42)).status).toBe(400);
    expect((await terminalRow(created.terminal.id)).status).toBe('pending');
    expect((await activate(created.activationCode)).status).toBe(200);
  });

  it('refuses an expired code (24 h) and leaves the terminal pending; a new code works', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId);
    clock.at += DAY_MS;
    const expired = await activate(created.activationCode);
    expect(expired.status).toBe(422);
    expect(expired.json()).toMatchObject({ code: 'activation_code_expired' });
    expect((await terminalRow(created.terminal.id)).status).toBe('pending');
    const fresh = await admin(
      cloud,
      'POST',
      `/merchants/${merchantId}/terminals/${created.terminal.id}/activation-code`,
    );
    expect(fresh.status).toBe(201);
    expect(fresh.json().activationCode).toMatch(CODE_PATTERN);
    expect((await activate(fresh.json().activationCode)).status).toBe(200);
  });

  it('lets a new code replace an unused one', async () => {
    const merchantId = await newMerchant();
    const created = await newTerminal(merchantId);
    const second = (
      await admin(cloud, 'POST', `/merchants/${merchantId}/terminals/${created.terminal.id}/activation-code`)
    ).json();
    expect((await activate(created.activationCode)).json().code).toBe('invalid_activation_code');
    expect((await activate(second.activationCode)).status).toBe(200);
  });

  it('re-activation with a new code revokes the old device’s credential and key', async () => {
    const merchantId = await newMerchant();
    const old = await activeTerminal(merchantId);
    const code = (
      await admin(cloud, 'POST', `/merchants/${merchantId}/terminals/${old.terminalId}/activation-code`)
    ).json().activationCode;
    expect((await device(old.deviceCredential, 'GET', '/terminal')).status).toBe(200);
    const replacement = (await activate(code)).json();
    expect(replacement.terminalId).toBe(old.terminalId);
    const refused = await device(old.deviceCredential, 'GET', '/terminal');
    expect(refused.status).toBe(401);
    expect(refused.json().code).toBe('invalid_device_credential');
    expect((await device(replacement.deviceCredential, 'GET', '/terminal')).status).toBe(200);
    const [listed] = (await admin(cloud, 'GET', `/merchants/${merchantId}/terminals`)).json().data;
    expect(listed.apiKeyLastFour).toBe(replacement.apiKey.slice(-4));
  });

  it('deactivation revokes the credential and refuses activation, codes and a second deactivation', async () => {
    const merchantId = await newMerchant();
    const t = await activeTerminal(merchantId);
    const pending = await newTerminal(merchantId, 'Casa 3');
    const base = `/merchants/${merchantId}/terminals`;
    const code = (await admin(cloud, 'POST', `${base}/${t.terminalId}/activation-code`)).json()
      .activationCode;
    const off = await admin(cloud, 'POST', `${base}/${t.terminalId}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.json()).toMatchObject({ status: 'deactivated', deactivatedAt: clock.now().toISOString() });
    expect((await device(t.deviceCredential, 'GET', '/terminal')).status).toBe(401);
    expect((await activate(code)).json().code).toBe('invalid_activation_code');
    for (const path of ['activation-code', 'deactivate', 'api-key/rotate']) {
      const res = await admin(cloud, 'POST', `${base}/${t.terminalId}/${path}`);
      expect(res.status, path).toBe(409);
      expect(res.json().code).toBe('terminal_status_conflict');
    }
    expect((await admin(cloud, 'POST', `${base}/${pending.terminal.id}/deactivate`)).status).toBe(200);
    expect((await activate(pending.activationCode)).json().code).toBe('invalid_activation_code');
  });

  it('rotates the device credential: the old one works until the new one is first used', async () => {
    const merchantId = await newMerchant();
    const t = await activeTerminal(merchantId);
    const lost = (await device(t.deviceCredential, 'POST', '/credential/rotate')).json().deviceCredential;
    // The answer was lost: the old credential still works and rotates again; the lost one dies.
    const rotated = await device(t.deviceCredential, 'POST', '/credential/rotate');
    expect(rotated.status).toBe(200);
    const next = rotated.json().deviceCredential;
    expect(next).toMatch(/^dc_/);
    expect((await device(lost, 'GET', '/terminal')).status).toBe(401);
    expect((await device(t.deviceCredential, 'GET', '/terminal')).status).toBe(200);
    expect((await device(next, 'GET', '/terminal')).status).toBe(200);
    expect((await device(t.deviceCredential, 'GET', '/terminal')).status).toBe(401);
    expect((await device(next, 'GET', '/terminal')).status).toBe(200);
  });

  it('rotates the terminal API key: pending until acknowledged, then the copy is dropped', async () => {
    const merchantId = await newMerchant();
    const t = await activeTerminal(merchantId);
    const path = `/merchants/${merchantId}/terminals/${t.terminalId}/api-key/rotate`;
    const first = await admin(cloud, 'POST', path, { body: { graceSeconds: 60 } });
    expect(first.status).toBe(201);
    const rotated = await admin(cloud, 'POST', path, { body: { graceSeconds: 3600 } });
    expect(rotated.json().terminal).toMatchObject({
      apiKeyLastFour: t.apiKey.slice(-4),
      apiKeyRotationPending: true,
    });
    expect(rotated.text).not.toMatch(/tk_/);
    const pending = (await device(t.deviceCredential, 'GET', '/terminal')).json().pendingApiKey;
    expect(pending).toEqual({
      id: rotated.json().apiKey.id,
      key: expect.stringMatching(/^tk_/),
      previousKeyGraceSeconds: 3600,
    });
    expect(pending.key.slice(-4)).toBe(rotated.json().apiKey.lastFour);
    const stale = await device(t.deviceCredential, 'POST', '/terminal/api-key/ack', {
      id: first.json().apiKey.id,
    });
    expect(stale.status).toBe(404);

    const ack = await device(t.deviceCredential, 'POST', '/terminal/api-key/ack', { id: pending.id });
    expect(ack.status).toBe(204);
    expect((await device(t.deviceCredential, 'GET', '/terminal')).json().pendingApiKey).toBeNull();
    const rows = await database.db
      .select()
      .from(terminalApiKeys)
      .where(eq(terminalApiKeys.terminalId, t.terminalId));
    expect(rows.every((r) => r.pendingCiphertext === null)).toBe(true);
    const previous = rows.find((r) => r.lastFour === t.apiKey.slice(-4) && r.revokedAt === null);
    expect(previous?.expiresAt?.getTime()).toBe(clock.at + 3600 * 1000);
    expect(
      (await device(t.deviceCredential, 'POST', '/terminal/api-key/ack', { id: pending.id })).status,
    ).toBe(204);
    const [listed] = (await admin(cloud, 'GET', `/merchants/${merchantId}/terminals`)).json().data;
    expect(listed).toMatchObject({ apiKeyLastFour: pending.key.slice(-4), apiKeyRotationPending: false });
    const pendingTerminal = await newTerminal(merchantId);
    const refused = await admin(
      cloud,
      'POST',
      `/merchants/${merchantId}/terminals/${pendingTerminal.terminal.id}/api-key/rotate`,
    );
    expect(refused.json().code).toBe('terminal_status_conflict');
  });

  it('replays an Idempotency-Key terminal creation without the code shown once', async () => {
    const merchantId = await newMerchant();
    const headers = { 'idempotency-key': `terminal-${driver}` };
    const body = { name: 'Casa idem' };
    const first = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body, headers });
    const retry = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body, headers });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json().terminal.id).toBe(first.json().terminal.id);
    expect(retry.json().activationCode).toBeUndefined();
    expect((await admin(cloud, 'GET', `/merchants/${merchantId}/terminals`)).json().data).toHaveLength(1);
  });
});
