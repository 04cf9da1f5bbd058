/**
 * In development the terminal starts the simulator, fiscalizes once, and keeps that identity;
 * its documents print a serial number and a tax office that say they are the simulator's.
 */
import type { MevSimProcess } from '@fiscal-pos/mev-sim';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startEmbeddedMevSim } from '../../src/dev/embedded-mev-sim.js';
import { readFiscalIdentity } from '../../src/fiscalization/fiscal-identity.js';
import { openFiscalServer, type OpenedFiscalServer } from '../../src/mev/open-fiscal-server.js';
import { removeCredentials } from '../../src/mev/terminal-credentials.js';

const root = mkdtempSync(join(tmpdir(), 'mev-open-'));
const options = {
  dataDir: join(root, 'mev-sim'),
  credentialsDir: join(root, 'credentials'),
  terminalId: 'pos-dev',
  autoFiscalize: true,
};
const opened: OpenedFiscalServer[] = [];
const simulators: MevSimProcess[] = [];

afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
  await Promise.all(simulators.map((s) => s.stop()));
  rmSync(root, { recursive: true, force: true });
});

/** What the development entry does: the simulator first, then the terminal's client to it. */
async function openAgainstEmbeddedSimulator(): Promise<OpenedFiscalServer> {
  const simulator = await startEmbeddedMevSim(options);
  simulators.push(simulator);
  const server = await openFiscalServer({ mevUrl: simulator.url, credentialsDir: options.credentialsDir });
  opened.push(server);
  return server;
}

it('fiscalizes against the started simulator once, then reuses the material', async () => {
  const first = await openAgainstEmbeddedSimulator();
  expect(first.state.status).toBe('fiscalized');
  const outcome = await first.fiscalServer!.register({
    operationId: randomUUID(),
    type: 'x_report',
    receiptNumber: null,
    reportNumber: 1,
    totalAmount: 0,
    vat: [],
    payments: [],
    occurredAt: new Date().toISOString(),
  });
  expect(outcome.kind).toBe('registered');
  await first.close();
  await simulators.pop()?.stop();

  const second = await openAgainstEmbeddedSimulator();
  expect(second.state).toEqual(first.state);
  await second.close();

  await removeCredentials(options.credentialsDir);
  const third = await openFiscalServer({
    mevUrl: 'https://127.0.0.1:9/mev/v1/fiscal',
    credentialsDir: options.credentialsDir,
  });
  opened.push(third);
  expect(third.state.status).toBe('credentials_missing');
  expect(third.fiscalServer).toBeNull();
});

it('gives the terminal it fiscalizes a development identity, and one fiscalized before identities one too', async () => {
  const dir = join(root, 'identity');
  const o = { ...options, dataDir: join(dir, 'mev-sim'), credentialsDir: join(dir, 'credentials') };
  simulators.push(await startEmbeddedMevSim(o));
  const server = await openFiscalServer({ mevUrl: simulators.at(-1)!.url, credentialsDir: o.credentialsDir });
  opened.push(server);
  if (server.state.status !== 'fiscalized') throw new Error(`not fiscalized: ${server.state.status}`);
  const expected = {
    serialNumber: `DEV-${server.state.material.registrationNumber}`,
    taxOfficeAddress: 'mev-sim: oficiu SFS simulat (dezvoltare)',
  };
  expect(await readFiscalIdentity(o.credentialsDir)).toEqual(expected);
  await simulators.pop()?.stop();

  // A development data directory fiscalized by an earlier version: the next start fills it in.
  unlinkSync(join(o.credentialsDir, 'fiscal-identity.json'));
  simulators.push(await startEmbeddedMevSim(o));
  expect(await readFiscalIdentity(o.credentialsDir)).toEqual(expected);
});
