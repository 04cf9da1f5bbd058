/**
 * A terminal whose CLOUD_URL has a path prefix (the cloud behind a reverse proxy at
 * https://host/cloud) pushes its fiscal documents through that prefix: the push goes through
 * the terminal's DeviceClient like every other device call. It used to build its URL with
 * new URL('/api/device/v1/documents', cloudUrl), which drops the prefix, and never arrived.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../../../cloud/test/harness.js';
import { PREFIX, startPrefixProxy, type PrefixProxy } from '../support/prefix-proxy.js';
import { cashSale, type TerminalHandle, useSimulator } from '../support/terminal-harness.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';
import { startPushingTerminal } from './pushing-terminal.js';

const env = useSimulator();
let cloud: TestCloud;
let proxy: PrefixProxy;
let terminal: TerminalHandle;
let apiKey: string;
let integrationKey: string;

beforeAll(async () => {
  cloud = await startCloudForTerminals();
  proxy = await startPrefixProxy(cloud.url);
  const merchantId = await cloud.merchant();
  await cloud.admin('PUT', `/merchants/${merchantId}/integration`, { active: true });
  integrationKey = (
    await cloud.admin<{ key: string }>('POST', `/merchants/${merchantId}/keys`, { scopes: ['sales:read'] })
  ).key;
  const { activationCode } = await cloud.terminal(merchantId);
  ({ terminal, apiKey } = await startPushingTerminal(env, {
    cloudUrl: proxy.url,
    activationCode,
    name: 'documents-prefix',
  }));
});

afterAll(async () => {
  await proxy?.close();
  await cloud?.close();
});

it('pushes a sale through the prefix of its cloud URL', async () => {
  const sale = await terminal.call('POST', '/api/sales', cashSale(10), { 'X-API-Key': apiKey });
  expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  for (;;) {
    const health = await terminal.call<{
      data: { platform: { documentsWaiting: number; lastPushAt: string | null } };
    }>('GET', '/api/health');
    const { documentsWaiting, lastPushAt } = health.body.data.platform;
    if (documentsWaiting === 0 && lastPushAt !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const sales = (await call(cloud.cloud, 'GET', '/api/public/v1/sales', { key: integrationKey })).json() as {
    data: { type: string }[];
  };
  expect(sales.data.map((s) => s.type)).toEqual(['sale']);
  expect(proxy.seen).toContain(`POST ${PREFIX}/api/device/v1/documents`);
  expect(proxy.seen.filter((line) => !line.split(' ')[1]!.startsWith(`${PREFIX}/`))).toEqual([]);
});
