// The relay API (/api/relay/v1): only the relay token opens it (and nothing does on a cloud
// without RELAY_TOKEN); verify answers who a credential is, with the terminal's publicId and a
// link number counted up per dial, under the device API's rules; the revocations feed lists a
// credential once it stops working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate } from '../src/db/migrate.js';
import { terminals } from '../src/db/schema.js';
import { createMerchant } from '../src/merchants/merchants.js';
import type { Cloud } from '../src/server.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testSecrets,
  type TestDatabase,
} from './harness.js';

const RELAY_TOKEN = 'rt_test_relay_api_0123456789';

describe.each(DRIVERS)('the relay API (%s)', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let closed: Cloud;
  let merchantId: string;
  const relay = (method: string, path: string, body?: unknown, token = RELAY_TOKEN, on = cloud) =>
    call(on, method, `/api/relay/v1${path}`, { body, headers: { authorization: `Bearer ${token}` } });

  async function activated(name: string) {
    const created = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body: { name } });
    const activation = await call(cloud, 'POST', '/api/device/v1/activate', {
      body: { code: created.json().activationCode },
    });
    return activation.json() as { terminalId: string; publicId: string; deviceCredential: string };
  }

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, { relayToken: RELAY_TOKEN });
    closed = await startTestCloud(database);
    merchantId = (await seedMerchant(database)).merchantId;
  });
  afterAll(async () => {
    await closed?.close();
    await cloud?.close();
    await database?.close();
  });

  it('refuses without the relay token, with a wrong one, and on a cloud without RELAY_TOKEN', async () => {
    const absent = await call(cloud, 'GET', '/api/relay/v1/revocations');
    const wrong = await relay('GET', '/revocations', undefined, `${RELAY_TOKEN}x`);
    const none = await relay('GET', '/revocations', undefined, RELAY_TOKEN, closed);
    for (const refused of [absent, wrong, none]) {
      expect(refused.status).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'invalid_relay_token' });
    }
  });

  it('verifies a live credential and names its terminal and publicId; refuses others', async () => {
    const terminal = await activated('Casa 1');
    const ok = await relay('POST', '/verify', { deviceCredential: terminal.deviceCredential });
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({
      terminalId: terminal.terminalId,
      publicId: terminal.publicId,
      merchantId,
      credentialId: expect.stringMatching(/^dcr_/),
      linkSeq: 1,
    });
    expect(terminal.publicId).not.toBe(terminal.terminalId);
    // Each verified dial of the terminal counts one up: the relay keeps the highest.
    const again = await relay('POST', '/verify', { deviceCredential: terminal.deviceCredential });
    expect(again.json().linkSeq).toBe(2);
    const forged = await relay('POST', '/verify', { deviceCredential: 'dc_forged' });
    expect(forged.status).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'invalid_device_credential' });
  });

  it('lists a credential in the revocations feed once its terminal is deactivated', async () => {
    const terminal = await activated('Casa 2');
    const { credentialId } = (
      await relay('POST', '/verify', { deviceCredential: terminal.deviceCredential })
    ).json();
    const start = (await relay('GET', '/revocations')).json();
    expect(start.revoked).toEqual([]);
    await admin(cloud, 'POST', `/merchants/${merchantId}/terminals/${terminal.terminalId}/deactivate`);
    const next = (await relay('GET', `/revocations?since=${start.cursor}`)).json();
    expect(next.revoked).toContainEqual({ credentialId, terminalId: terminal.terminalId });
    const refused = await relay('POST', '/verify', { deviceCredential: terminal.deviceCredential });
    expect(refused.status).toBe(401);
  });
});

describe.each(DRIVERS)('migration 0011_relay (%s)', (driver) => {
  it('gives terminals created before it each their own random publicId', async () => {
    const database = await openTestDatabase(driver, '0009_catalog');
    try {
      const merchant = await createMerchant(database.db, { name: 'Before', integrationActive: false });
      for (const id of ['trm_old1', 'trm_old2'])
        await database.db.execute(
          sql`insert into terminals (id, merchant_id, name, status, created_at) values (${id}, ${merchant.id}, ${id}, 'pending', now())`,
        );
      await migrate(database.db, { secrets: testSecrets });
      const rows = await database.db.select({ publicId: terminals.publicId }).from(terminals);
      const publicIds = rows.map((row) => row.publicId);
      expect(publicIds).toHaveLength(2);
      for (const publicId of publicIds) expect(publicId).toMatch(/^[0-9a-f]{32}$/);
      expect(new Set(publicIds).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
