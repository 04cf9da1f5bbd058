// Test databases and clouds. Every suite runs on PGlite, and also on a real PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set; each test file gets its own fresh database.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import type { Clock } from '../src/clock.js';
import { loadConfig, type CloudConfig } from '../src/config.js';
import { fromPglite, openDatabase, type Database } from '../src/db/database.js';
import { migrate, type MigrateOptions } from '../src/db/migrate.js';
import { createKey, type CreatedKey } from '../src/keys/keys.js';
import { SCOPES, type Scope } from '../src/keys/scopes.js';
import { createMerchant } from '../src/merchants/merchants.js';
import { parseSecretsKey, SecretsKeyring } from '../src/secrets/secrets-keyring.js';
import { startCloud, type Cloud } from '../src/server.js';

export type Driver = 'pglite' | 'postgres';

/** The secrets key of every test cloud in this run (CLOUD_SECRETS_KEY), and its keyring. */
export const TEST_SECRETS_KEY = randomBytes(32).toString('base64');
export const testSecrets = new SecretsKeyring(parseSecretsKey(TEST_SECRETS_KEY, 'TEST_SECRETS_KEY'));
/** The operator token of every test cloud in this run (CLOUD_OPERATOR_TOKEN). */
export const TEST_OPERATOR_TOKEN = `op_test_${randomBytes(16).toString('hex')}`;
/** The /metrics token of every test cloud (METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = `mt_test_${randomBytes(16).toString('hex')}`;

const SERVER_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
export const DRIVERS: Driver[] = SERVER_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** For child processes: the server URL of this database (postgres only). */
  url: string | undefined;
}

/** A migrated (up to `upTo` when given), empty database; closing it drops it. */
export async function openTestDatabase(driver: Driver, upTo?: string): Promise<TestDatabase> {
  const options = { secrets: testSecrets, ...(upTo ? { upTo } : {}) };
  if (driver === 'pglite') return { ...(await openPglite(options)), url: undefined };
  const server = await createServerDatabase(SERVER_URL!, await serverTemplate(SERVER_URL!, options));
  const database = openDatabase({ url: server.url, poolSize: 8 });
  await migrate(database.db, options);
  return {
    ...database,
    url: server.url,
    close: async () => {
      await database.close();
      await server.drop();
    },
  };
}

/**
 * A new PGlite is initdb plus every migration, 2-4 s of CPU, and dozens of files in a run each
 * open one. So the first one made leaves its migrated, still empty data directory in the temp
 * directory, named after the SQL migration files, PGlite's version and `upTo`; later ones start
 * from a copy of it (under 1 s). migrate() still runs over the copy: nothing to apply, and the
 * checksums of the applied files are checked. The PostgreSQL pass does the same with a template
 * database (serverTemplate).
 */
async function openPglite(options: MigrateOptions): Promise<Database> {
  const snapshot = snapshotPath(options.upTo);
  if (existsSync(snapshot)) {
    const database = fromPglite(new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) }));
    await migrate(database.db, options);
    return database;
  }
  const client = new PGlite();
  const database = fromPglite(client);
  await migrate(database.db, options);
  // Renamed into place whole: another test file may be reading the name meanwhile.
  const partial = `${snapshot}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  renameSync(partial, snapshot);
  return database;
}

/**
 * Fills `dataDir`, empty, with the migrated database for a cloud process on PGlite to start on
 * (DATA_DIR): a copy of the snapshot above, not initdb and every migration in the child, where
 * they take ~20 s of CPU under the embedded runtime's Liftoff-only V8. The child still runs
 * migrate() over it at start.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  if (!existsSync(snapshotPath(undefined))) await (await openPglite({ secrets: testSecrets })).close();
  const client = new PGlite({ dataDir, loadDataDir: new Blob([readFileSync(snapshotPath(undefined))]) });
  await client.waitReady;
  await client.close();
}

/**
 * The PostgreSQL side of the snapshot above: migrating a new database on the server is 2-3 s per
 * test file (about 60 files a run). The first file to need it migrates a template database, named
 * like the snapshot (so worktrees with other migrations on the same server each have their own),
 * under an advisory lock other test processes wait on; every file's database is then a copy of it
 * (`create database ... template`), and migrate() still runs over the copy: nothing to apply, and
 * the checksums of the applied files are checked. Nobody connects to the template after it is made,
 * which a copy requires. It stays on the server for later runs.
 */
async function serverTemplate(serverUrl: string, options: MigrateOptions): Promise<string> {
  const name = `cloud_test_template_${snapshotKey(options.upTo)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists()) return name;
      // Made under another name and renamed once migrated: a half-made template is never copied.
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const database = openDatabase({ url: url.href, poolSize: 1 });
      try {
        await migrate(database.db, options);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  } finally {
    await admin.end();
  }
}

const TEMPLATE_LOCK_ID = 4_600_099;

function snapshotPath(upTo: string | undefined): string {
  return join(tmpdir(), `fiscal-pos-pglite-${snapshotKey(upTo)}.tar`);
}

function snapshotKey(upTo: string | undefined): string {
  const hash = createHash('sha256').update(`pglite ${PGLITE_VERSION} up to ${upTo ?? 'all'}\n`);
  for (const name of readdirSync(MIGRATIONS_DIR).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
/** Its package.json is not among its exports: found beside the entry point. */
const PGLITE_VERSION = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

export interface ServerDatabase {
  url: string;
  /** One query on its own connection: for tests that look into what a cloud process stored. */
  query<T extends object>(text: string, values?: unknown[]): Promise<T[]>;
  /** A connection of the test's own, e.g. to hold row locks a cloud process will wait for; end it. */
  session(): Promise<pg.Client>;
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, for one test file: empty, or a copy of
 * `template`.
 */
export async function createServerDatabase(serverUrl: string, template?: string): Promise<ServerDatabase> {
  const name = `cloud_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const session = async () => {
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    return client;
  };
  return {
    url: url.href,
    session,
    query: async <T extends object>(text: string, values: unknown[] = []) => {
      const client = await session();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Why the PostgreSQL server at `serverUrl` cannot be used, or null when it can. */
export async function postgresUnreachable(serverUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function testConfig(
  overrides: Partial<CloudConfig> = {},
  webhooks: Partial<CloudConfig['webhooks']> = {},
): CloudConfig {
  const base = loadConfig({});
  return {
    ...base,
    port: 0,
    host: '127.0.0.1',
    runWorker: false,
    // Tests apply pending stock when they mean to (cloud.stockApplier.pass()): no timer racing them.
    stockApplyMs: 0,
    secrets: { key: TEST_SECRETS_KEY, previousKeys: [] },
    operatorToken: TEST_OPERATOR_TOKEN,
    metricsToken: TEST_METRICS_TOKEN,
    // Suites make many requests from 127.0.0.1; rate-limit.test.ts sets its own.
    addressRateLimitMax: 1_000_000,
    trustedProxies: [],
    ...overrides,
    webhooks: {
      ...base.webhooks,
      allowLoopback: true,
      pollIntervalMs: 20,
      retryScheduleMs: [50, 50, 50],
      ...webhooks,
    },
  };
}

export async function startTestCloud(
  database: Database,
  overrides: Partial<CloudConfig> = {},
  webhooks: Partial<CloudConfig['webhooks']> = {},
  clock?: Clock,
): Promise<Cloud> {
  return startCloud({
    config: testConfig(overrides, webhooks),
    database,
    logger: pino({ level: 'silent' }),
    ...(clock ? { clock } : {}),
  });
}

export interface TestMerchant {
  merchantId: string;
  key: CreatedKey;
}

export async function seedMerchant(
  database: Database,
  options: { active?: boolean; scopes?: Scope[]; name?: string } = {},
): Promise<TestMerchant> {
  const merchant = await createMerchant(database.db, {
    name: options.name ?? 'Test merchant',
    integrationActive: options.active ?? true,
    // A fiscal identity: a production terminal activated for this merchant prints it, and
    // refuses to start without one.
    idno: '1003600012345',
    address: 'str. Ștefan cel Mare 1, Chișinău',
  });
  const key = await createKey(database.db, {
    merchantId: merchant.id,
    scopes: options.scopes ?? [...SCOPES],
  });
  return { merchantId: merchant.id, key };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: () => any; // tests read arbitrary bodies
}

/** One HTTP call to the cloud, with the key when given. */
export async function call(
  cloud: Cloud,
  method: string,
  path: string,
  options: {
    key?: string | undefined;
    /** The operator token, for the admin API. */
    operator?: string | undefined;
    body?: unknown;
    /** A body sent as is (its content-type in `headers`), instead of `body` as JSON. */
    raw?: string | Uint8Array<ArrayBuffer>;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['x-service-api-key'] = options.key;
  if (options.operator !== undefined) headers.authorization = `Bearer ${options.operator}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined);
  const response = await fetch(cloud.url + path, {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** One call to the admin API with the test operator token. */
export const admin = (
  cloud: Cloud,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> =>
  call(cloud, method, `/api/admin/v1${path}`, { ...options, operator: TEST_OPERATOR_TOKEN });

export interface ActiveTerminal {
  terminalId: string;
  publicId: string;
  deviceCredential: string;
  apiKey: string;
}

/** A terminal of the merchant, created by the operator and activated over the device API. */
export async function activeTerminal(
  cloud: Cloud,
  merchantId: string,
  name = 'Casa',
): Promise<ActiveTerminal> {
  const created = await admin(cloud, 'POST', `/merchants/${merchantId}/terminals`, { body: { name } });
  const activation = await call(cloud, 'POST', '/api/device/v1/activate', {
    body: { code: created.json().activationCode },
  });
  if (activation.status !== 200) throw new Error(`activation: ${activation.status} ${activation.text}`);
  return activation.json() as ActiveTerminal;
}

/** One call to the device API with a terminal's credential. */
export const device = (
  cloud: Cloud,
  terminal: ActiveTerminal,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> =>
  call(cloud, method, `/api/device/v1${path}`, {
    headers: { authorization: `Bearer ${terminal.deviceCredential}` },
    ...(body === undefined ? {} : { body }),
  });
