import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlatformFile, updatePlatformFile } from '../../src/platform/platform-file.js';

const STORED = {
  cloudUrl: 'https://cloud.example.md',
  terminalId: 'trm_1',
  terminalName: 'Till 1',
  merchant: { id: 'mer_1', name: 'Shop', idno: null, address: null, since: '2027' },
  deviceCredential: 'dc_secret',
  activatedAt: '2026-11-28T05:00:00.000Z',
  retiringApiKey: null,
  unacknowledgedApiKeyId: null,
  // What a later version may add: this one neither reads nor drops it.
  relayRegion: 'eu-central',
};

describe('platform.json', () => {
  it('starts with fields a later version wrote, and keeps them through an update', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-file-'));
    writeFileSync(join(dataDir, 'platform.json'), JSON.stringify(STORED));
    expect(readPlatformFile(dataDir)).toMatchObject({ terminalId: 'trm_1' });
    updatePlatformFile(dataDir, (file) => ({ ...file, unacknowledgedApiKeyId: 'key_2' }));
    expect(JSON.parse(readFileSync(join(dataDir, 'platform.json'), 'utf8'))).toEqual({
      ...STORED,
      unacknowledgedApiKeyId: 'key_2',
    });
  });

  it('still refuses a damaged file: a known field of the wrong kind stops the start', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'platform-file-'));
    writeFileSync(join(dataDir, 'platform.json'), JSON.stringify({ ...STORED, terminalId: 7 }));
    expect(() => readPlatformFile(dataDir)).toThrow(/not a valid platform file/);
  });
});
