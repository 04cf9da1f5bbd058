/** Without MEV_URL the terminal starts the simulator, fiscalizes once, and keeps that identity. */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openFiscalServer, type OpenedFiscalServer } from '../../src/mev/open-fiscal-server.js';
import { removeCredentials } from '../../src/mev/terminal-credentials.js';

const root = mkdtempSync(join(tmpdir(), 'mev-open-'));
const options = {
  credentialsDir: join(root, 'credentials'),
  simulatorDataDir: join(root, 'mev-sim'),
  terminalId: 'pos-dev',
};
const opened: OpenedFiscalServer[] = [];

afterAll(async () => {
  await Promise.all(opened.map((o) => o.close()));
  rmSync(root, { recursive: true, force: true });
});

it('fiscalizes against the started simulator once, then reuses the material', async () => {
  const first = await openFiscalServer(options);
  opened.push(first);
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

  const second = await openFiscalServer(options);
  opened.push(second);
  expect(second.state).toEqual(first.state);
  await second.close();

  await removeCredentials(options.credentialsDir);
  const third = await openFiscalServer({ ...options, mevUrl: 'https://127.0.0.1:9/mev/v1/fiscal' });
  opened.push(third);
  expect(third.state.status).toBe('credentials_missing');
  expect(third.fiscalServer).toBeNull();
  expect(third.simulator).toBeNull();
});
