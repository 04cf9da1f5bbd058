// The production terminal's `fiscalize` command against a real mev-sim process (its
// registration endpoint, POST /admin/terminals, behind an ADMIN_TOKEN) and from a bundle: the
// five files and the identity written, the terminal then registering a fiscal operation with
// them, nothing written when the answer, the bundle or the identity is bad or missing, a
// fiscalized terminal left alone unless --replace, and --identity-only giving a terminal
// fiscalized without it its identity, touching nothing else.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fiscalizeTerminal, startMevSimProcess, type MevSimProcess } from '@fiscal-pos/mev-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { readFiscalIdentity } from '../../src/fiscalization/fiscal-identity.js';
import { readFiscalizationState, writeFiscalization } from '../../src/mev/terminal-credentials.js';
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

const SERIAL = 'ECC-2026-000417';
const OFFICE = 'Direcţia deservire fiscală Centru, str. Exemplu 9, mun. Chişinău';
const identity = (serial = SERIAL, office = OFFICE) => [
  '--serial-number',
  serial,
  '--tax-office-address',
  office,
];
const registration = () => [
  '--registration-url',
  `${sim.adminUrl}/admin/terminals`,
  '--ca-file',
  sim.caCertPath,
  ...identity(),
];

it('registers with the registration endpoint, writes the five files and the identity, and MEV then takes its operations', async () => {
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
    'fiscal-identity.json',
    'fiscalization.json',
  ]);
  const state = await readFiscalizationState(join(dataDir, 'fiscal'));
  if (state.status !== 'fiscalized') throw new Error(`not fiscalized: ${state.status}`);
  expect(state.material.terminalId).toBe('pos-7');
  // What every fiscal document prints under NR. INREGISTRARE, the owner's only like the rest.
  expect(await readFiscalIdentity(join(dataDir, 'fiscal'))).toEqual({
    serialNumber: SERIAL,
    taxOfficeAddress: OFFICE,
  });
  expect(statSync(join(dataDir, 'fiscal', 'fiscal-identity.json')).mode & 0o777).toBe(0o600);

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
  expect((await fiscalize(dataDir, ['--bundle', bundle, ...identity()])).code).toBe(0);
  const state = await readFiscalizationState(join(dataDir, 'fiscal'));
  expect(state.status).toBe('fiscalized');

  const broken = join(dir, 'broken.json');
  writeFileSync(broken, JSON.stringify({ ...material, clientKeyPem: 'not a key', credentials: {} }));
  const other = join(dir, 'by-broken-bundle');
  const refused = await fiscalize(other, ['--bundle', broken, ...identity()]);
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('malformed credentials.username, credentials.password, clientKeyPem');
  expect((await readFiscalizationState(join(other, 'fiscal'))).status).toBe('not_fiscal');

  const usage = await fiscalize(other, ['--bundle', bundle, ...registration()]);
  expect(usage.code).toBe(2);
});

it('refuses a new fiscalization without the serial number or the tax office, before registering anything', async () => {
  const env = { MEV_REGISTRATION_TOKEN: ADMIN_TOKEN };
  const url = ['--registration-url', `${sim.adminUrl}/admin/terminals`, '--ca-file', sim.caCertPath];
  const dataDir = join(dir, 'no-identity');
  const none = await fiscalize(dataDir, [...url, '--terminal-id', 'pos-no-identity'], env);
  expect(none.code).toBe(2);
  expect(none.output).toContain('--serial-number and --tax-office-address are required');
  expect(none.output).toContain('HG 141/2019');
  const noOffice = await fiscalize(dataDir, [...url, '--serial-number', SERIAL], env);
  expect(noOffice.code).toBe(2);
  expect(noOffice.output).toContain('--tax-office-address is required');
  expect((await readFiscalizationState(join(dataDir, 'fiscal'))).status).toBe('not_fiscal');
  expect(await readFiscalIdentity(join(dataDir, 'fiscal'))).toBeNull();
  // The refusal came before the registration: the terminal id is still free to take.
  const later = await fiscalize(dataDir, [...registration(), '--terminal-id', 'pos-no-identity'], env);
  expect(later.code).toBe(0);
  expect(later.output).toContain('Fiscalized: terminal pos-no-identity');
});

it.each([
  ['a serial longer than its line', identity('S'.repeat(33)), 'serialNumber: 1 to 32 printable ASCII'],
  ['a serial with a control character', identity('ECC\u001b1'), 'serialNumber'],
  ['a serial with a space at its end', identity('ECC-1 '), 'serialNumber'],
  ['an empty tax office', identity(SERIAL, ''), 'taxOfficeAddress: not empty'],
  ['a tax office on two lines', identity(SERIAL, 'str. A 1\nChişinău'), 'taxOfficeAddress: printable text'],
  ['a tax office longer than four lines', identity(SERIAL, 'x'.repeat(161)), 'taxOfficeAddress: at most 160'],
])('refuses %s and writes nothing', async (_case, args, problem) => {
  const dataDir = join(dir, `bad-identity-${randomUUID()}`);
  const refused = await fiscalize(dataDir, ['--bundle', join(dir, 'bundle.json'), ...args]);
  expect(refused.code).toBe(2);
  expect(refused.output).toContain(problem);
  expect(refused.output).toContain('Nothing was written');
  expect((await readFiscalizationState(join(dataDir, 'fiscal'))).status).toBe('not_fiscal');
  expect(await readFiscalIdentity(join(dataDir, 'fiscal'))).toBeNull();
});

describe('--identity-only, for a terminal fiscalized before the identity was asked for', () => {
  it('writes the identity alone, leaving the fiscalization material as it was', async () => {
    const dataDir = join(dir, 'upgraded');
    const fiscal = join(dataDir, 'fiscal');
    // Fiscalized as an earlier version did: the five files, no identity.
    await writeFiscalization(
      fiscal,
      await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { adminToken: ADMIN_TOKEN }),
    );
    const before = Object.fromEntries(
      readdirSync(fiscal).map((file) => [file, readFileSync(join(fiscal, file), 'utf8')]),
    );
    expect(await readFiscalIdentity(fiscal)).toBeNull();

    const done = await fiscalize(dataDir, ['--identity-only', ...identity()]);
    expect(done.output).toContain(`Identity written: serial number ${SERIAL}`);
    expect(done.code).toBe(0);
    expect(await readFiscalIdentity(fiscal)).toEqual({ serialNumber: SERIAL, taxOfficeAddress: OFFICE });
    expect(statSync(join(fiscal, 'fiscal-identity.json')).mode & 0o777).toBe(0o600);
    for (const [file, text] of Object.entries(before))
      expect(readFileSync(join(fiscal, file), 'utf8')).toBe(text);
    // No temporary file left beside them.
    expect(readdirSync(fiscal).sort()).toEqual([...Object.keys(before), 'fiscal-identity.json'].sort());

    // Given again, it corrects the identity.
    expect((await fiscalize(dataDir, ['--identity-only', ...identity('ECC-2026-000418')])).code).toBe(0);
    expect((await readFiscalIdentity(fiscal))?.serialNumber).toBe('ECC-2026-000418');
  });

  it('refuses a terminal that is not fiscalized, a bad identity, and a registration beside it', async () => {
    const dataDir = join(dir, 'identity-only-not-fiscal');
    const notFiscal = await fiscalize(dataDir, ['--identity-only', ...identity()]);
    expect(notFiscal.code).toBe(1);
    expect(notFiscal.output).toContain('not fiscalized');
    expect(await readFiscalIdentity(join(dataDir, 'fiscal'))).toBeNull();

    const fiscalized = join(dir, 'by-registration');
    const missing = await fiscalize(fiscalized, ['--identity-only', '--serial-number', SERIAL]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--tax-office-address is required');
    const mixed = await fiscalize(fiscalized, ['--identity-only', ...registration()]);
    expect(mixed.code).toBe(2);
    const replace = await fiscalize(fiscalized, ['--identity-only', '--replace', ...identity()]);
    expect(replace.code).toBe(2);
    const terminalId = await fiscalize(fiscalized, ['--identity-only', '--terminal-id', 'x', ...identity()]);
    expect(terminalId.code).toBe(2);
    expect((await readFiscalIdentity(join(fiscalized, 'fiscal')))?.serialNumber).toBe(SERIAL);
  });
});
