/**
 * `npm start`: the whole system on embedded defaults, nothing external needed:
 * - the terminal on :4567 (it starts mev-sim on loopback and fiscalizes itself against it),
 * - the cloud on :4600 (PGlite in .data/cloud); on first start a demo merchant with products
 *   and an all-scopes integration key is seeded, and its key is kept in .data/cloud-demo.json.
 * Data lives under .data/ at the repository root. Ctrl-C stops everything.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Part {
  name: string;
  workspace: string;
  env: Record<string, string>;
}

const parts: Part[] = [
  { name: 'terminal', workspace: '@fiscal-pos/terminal', env: { DATA_DIR: join(root, '.data', 'terminal') } },
  { name: 'cloud', workspace: '@fiscal-pos/cloud', env: { DATA_DIR: join(root, '.data', 'cloud') } },
];

/** Seeds the demo merchant once, directly in the embedded database before the cloud holds it. */
function seedCloudDemo(): void {
  const demoFile = join(root, '.data', 'cloud-demo.json');
  if (!existsSync(demoFile)) {
    mkdirSync(join(root, '.data'), { recursive: true });
    const seeded = spawnSync(
      'npm',
      ['run', 'start', '--silent', '-w', '@fiscal-pos/cloud', '--', 'admin', 'seed-demo', '--direct'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: join(root, '.data', 'cloud') },
        encoding: 'utf8',
      },
    );
    if (seeded.status !== 0) throw new Error(`seeding the cloud demo merchant failed:\n${seeded.stderr}`);
    writeFileSync(demoFile, seeded.stdout, { mode: 0o600 });
  }
  console.log(
    `[start] cloud demo merchant and integration key (${demoFile}):\n${readFileSync(demoFile, 'utf8')}`,
  );
}

seedCloudDemo();

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(
    () => process.exit(code),
    () => process.exit(code),
  );
}

for (const part of parts) {
  const child = spawn('npm', ['run', 'start', '--silent', '-w', part.workspace], {
    cwd: root,
    env: { ...process.env, ...part.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[start] ${part.name} exited with code ${code ?? 'null'}; stopping the rest`);
      stopAll(code ?? 1);
    }
  });
  children.push(child);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
