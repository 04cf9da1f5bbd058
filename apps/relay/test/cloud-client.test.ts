// The relay's reading of the real cloud's verify answers: a refusal of the terminal is passed
// on; the cloud refusing the relay itself (a RELAY_TOKEN rotated on one side only) is an error
// of this relay, so a dial gets 503 and no terminal's address is counted for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startTestCloud, type TestDatabase } from '../../cloud/test/harness.js';
import type { Cloud } from '../../cloud/src/server.js';
import { CloudClient } from '../src/cloud-client.js';

const RELAY_TOKEN = 'rt_cloud_client_test_0123456789';
let database: TestDatabase;
let cloud: Cloud;
const clientWith = (relayToken: string) =>
  new CloudClient({ cloudUrl: cloud.url, relayToken, timeoutMs: 5_000 });

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  cloud = await startTestCloud(database, { relayToken: RELAY_TOKEN });
}, 60_000);
afterAll(async () => {
  await cloud?.close();
  await database?.close();
});

describe('the cloud’s verify answers', () => {
  it('passes the refusal of an unknown credential on', async () => {
    expect(await clientWith(RELAY_TOKEN).verify(`dc_${'C'.repeat(43)}`)).toEqual({
      kind: 'refused',
      status: 401,
    });
  });

  it('takes the cloud refusing this relay’s token as an error of the relay, not a refusal of the terminal', async () => {
    await expect(clientWith('rt_not_the_cloud_s_token_0000').verify(`dc_${'C'.repeat(43)}`)).rejects.toThrow(
      /RELAY_TOKEN/,
    );
  });
});
