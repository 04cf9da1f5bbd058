import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The layers of the terminal, top to bottom, each a list of top-level modules of src/ (a folder
 * or a root file). dev/ (the embedded simulators of `npm start`) sits above the production
 * entry it wraps, so nothing shipped can reach a simulator. A module imports modules of its own layer or of the layers below, never one
 * above: the composition wires the capabilities, capabilities use the fiscal core and the
 * devices, which use storage; http/ is the kit every endpoint declaration uses (it knows no
 * capability); clock, config and the error vocabulary are the ground. The test reads the
 * import statements themselves, so it needs no tool and checks type-only imports too.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['dev'],
  ['main.ts', 'serve-terminal.ts', 'app.ts', 'terminal-runtime.ts', 'terminal-routes.ts', 'openapi'],
  ['health', 'metrics', 'history', 'document-push', 'relay'],
  ['receipt-copies'],
  ['sales', 'refunds', 'receipt-delivery', 'cash', 'shifts'],
  ['delivery-lots'],
  ['reports'],
  ['receipts'],
  ['catalog'],
  ['platform'],
  ['fiscal-operations', 'card', 'fiscalization'],
  ['mev', 'printing', 'terminal-state', 'serial-lock'],
  ['http'],
  ['storage'],
  ['clock.ts', 'config.ts', 'version.ts', 'domain-error.ts', 'background'],
];

/**
 * Below the composition, only endpoint declarations and what they are built from (contracts,
 * replays) may use http/: use cases, stores and devices know nothing of HTTP.
 */
const ENDPOINT_FILE = /-(route|routes|contract|replay)\.ts$/;

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `sales/create-sale.ts` -> `sales`; `app.ts` -> `app.ts`. */
function moduleOf(file: string): string {
  return relative(SRC, file).split('/')[0]!;
}

function layerOf(module: string): number {
  const layer = LAYERS.findIndex((modules) => modules.includes(module));
  if (layer === -1) throw new Error(`src/${module} is in no layer: add it to LAYERS`);
  return layer;
}

interface Edge {
  from: string;
  to: string;
}

function imports(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
      from: relative(SRC, file),
      to: relative(SRC, resolve(dirname(file), (match[1] ?? match[2])!)).replace(/\.js$/, '.ts'),
    })),
  );
}

describe('the layers of the terminal', () => {
  const edges = imports();

  it('reads the imports (so the checks below have something to check)', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges).toContainEqual({ from: 'app.ts', to: 'terminal-routes.ts' });
  });

  it('places every module of src/ in a layer', () => {
    for (const file of sourceFiles(SRC))
      expect(() => layerOf(moduleOf(join(SRC, relative(SRC, file))))).not.toThrow();
  });

  it('has no import of a module in a layer above', () => {
    const upward = edges
      .filter(({ from, to }) => layerOf(moduleOf(join(SRC, to))) < layerOf(moduleOf(join(SRC, from))))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('lets only endpoint declarations, contracts and replays use http/ below the composition', () => {
    const offenders = edges
      .filter(({ from, to }) => moduleOf(join(SRC, to)) === 'http' && moduleOf(join(SRC, from)) !== 'http')
      .filter(
        ({ from }) => layerOf(moduleOf(join(SRC, from))) > layerOf('main.ts') && !ENDPOINT_FILE.test(from),
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(offenders).toEqual([]);
  });
});
