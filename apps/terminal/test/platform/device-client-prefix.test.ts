// The terminal's device client against the cloud's real device routes, with the cloud reached
// under a path prefix (a cloud behind a reverse proxy at https://host/cloud): every call,
// document push included, keeps the prefix and reads the answer with the one contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalDocument } from '../../../cloud/test/documents-fixture.js';
import { activateDevice, CloudError, DeviceClient } from '../../src/platform/device-client.js';
import { PREFIX, startPrefixProxy, type PrefixProxy } from '../support/prefix-proxy.js';
import { startCloudForTerminals, type TestCloud } from '../support/test-cloud.js';

describe('the device client under a path prefix', () => {
  let cloud: TestCloud;
  let proxy: PrefixProxy;
  let cloudUrl: string;

  beforeAll(async () => {
    cloud = await startCloudForTerminals();
    proxy = await startPrefixProxy(cloud.url);
    cloudUrl = proxy.url;
  });

  afterAll(async () => {
    await proxy?.close();
    await cloud?.close();
  });

  it('activates, reads the terminal and the catalog, pushes a document and rotates its credential', async () => {
    const merchantId = await cloud.merchant();
    const { terminalId, activationCode } = await cloud.terminal(merchantId);
    const activation = await activateDevice(cloudUrl, activationCode);
    expect(activation.terminalId).toBe(terminalId);

    let credential = activation.deviceCredential;
    const client = new DeviceClient(cloudUrl, () => credential);
    expect(await client.terminal()).toMatchObject({ terminalId, status: 'active', pendingApiKey: null });
    expect(await client.catalog('0', 100)).toMatchObject({ complete: true });

    const document = fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice: 1000 }]);
    const pushed = await client.pushDocuments([document]);
    expect(pushed.results).toEqual([{ operationId: document.operationId, outcome: 'created' }]);

    credential = await client.rotateCredential();
    expect((await client.terminal()).terminalId).toBe(terminalId);

    expect(proxy.seen.length).toBeGreaterThanOrEqual(6);
    expect(proxy.seen.filter((line) => !line.split(' ')[1]!.startsWith(`${PREFIX}/api/device/v1/`))).toEqual(
      [],
    );
  });

  it('tells a refusal through the prefix from an unreachable cloud', async () => {
    const refused = await new DeviceClient(cloudUrl, () => 'dc_unknown').terminal().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CloudError);
    expect(refused).toMatchObject({ kind: 'refused', status: 401, code: 'invalid_device_credential' });
  });
});
