// The admin command line as a client of a running cloud on PGlite: its writes are served by
// that cloud (and survive its restart), and pointed at the data directory the cloud holds
// (--direct) it refuses before writing anything.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPgliteDataDir, TEST_SECRETS_KEY } from './harness.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Cli {
  code: number;
  stdout: string;
  stderr: string;
}

describe('admin CLI against a running cloud on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cloud-cli-'));
  // The cloud's own settings: PGlite in dataDir, the token generated there.
  const { DATABASE_URL: _server, CLOUD_OPERATOR_TOKEN: _token, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: dataDir,
    CLOUD_SECRETS_KEY: TEST_SECRETS_KEY,
    WEBHOOK_WORKER: 'no',
  };
  let child: ChildProcess | undefined;
  let url = '';
  /** Everything the cloud processes printed. */
  let logs = '';

  function startCloud(): Promise<void> {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...env, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    return new Promise((resolve, reject) => {
      let out = '';
      started.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        logs += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) {
          url = match[1]!;
          resolve();
        }
      });
      started.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      started.on('exit', (code) => reject(new Error(`cloud exited (${code}) before listening:\n${out}`)));
    });
  }

  function stopCloud(): Promise<void> {
    return new Promise((resolve) => {
      if (!child || child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  function cli(...args: string[]): Promise<Cli> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', MAIN, 'admin', ...args],
        { env },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  // A cold PGlite start (initdb, migrations) takes seconds, many on a loaded machine, and more
  // under the embedded runtime's Liftoff-only V8: the data directory starts as a copy of the
  // migrated snapshot instead (the cloud still runs its migrations over it).
  beforeAll(async () => {
    await seedPgliteDataDir(dataDir);
    await startCloud();
  }, 180_000);
  afterAll(async () => {
    await stopCloud();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes through the running cloud: the key it prints works there, and its rows survive a restart', async () => {
    const seeded = await cli('seed-demo', '--products', '3', '--url', url);
    expect(seeded.stderr).toBe('');
    expect(seeded.code).toBe(0);
    const { merchantId, key } = JSON.parse(seeded.stdout);
    const ping = await fetch(`${url}/api/public/v1/ping`, { headers: { 'x-service-api-key': key.key } });
    expect(ping.status).toBe(200);
    const products = await fetch(`${url}/api/public/v1/products`, {
      headers: { 'x-service-api-key': key.key },
    });
    expect(((await products.json()) as { data: unknown[] }).data).toHaveLength(3);

    await stopCloud();
    await startCloud();
    const listed = await cli('list-merchants', '--url', url);
    expect(JSON.parse(listed.stdout).data).toContainEqual(expect.objectContaining({ id: merchantId }));
    const keys = await cli('list-keys', '--merchant', merchantId, '--url', url);
    expect(JSON.parse(keys.stdout).data).toEqual([expect.objectContaining({ id: key.id })]);
  }, 240_000);

  it('keeps the operator token in DATA_DIR with mode 0600 and never logs it', () => {
    const file = join(dataDir, 'operator-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8').trim();
    expect(token).toMatch(/^op_/);
    expect(logs).toContain('operator-token');
    expect(logs).not.toContain(token);
  });

  it('refuses --direct on the data directory the running cloud holds, before writing', async () => {
    const refused = await cli('create-merchant', '--name', 'Split brain', '--direct');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/held by a running cloud \(pid \d+\)/);
    const listed = await cli('list-merchants', '--url', url);
    expect(listed.stdout).not.toContain('Split brain');
  }, 120_000);

  it('manages a merchant’s terminals: identity, a terminal with its code, a new code, deactivation', async () => {
    const merchant = JSON.parse(
      (
        await cli(
          'create-merchant',
          '--name',
          'Casa SRL',
          '--idno',
          '1003600012345',
          '--address',
          'Chișinău',
          '--url',
          url,
        )
      ).stdout,
    );
    expect(merchant).toMatchObject({ idno: '1003600012345', address: 'Chișinău' });
    const updated = await cli(
      'update-merchant',
      '--merchant',
      merchant.id,
      '--address',
      'Bălți',
      '--url',
      url,
    );
    expect(JSON.parse(updated.stdout)).toMatchObject({ idno: '1003600012345', address: 'Bălți' });
    const created = JSON.parse(
      (await cli('create-terminal', '--merchant', merchant.id, '--name', 'Casa 1', '--url', url)).stdout,
    );
    expect(created.activationCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const terminal = ['--merchant', merchant.id, '--terminal', created.terminal.id, '--url', url];
    const fresh = JSON.parse((await cli('new-activation-code', ...terminal)).stdout);
    expect(fresh.activationCode).not.toBe(created.activationCode);
    expect(JSON.parse((await cli('rename-terminal', ...terminal, '--name', 'Casa 2')).stdout).name).toBe(
      'Casa 2',
    );
    expect(JSON.parse((await cli('deactivate-terminal', ...terminal)).stdout).status).toBe('deactivated');
    const listed = JSON.parse((await cli('list-terminals', '--merchant', merchant.id, '--url', url)).stdout);
    expect(listed.data).toEqual([
      expect.objectContaining({ id: created.terminal.id, status: 'deactivated' }),
    ]);
    const refused = await cli('rotate-terminal-key', ...terminal);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 409/);
  }, 120_000);

  it('creates a merchant with its first owner: the invitation link printed, said unmailed without SMTP_URL', async () => {
    const created = await cli(
      'create-merchant',
      '--name',
      'Florăria',
      '--owner-email',
      'Flori@Shop.test',
      '--url',
      url,
    );
    expect(created.stderr).toBe('');
    const { ownerInvitation } = JSON.parse(created.stdout);
    expect(ownerInvitation).toMatchObject({ email: 'flori@shop.test', mailed: false });
    const token = /^http:\/\/127\.0\.0\.1:\d+\/console\/invitation\/([0-9A-Za-z]+)$/.exec(
      ownerInvitation.link,
    )![1];
    expect(logs).toMatch(/no SMTP_URL: the cloud sends no mail/);
    const accepted = await fetch(`${url}/api/console/v1/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'the florist’s password' }),
    });
    expect(((await accepted.json()) as { user: { role: string } }).user.role).toBe('owner');
  }, 120_000);

  it('seeds a demo whose console owner signs in with the printed password', async () => {
    const seeded = JSON.parse((await cli('seed-demo', '--products', '0', '--url', url)).stdout);
    expect(seeded.console.email).toMatch(/@demo\.fiscal-pos\.local$/);
    const signedIn = await fetch(`${url}/api/console/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(seeded.console),
    });
    expect(signedIn.status).toBe(200);
  }, 120_000);

  it('explains refusals in one line: bad numbers, unknown merchants, no SQL', async () => {
    const products = await cli('seed-demo', '--products', 'abc', '--url', url);
    expect(products.code).toBe(1);
    expect(products.stderr).toMatch(/--products must be a whole number/);
    const unknown = await cli(
      'create-key',
      '--merchant',
      'mer_missing',
      '--scopes',
      'products:read',
      '--url',
      url,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/HTTP 404.*No merchant mer_missing/);
    expect(unknown.stderr).not.toMatch(/insert|api_keys|hash/i);
  }, 120_000);
});
