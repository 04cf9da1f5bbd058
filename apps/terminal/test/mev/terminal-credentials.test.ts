import { mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readFiscalizationState,
  removeCredentials,
  writeCredentials,
  writeFiscalization,
  type FiscalizationMaterial,
} from '../../src/mev/terminal-credentials.js';

const root = mkdtempSync(join(tmpdir(), 'mev-credentials-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const material: FiscalizationMaterial = {
  terminalId: 'pos-1',
  registrationNumber: '4000000001',
  clientCertPem: '-----BEGIN CERTIFICATE-----\nclient\n-----END CERTIFICATE-----\n',
  clientKeyPem: '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n',
  caCertPem: '-----BEGIN CERTIFICATE-----\nca\n-----END CERTIFICATE-----\n',
  credentials: { username: 't4000000001', password: 's3cret' },
};

describe('fiscalization material on disk', () => {
  it('a terminal never fiscalized (no directory, or no certificate) is not_fiscal', async () => {
    expect(await readFiscalizationState(join(root, 'nothing-here'))).toEqual({ status: 'not_fiscal' });
  });

  it('reads back everything written, keeping the private key and credentials private', async () => {
    const dir = join(root, 'full');
    await writeFiscalization(dir, material);
    expect(await readFiscalizationState(dir)).toEqual({ status: 'fiscalized', material });
    expect(statSync(join(dir, 'client-key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  it('a certificate without credentials is credentials_missing; new credentials make it fiscalized', async () => {
    const dir = join(root, 'no-credentials');
    await writeFiscalization(dir, material);
    await removeCredentials(dir);
    expect(await readFiscalizationState(dir)).toEqual({
      status: 'credentials_missing',
      terminalId: 'pos-1',
      registrationNumber: '4000000001',
    });
    await writeCredentials(dir, { username: 'u2', password: 'p2' });
    expect(await readFiscalizationState(dir)).toMatchObject({
      status: 'fiscalized',
      material: { credentials: { username: 'u2', password: 'p2' } },
    });
  });

  it('a certificate whose key is gone is an error, not a silent state', async () => {
    const dir = join(root, 'broken');
    await writeFiscalization(dir, material);
    unlinkSync(join(dir, 'client-key.pem'));
    await expect(readFiscalizationState(dir)).rejects.toThrow(/client-key\.pem/);
  });
});
