// A real cloud for the terminal's platform tests: the cloud's own test harness starts it in
// this process on 127.0.0.1 with an embedded PostgreSQL (PGlite), and the terminal talks to it
// over HTTP exactly as it would to a remote one. Merchants, terminals and the catalog are
// written through the cloud's administration API, as an operator would.
import type { Cloud } from '../../../cloud/src/server.js';
import { admin, openTestDatabase, startTestCloud, type TestDatabase } from '../../../cloud/test/harness.js';

export interface TestCloud {
  url: string;
  cloud: Cloud;
  /** Its database, for what tests seed straight into it (console users). */
  database: TestDatabase;
  /** One administration call; throws unless the status is the expected one. */
  admin<T = unknown>(method: string, path: string, body?: unknown, status?: number): Promise<T>;
  /** A merchant with a fiscal identity for the receipt header. */
  merchant(name?: string): Promise<string>;
  /** A pending terminal of `merchantId` and its one-time code. */
  terminal(merchantId: string, name?: string): Promise<{ terminalId: string; activationCode: string }>;
  /** Stops the cloud (the terminal sees it as down); `close` also drops its database. */
  stop(): Promise<void>;
  /** Starts it again after `stop`, on the same address and database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startCloudForTerminals(): Promise<TestCloud> {
  const database: TestDatabase = await openTestDatabase('pglite');
  const limits = {
    activationRateLimit: { max: 1_000, windowMs: 60_000 },
    rateLimit: { max: 100_000, windowMs: 60_000 },
  };
  let cloud = await startTestCloud(database, limits);
  const port = Number(new URL(cloud.url).port);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await cloud.close();
  };
  const call = async <T>(method: string, path: string, body?: unknown, status?: number): Promise<T> => {
    const res = await admin(cloud, method, path, body === undefined ? {} : { body });
    const expected = status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return (res.text === '' ? undefined : JSON.parse(res.text)) as T;
  };
  return {
    url: cloud.url,
    get cloud() {
      return cloud;
    },
    database,
    admin: call,
    async merchant(name = 'Magazin SRL') {
      const created = await call<{ id: string }>('POST', '/merchants', {
        name,
        idno: '1003600012345',
        address: 'str. Ștefan cel Mare 1, Chișinău',
      });
      return created.id;
    },
    async terminal(merchantId, name = 'Casa 1') {
      const created = await call<{ terminal: { id: string }; activationCode: string }>(
        'POST',
        `/merchants/${merchantId}/terminals`,
        { name },
      );
      return { terminalId: created.terminal.id, activationCode: created.activationCode };
    },
    stop,
    async restart() {
      cloud = await startTestCloud(database, { ...limits, port });
      stopped = false;
    },
    async close() {
      await stop();
      await database.close();
    },
  };
}
