// Webhook signing secrets at rest: sealed with AES-256-GCM under a key from the environment or
// DATA_DIR, a key id beside each, the migration that sealed the secrets stored readable
// before, and a key rotation, each checked by deliveries an independent verifier accepts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { createKey } from '../src/keys/keys.js';
import { SCOPES } from '../src/keys/scopes.js';
import { webhookEndpoints } from '../src/db/schema.js';
import { resolveSecretsKeyring, SECRETS_KEY_FILE } from '../src/secrets/resolve-secrets-keyring.js';
import { parseSecretsKey, SecretsKeyring, secretsKeyId } from '../src/secrets/secrets-keyring.js';
import type { Cloud } from '../src/server.js';
import { newSigningSecret } from '../src/webhooks/signing.js';
import { unknownSecretsKeyIds } from '../src/db/seal-stored-secrets.js';
import {
  admin,
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  TEST_SECRETS_KEY,
  testSecrets,
  type TestDatabase,
  type TestMerchant,
} from './harness.js';
import { HttpsReceiver, selfSignedCertificate, waitFor } from './https-receiver.js';

const tls = selfSignedCertificate();
const newKey = () => randomBytes(32);

describe('secrets keyring', () => {
  it('seals with a fresh IV under the current key id and opens only for the row it is bound to', () => {
    const key = newKey();
    const keyring = new SecretsKeyring(key);
    const secret = newSigningSecret();
    const one = keyring.seal(secret, 'we_1');
    const two = keyring.seal(secret, 'we_1');
    expect(one.keyId).toBe(secretsKeyId(key));
    expect(one.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(one.ciphertext).not.toBe(two.ciphertext);
    expect(one.ciphertext).not.toContain(secret.slice('whsec_'.length, 20));
    expect(keyring.open(one, 'we_1')).toEqual({ ok: true, plaintext: secret });
    expect(keyring.open(one, 'we_2')).toMatchObject({ ok: false, reason: /fails authentication/ });
  });

  it('refuses a tampered value and a key it does not hold', () => {
    const keyring = new SecretsKeyring(newKey());
    const sealed = keyring.seal('whsec_x', 'we_1');
    const raw = Buffer.from(sealed.ciphertext, 'base64');
    raw[14]! ^= 1;
    expect(keyring.open({ ...sealed, ciphertext: raw.toString('base64') }, 'we_1').ok).toBe(false);
    const stranger = new SecretsKeyring(newKey());
    expect(stranger.knows(sealed.keyId)).toBe(false);
    expect(stranger.open(sealed, 'we_1')).toMatchObject({ ok: false, reason: /CLOUD_SECRETS_KEY/ });
  });

  it('opens values sealed with a previous key and seals new ones with the current key', () => {
    const old = newKey();
    const sealed = new SecretsKeyring(old).seal('whsec_old', 'we_1');
    const rotated = new SecretsKeyring(newKey(), [old]);
    expect(rotated.open(sealed, 'we_1')).toEqual({ ok: true, plaintext: 'whsec_old' });
    expect(rotated.seal('whsec_new', 'we_2').keyId).toBe(rotated.currentKeyId);
    expect(rotated.currentKeyId).not.toBe(sealed.keyId);
  });

  it('accepts only 32-byte base64 keys', () => {
    expect(parseSecretsKey(randomBytes(32).toString('base64'), 'K')).toHaveLength(32);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'), 'K')).toThrow(
      /K must be base64 of 32 bytes/,
    );
    expect(() => parseSecretsKey('not a key', 'K')).toThrow(/32 bytes/);
  });
});

describe('the secrets key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloud-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('comes from CLOUD_SECRETS_KEY when set, writing nothing', () => {
    const dir = tempDir();
    const key = newKey();
    const old = newKey();
    const { keyring, generatedFile } = resolveSecretsKeyring(
      { key: key.toString('base64'), previousKeys: [old.toString('base64')] },
      dir,
    );
    expect(generatedFile).toBeUndefined();
    expect(keyring.currentKeyId).toBe(secretsKeyId(key));
    expect(keyring.knows(secretsKeyId(old))).toBe(true);
    expect(() => statSync(join(dir, SECRETS_KEY_FILE))).toThrow();
  });

  it('is generated once into DATA_DIR (mode 0600) when unset, and read back on the next start', () => {
    const dir = join(tempDir(), 'nested');
    const first = resolveSecretsKeyring({ previousKeys: [] }, dir);
    const file = join(dir, SECRETS_KEY_FILE);
    expect(first.generatedFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(readFileSync(file, 'utf8'), 'file')).toHaveLength(32);
    const second = resolveSecretsKeyring({ previousKeys: [] }, dir);
    expect(second.generatedFile).toBeUndefined();
    expect(second.keyring.currentKeyId).toBe(first.keyring.currentKeyId);
  });

  it('refuses a malformed configured key at start', () => {
    expect(() => resolveSecretsKeyring({ key: 'short', previousKeys: [] }, tempDir())).toThrow(
      /CLOUD_SECRETS_KEY must be base64 of 32 bytes/,
    );
  });
});

describe.each(DRIVERS)('webhook secrets at rest on %s', (driver) => {
  let receiver: HttpsReceiver;
  let base: string;
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    receiver = new HttpsReceiver(tls);
    base = await receiver.listen();
  });
  afterAll(async () => {
    for (const thing of open.reverse()) await thing.close();
    await receiver?.close();
  });

  async function database(upTo?: string): Promise<TestDatabase> {
    const db = await openTestDatabase(driver, upTo);
    open.push(db);
    return db;
  }

  async function cloudOn(db: TestDatabase, secrets: { key: string; previousKeys: string[] }): Promise<Cloud> {
    const cloud = await startTestCloud(
      db,
      { runWorker: true, secrets, rateLimit: { max: 100_000, windowMs: 60_000 } },
      { extraCa: tls.cert },
    );
    open.push(cloud);
    return cloud;
  }

  async function register(cloud: Cloud, m: TestMerchant, path: string) {
    const res = await call(cloud, 'POST', '/api/public/v1/webhooks', {
      key: m.key.key,
      body: { url: base + path, events: ['order.created'] },
    });
    expect(res.status).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  /** Pings an endpoint; resolves with the delivery the receiver got, verified with `secret`. */
  async function pingVerified(
    cloud: Cloud,
    m: TestMerchant,
    endpointId: string,
    path: string,
    secret: string,
  ) {
    receiver.expect(path, secret);
    const res = await call(cloud, 'POST', `/api/public/v1/webhooks/${endpointId}/ping`, { key: m.key.key });
    expect(res.status).toBe(202);
    const mine = () => receiver.received.filter((r) => r.path === path);
    await waitFor(() => mine().some((r) => r.acknowledged), `the ping to ${path}`);
    return mine().at(-1)!;
  }

  it('stores only the sealed secret; the created one signs deliveries', async () => {
    const db = await database();
    const cloud = await cloudOn(db, { key: TEST_SECRETS_KEY, previousKeys: [] });
    const m = await seedMerchant(db);
    const { id, secret } = await register(cloud, m, '/stored');

    const [row] = rowsOf<Record<string, unknown>>(
      await db.db.execute(sql`select * from webhook_endpoints where id = ${id}`),
    );
    expect(Object.keys(row!)).not.toContain('secret');
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.slice('whsec_'.length));
    expect(row).toMatchObject({ secret_key_id: testSecrets.currentKeyId });
    expect(
      testSecrets.open({ keyId: String(row!.secret_key_id), ciphertext: String(row!.secret_ciphertext) }, id),
    ).toEqual({ ok: true, plaintext: secret });

    expect((await pingVerified(cloud, m, id, '/stored', secret)).verified).toBe(true);
  });

  it('seals the secrets an older version stored readable, and they still sign deliveries', async () => {
    // The schema as the release before sealing left it, with readable secrets in it.
    const db = await database('0002_rate_limit_counters');
    // The merchant as that release wrote it: today's code writes columns it did not have yet.
    const merchantId = 'mer_legacy';
    await db.db.execute(
      sql`insert into merchants (id, name, integration_active) values (${merchantId}, 'Legacy', true)`,
    );
    const readable = [newSigningSecret(), newSigningSecret()];
    for (const [i, secret] of readable.entries())
      await db.db.execute(sql`insert into webhook_endpoints (id, merchant_id, url, events, secret, status)
        values (${`we_legacy${i}`}, ${merchantId}, ${`${base}/legacy${i}`}, '{order.created}', ${secret}, 'enabled')`);

    const applied = await migrate(db.db, { secrets: testSecrets });
    // The key that pings the endpoints, made by today's code once today's schema is there.
    const m = { merchantId, key: await createKey(db.db, { merchantId, scopes: [...SCOPES] }) };
    expect(applied).toEqual(expect.arrayContaining(['0004_encrypt_webhook_secrets']));
    const columns = rowsOf<{ column_name: string }>(
      await db.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'webhook_endpoints'`,
      ),
    ).map((c) => c.column_name);
    expect(columns).toEqual(expect.arrayContaining(['secret_ciphertext', 'secret_key_id']));
    expect(columns).not.toContain('secret');
    const rows = await db.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
    expect(
      rows.map((r) => testSecrets.open({ keyId: r.secretKeyId, ciphertext: r.secretCiphertext }, r.id)),
    ).toEqual(readable.map((plaintext) => ({ ok: true, plaintext })));

    const cloud = await cloudOn(db, { key: TEST_SECRETS_KEY, previousKeys: [] });
    const got = await pingVerified(cloud, m, 'we_legacy1', '/legacy1', readable[1]!);
    expect(got.verified).toBe(true);
  });

  it('rotates the key: old secrets keep signing, reencrypt moves them to the new key', async () => {
    const db = await database();
    const m = await seedMerchant(db);
    const oldKey = newKey().toString('base64');
    const newKeyText = newKey().toString('base64');
    let cloud = await cloudOn(db, { key: oldKey, previousKeys: [] });
    const created = await register(cloud, m, '/rotate');
    await cloud.close();

    // New key, old one kept for opening: deliveries still signed with the same secret.
    const rotated = new SecretsKeyring(parseSecretsKey(newKeyText, 'new'), [parseSecretsKey(oldKey, 'old')]);
    cloud = await cloudOn(db, { key: newKeyText, previousKeys: [oldKey] });
    receiver.received.length = 0;
    expect((await pingVerified(cloud, m, created.id, '/rotate', created.secret)).verified).toBe(true);

    const result = (await admin(cloud, 'POST', '/webhook-secrets/reseal')).json();
    expect(result).toEqual({ keyId: rotated.currentKeyId, resealed: 1, unreadable: [] });
    const [row] = await db.db.select().from(webhookEndpoints);
    expect(row!.secretKeyId).toBe(rotated.currentKeyId);
    await cloud.close();

    // The old key retired: still signed with the same secret.
    cloud = await cloudOn(db, { key: newKeyText, previousKeys: [] });
    receiver.received.length = 0;
    expect((await pingVerified(cloud, m, created.id, '/rotate', created.secret)).verified).toBe(true);
  });

  it('fails (and retries) deliveries whose secret was sealed with a key the process lacks', async () => {
    const db = await database();
    const m = await seedMerchant(db);
    const lost = newKey().toString('base64');
    let cloud = await cloudOn(db, { key: lost, previousKeys: [] });
    const created = await register(cloud, m, '/lost');
    await cloud.close();

    cloud = await cloudOn(db, { key: TEST_SECRETS_KEY, previousKeys: [] });
    expect(await unknownSecretsKeyIds(db.db, testSecrets)).toEqual([
      secretsKeyId(parseSecretsKey(lost, 'lost')),
    ]);
    await call(cloud, 'POST', `/api/public/v1/webhooks/${created.id}/ping`, { key: m.key.key });
    const log = async () =>
      (
        await call(cloud, 'GET', `/api/public/v1/webhooks/${created.id}/deliveries`, { key: m.key.key })
      ).json().data[0];
    await waitFor(async () => (await log())?.attempts >= 1, 'the failed attempt');
    const delivery = await log();
    expect(delivery.attemptLog[0].error).toMatch(/signing secret unavailable: sealed with key/);
    expect(receiver.received.filter((r) => r.path === '/lost')).toHaveLength(0);
  });
});
