// The production terminal's `fiscalize` command against a real mev-sim process (its
// registration endpoint, POST /admin/terminals, behind an ADMIN_TOKEN) and from a bundle: the
// five files written, the terminal then registering a fiscal operation with them, nothing
// written when the answer or the bundle is bad, and a fiscalized terminal left alone unless
// --replace.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { readFiscalizationState } from '../../src/mev/terminal-credentials.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';
import { runTerminalCommand } from '../../src/platform/terminal-commands.js';

const ADMIN_TOKEN = 'registration-token-0123456789';
let dir: string;
let sim: MevSimProcess;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fiscalize-command-'));
  sim = await startMevSimProcess({ dataDir: join(dir, 'mev-sim'), env: { ADMIN_TOKEN } });
});
afterAll(async () => {
  await sim?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fiscalize(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const out = { log: (text: string) => lines.push(text), error: (text: string) => lines.push(text) };
  const previous = process.env.MEV_REGISTRATION_TOKEN;
  process.env.MEV_REGISTRATION_TOKEN = env.MEV_REGISTRATION_TOKEN ?? '';
  try {
    const code = await runTerminalCommand(
      ['fiscalize', ...args],
      loadTerminalConfig({ DATA_DIR: dataDir }),
      out,
    );
    return { code, output: lines.join('\n') };
  } finally {
    if (previous === undefined) delete process.env.MEV_REGISTRATION_TOKEN;
    else process.env.MEV_REGISTRATION_TOKEN = previous;
  }
}

const registration = () => [
  '--registration-url',
  `${sim.adminUrl}/admin/terminals`,
  '--ca-file',
  sim.caCertPath,
];

it('registers with the registration endpoint, writes the five files, and MEV then takes its operations', async () => {
  const dataDir = join(dir, 'by-registration');
  const done = await fiscalize(dataDir, [...registration(), '--terminal-id', 'pos-7'], {
    MEV_REGISTRATION_TOKEN: ADMIN_TOKEN,
  });
  expect(done.output).toContain('Fiscalized: terminal pos-7');
  expect(done.code).toBe(0);
  expect(readdirSync(join(dataDir, 'fiscal')).sort()).toEqual([
    'ca-cert.pem',
    'client-cert.pem',
    'client-key.pem',
    'credentials.json',
    'fiscalization.json',
  ]);
  const state = await readFiscalizationState(join(dataDir, 'fiscal'));
  if (state.status !== 'fiscalized') throw new Error(`not fiscalized: ${state.status}`);
  expect(state.material.terminalId).toBe('pos-7');

  // The written material is what the terminal talks to MEV with.
  const server = new SoapFiscalServer({ url: sim.url, ...state.material });
  const result = await server.register({
    operationId: randomUUID(),
    type: 'x_report',
    receiptNumber: null,
    reportNumber: 1,
    totalAmount: 10_00,
    vat: [],
    payments: [{ code: '1', amount: 10_00 }],
    occurredAt: new Date().toISOString(),
  });
  expect(result.kind).toBe('registered');
});

it('leaves a fiscalized terminal alone unless --replace, which rotates its material', async () => {
  const dataDir = join(dir, 'again');
  const env = { MEV_REGISTRATION_TOKEN: ADMIN_TOKEN };
  expect((await fiscalize(dataDir, registration(), env)).code).toBe(0);
  const first = await readFiscalizationState(join(dataDir, 'fiscal'));

  const refused = await fiscalize(dataDir, registration(), env);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('already fiscalized');
  expect(await readFiscalizationState(join(dataDir, 'fiscal'))).toEqual(first);

  expect((await fiscalize(dataDir, [...registration(), '--replace'], env)).code).toBe(0);
  const second = await readFiscalizationState(join(dataDir, 'fiscal'));
  if (first.status !== 'fiscalized' || second.status !== 'fiscalized') throw new Error('not fiscalized');
  expect(second.material.registrationNumber).not.toBe('');
  expect(second.material.clientCertPem).not.toBe(first.material.clientCertPem);
});

it('writes nothing when the registration endpoint refuses (no token)', async () => {
  const dataDir = join(dir, 'refused');
  const refused = await fiscalize(dataDir, registration());
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/answered HTTP 401.*Nothing was written/s);
  expect((await readFiscalizationState(join(dataDir, 'fiscal'))).status).toBe('not_fiscal');
});

it('writes the material from a bundle the tax authority handed out, and refuses a bad one', async () => {
  const material = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { adminToken: ADMIN_TOKEN });
  const bundle = join(dir, 'bundle.json');
  writeFileSync(bundle, JSON.stringify(material));
  const dataDir = join(dir, 'by-bundle');
  expect((await fiscalize(dataDir, ['--bundle', bundle])).code).toBe(0);
  const state = await readFiscalizationState(join(dataDir, 'fiscal'));
  expect(state.status).toBe('fiscalized');

  const broken = join(dir, 'broken.json');
  writeFileSync(broken, JSON.stringify({ ...material, clientKeyPem: 'not a key', credentials: {} }));
  const other = join(dir, 'by-broken-bundle');
  const refused = await fiscalize(other, ['--bundle', broken]);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('malformed credentials.username, credentials.password, clientKeyPem');
  expect((await readFiscalizationState(join(other, 'fiscal'))).status).toBe('not_fiscal');

  const usage = await fiscalize(other, ['--bundle', bundle, ...registration()]);
  expect(usage.code).toBe(2);
});
