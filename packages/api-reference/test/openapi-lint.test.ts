// The two OpenAPI documents in docs/ pass Redocly (recommended-strict, redocly.yaml) and Spectral
// (spectral:oas, .spectral.yaml) with no error and no warning: `npm run lint:openapi`, run here
// as a child process so that `npm test` covers it. Both linters are also shown to fail on the
// fault that the cloud's document once had (two paths differing only in a parameter's name).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

interface Outcome {
  code: number;
  output: string;
}

/** Runs a command of the repository's tools at its root and tells how it ended. */
async function outcome(command: string, args: string[]): Promise<Outcome> {
  // No update notices, no telemetry: CI has no network and the test no business there.
  const env = { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' };
  try {
    const { stdout, stderr } = await run(command, args, { cwd: ROOT, env, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

// Both linters take about 4 s on an idle machine; on one shared by several test workers and
// other jobs they have been seen to take over 30 s, the suite's default limit.
describe('the OpenAPI documents under lint', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('pass Redocly and Spectral with no error and no warning (npm run lint:openapi)', async () => {
    const result = await outcome(npm, ['run', '--silent', 'lint:openapi']);
    expect(result.output).toContain('docs/terminal-openapi.json');
    expect(result.output).toContain('docs/cloud-openapi.json');
    expect(result.code, result.output).toBe(0);
  });

  it('fail on a document with two paths that differ only in the parameter name', async () => {
    const document = JSON.parse(readFileSync(join(ROOT, 'docs/cloud-openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    };
    const byCode = document.paths['/api/public/v1/products/{code}']!;
    const byId = structuredClone({ put: byCode.put! });
    byId.put.parameters[0]!.name = 'id';
    document.paths['/api/public/v1/products/{id}'] = byId;
    const file = join(dir, 'equivalent-paths.json');
    writeFileSync(file, JSON.stringify(document));

    const redocly = await outcome(bin('redocly'), ['lint', file]);
    expect(redocly.code).not.toBe(0);
    expect(redocly.output).toContain('no-identical-paths');
    const spectral = await outcome(bin('spectral'), ['lint', '--fail-severity=warn', file]);
    expect(spectral.code).not.toBe(0);
    expect(spectral.output).toMatch(/path-params.*must not be equivalent/);
  });
});
