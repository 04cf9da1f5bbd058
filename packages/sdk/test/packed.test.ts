// The SDK as an integrator installs it: `npm pack` (which builds dist/ with declarations first),
// installed into an empty project of its own, imported by plain node without the repository's
// tooling, and compiled against by tsc with the declarations it ships.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const run = promisify(execFile);
const SDK = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'sdk-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

it(
  'packs to dist/ with types, installs in a project of its own and runs there',
  { timeout: 180_000 },
  async () => {
    await run('npm', ['pack', '--pack-destination', project], { cwd: SDK });
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'erp', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], {
      cwd: project,
    });

    writeFileSync(
      join(project, 'use.mjs'),
      `import { createTerminalClient, verifyWebhook, allPages, discoverTerminals } from '@fiscal-pos/sdk';
const client = createTerminalClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
console.log(typeof client.POST, typeof verifyWebhook, typeof allPages, typeof discoverTerminals);`,
    );
    const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: project });
    expect(stdout.trim()).toBe('function function function function');
    // The package's command, linked by npm as any installed bin (--help: no network needed).
    const help = await run(join(project, 'node_modules/.bin/fiscal-pos-discover'), ['--help'], {
      cwd: project,
    });
    expect(help.stdout).toContain('Usage: fiscal-pos-discover');

    // The shipped declarations type a sale request: a wrong VAT code does not compile. The two
    // compilations are incremental: the second reuses the first's check of the declarations and
    // the DOM library (unchanged, ~20 s of checking) and checks sale.ts again, reporting every
    // error of the program as a full one would.
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2023', 'DOM'],
          skipLibCheck: false,
          types: [],
          incremental: true,
          tsBuildInfoFile: 'tsbuildinfo',
        },
      }),
    );
    const sale = (vatCode: string) => `import { createTerminalClient, unwrap } from '@fiscal-pos/sdk';
const terminal = createTerminalClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });
export const sold = () => unwrap(terminal.POST('/api/sales', { body: { items: [{ name: 'x', unitPrice: 1, quantity: 1, vatCode: '${vatCode}' }], payments: [{ type: '1', amount: 1 }], amountReceived: 1, change: 0 } })).then((s) => s.saleId);
`;
    writeFileSync(join(project, 'sale.ts'), sale('B'));
    await run(process.execPath, [TSC, '-p', project]);
    writeFileSync(join(project, 'sale.ts'), sale('Q'));
    await expect(run(process.execPath, [TSC, '-p', project])).rejects.toMatchObject({
      stdout: expect.stringContaining('"Q"'),
    });
  },
);
