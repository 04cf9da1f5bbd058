/**
 * `node scripts/with-node.mjs <command> [args...]`: runs a command (tsx, vitest, ...) on a Node
 * the project supports (package.json `engines`: 22, 24, 26). The machine's node when it is one;
 * otherwise (Node 20: better-sqlite3 13's prebuilt addon needs Node-API 10 and crashes there)
 * the official build from the npm registry's node-<platform>-<arch> package, fetched once into
 * node_modules/.cache/node/ with `npm pack` (no install script runs, no flag that npm may drop)
 * and put first on the command's PATH, so that `#!/usr/bin/env node` and every child the
 * command spawns with process.execPath run on it too.
 *
 * FISCAL_POS_NODE=<version> picks the Node to run on whatever the machine has (CI runs the
 * runtime-facing suites on Node 24 and 26 this way, scripts/test-runtime.sh).
 *
 * Plain JavaScript, no dependency: it is what runs before the right Node is there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node used where the machine's is too old: the current LTS, at or past 24.19. */
const FALLBACK_NODE = '24.21.0';
const OLDEST_SUPPORTED_MAJOR = 22;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('Usage: node scripts/with-node.mjs <command> [args...]');
  process.exit(2);
}

const wanted =
  process.env.FISCAL_POS_NODE ??
  (Number(process.versions.node.split('.')[0]) < OLDEST_SUPPORTED_MAJOR ? FALLBACK_NODE : null);
// The project's tools (tsx, vitest) also when not started by `npm run`.
const path = [join(root, 'node_modules', '.bin'), process.env.PATH ?? ''];
if (wanted !== null && wanted !== process.versions.node) path.unshift(join(ensureNode(wanted), 'bin'));
const env = { ...process.env, PATH: path.join(delimiter) };

const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
// Ctrl-C reaches the whole process group, the command included: this process only outlives it
// (a second SIGINT would make vitest quit without cleaning up). A SIGTERM or SIGHUP sent to this
// process alone (npm passes them on) is passed on.
process.on('SIGINT', () => {});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`with-node: cannot run ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  if (signal !== null) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});

/** The directory of Node `version` (bin/node, include/), fetched from the npm registry once. */
function ensureNode(version) {
  const home = join(root, 'node_modules', '.cache', 'node', `v${version}`);
  if (existsSync(join(home, 'bin', 'node'))) return home;
  if (process.platform === 'win32') {
    console.error(`with-node: Node ${process.versions.node} is too old; install Node 22, 24 or 26.`);
    process.exit(1);
  }
  // The registry's names for the official builds (what the `node` package installs).
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const spec = `${prefix}-${process.platform}-${process.arch}@${version}`;
  console.error(
    `with-node: running on Node ${version} instead of ${process.versions.node}; fetching ${spec} once`,
  );
  mkdirSync(dirname(home), { recursive: true });
  const scratch = mkdtempSync(`${home}.`);
  try {
    const packed = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', scratch], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const file = packed.stdout.trim().split('\n').pop();
    if (packed.status !== 0 || !file) throw new Error(`npm pack ${spec} failed`);
    const unpacked = join(scratch, 'node');
    mkdirSync(unpacked);
    const untar = spawnSync('tar', ['-xzf', join(scratch, file), '-C', unpacked, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (untar.status !== 0) throw new Error(`unpacking ${file} failed`);
    // Renamed into place whole: a run interrupted halfway leaves no half a Node behind.
    try {
      renameSync(unpacked, home);
    } catch (error) {
      // Another run got there first.
      if (!existsSync(join(home, 'bin', 'node'))) throw error;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return home;
}
