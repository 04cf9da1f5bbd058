import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importEdges, layerIndex, sourceFiles } from '../../../../test-support/import-graph.js';

/*
 * The layers of the terminal, top to bottom, each a list of top-level modules of src/ (a folder
 * or a root file). dev/ (the embedded simulators of `npm start`) sits above the production
 * entry it wraps, so nothing shipped can reach a simulator. A module imports modules of the
 * layers below, never one above, and never another module of its own layer unless SIDEWAYS says
 * why: the composition wires the capabilities, capabilities use the fiscal documents, the fiscal
 * core and the devices, which use storage; a refund is of a sale, so refunds/ sits above sales/;
 * fiscal-documents/ holds the stored sale and refund and every way they are shown (result,
 * detail, printed and delivered receipt), below the use cases that make them; http/ is the kit
 * every endpoint declaration uses (it knows no capability); clock, config and the error
 * vocabulary are the ground. The test reads the import statements themselves, so it needs no
 * tool and checks type-only imports too.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['dev'],
  ['main.ts'],
  ['serve-terminal.ts'],
  ['app.ts'],
  ['openapi'],
  ['terminal-routes.ts', 'terminal-runtime.ts'],
  ['health', 'metrics', 'history', 'document-push', 'relay', 'discovery'],
  ['receipt-copies'],
  ['refunds'],
  ['sales', 'cash', 'shifts'],
  ['delivery-lots'],
  ['reports'],
  ['fiscal-documents'],
  ['receipts'],
  ['catalog'],
  ['platform'],
  ['fiscal-operations', 'card', 'receipt-delivery'],
  ['fiscalization'],
  ['mev', 'printing', 'terminal-state', 'serial-lock'],
  ['http'],
  ['storage'],
  ['clock.ts', 'config.ts', 'version.ts', 'domain-error.ts', 'background'],
];

/**
 * Imports between two modules of one layer, each with why it is not a layer of its own. Empty:
 * every layer's modules stand beside each other; an entry here is a decision to write down.
 */
const SIDEWAYS: readonly { from: string; to: string; why: string }[] = [];

/**
 * Below the composition, only endpoint declarations and what they are built from (contracts,
 * replays) may use http/: use cases, stores and devices know nothing of HTTP.
 */
const ENDPOINT_FILE = /-(route|routes|contract|replay)\.ts$/;

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** `sales/create-sale.ts` -> `sales`; `app.ts` -> `app.ts`. */
function moduleOf(file: string): string {
  return relative(SRC, file).split('/')[0]!;
}

const layerOf = (module: string): number => layerIndex(LAYERS, module);

describe('the layers of the terminal', () => {
  const edges = importEdges(SRC);

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

  it('has no import between two modules of one layer that SIDEWAYS does not explain', () => {
    const sideways = edges
      .map(({ from, to }) => ({ from: moduleOf(join(SRC, from)), to: moduleOf(join(SRC, to)), file: from }))
      .filter(({ from, to }) => from !== to && layerOf(from) === layerOf(to))
      .filter(({ from, to }) => !SIDEWAYS.some((allowed) => allowed.from === from && allowed.to === to))
      .map(({ file, to }) => `${file} -> ${to}`);
    expect(sideways).toEqual([]);
  });

  it('has no two files that import each other', () => {
    const all = new Set(edges.map(({ from, to }) => `${from} -> ${to}`));
    const mutual = edges
      .filter(({ from, to }) => from < to && all.has(`${to} -> ${from}`))
      .map(({ from, to }) => `${from} <-> ${to}`);
    expect(mutual).toEqual([]);
  });

  it('lets only endpoint declarations, contracts and replays use http/ below the composition', () => {
    const offenders = edges
      .filter(({ from, to }) => moduleOf(join(SRC, to)) === 'http' && moduleOf(join(SRC, from)) !== 'http')
      .filter(
        ({ from }) =>
          layerOf(moduleOf(join(SRC, from))) > layerOf('terminal-routes.ts') && !ENDPOINT_FILE.test(from),
      )
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(offenders).toEqual([]);
  });
});
