import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  importEdges,
  layerIndex,
  sourceFiles,
  type ImportEdge,
} from '../../../../test-support/import-graph.js';

/*
 * The layers of the cloud, top to bottom, each a list of top-level modules of src/ (a folder or
 * a root file); docs/architecture.md says what each holds. A module imports modules of its own
 * layer or of the layers below, never one above; and no two modules import each other, in one
 * layer or across (what two of them share moves below both). The entry points start the
 * composition, which lists the routes and wires the app; features declare their routes with
 * the kit and an audience's access; each audience owns its access strategy; context.ts is what
 * every handler reaches; below it the parts features share, the HTTP kit (which knows no
 * audience and no feature), storage, the secrets and the ground. The test reads the import
 * statements themselves, so it needs no tool and checks type-only imports too.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['main.ts', 'embedded-runtime.ts', 'cli'],
  ['server.ts', 'app.ts', 'routes.ts', 'openapi'],
  [
    'admin',
    'terminals',
    'fleet',
    'catalog',
    'documents',
    'products',
    'orders',
    'webhooks',
    'relay',
    'ping',
    'ops',
    'console-auth',
    'console-static',
    'activity',
  ],
  [
    'integration-access',
    'operator-access',
    'device-access',
    'open-access',
    'relay-access',
    'console-access',
    'audit',
  ],
  ['context.ts'],
  ['catalog-base', 'events', 'merchants', 'keys', 'metrics', 'console-users', 'mail', 'housekeeping'],
  ['http'],
  ['db'],
  ['secrets'],
  ['clock.ts', 'config.ts', 'ids.ts', 'limits.ts', 'poll-wait.ts'],
];

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));

/** `orders/create-order.ts` -> `orders`; `app.ts` -> `app.ts`. */
const moduleOf = (file: string): string => file.split('/')[0]!;

const layerOf = (module: string): number => layerIndex(LAYERS, module);

/** Pairs `a <-> b` where a imports b and b imports a, each named once. */
function mutual(pairs: readonly ImportEdge[]): string[] {
  const seen = new Set(pairs.map(({ from, to }) => `${from}|${to}`));
  return pairs
    .filter(({ from, to }) => from < to && seen.has(`${to}|${from}`))
    .map(({ from, to }) => `${from} <-> ${to}`);
}

describe('the layers of the cloud', () => {
  const edges = importEdges(SRC);
  const moduleEdges = edges
    .map(({ from, to }) => ({ from: moduleOf(from), to: moduleOf(to) }))
    .filter(({ from, to }) => from !== to);

  it('reads the imports (so the checks below have something to check)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: 'app.ts', to: 'routes.ts' });
  });

  it('places every module of src/ in a layer, and names each in docs/architecture.md', () => {
    const architecture = readFileSync(ARCHITECTURE, 'utf8');
    for (const module of new Set(sourceFiles(SRC).map((file) => moduleOf(relative(SRC, file))))) {
      expect(() => layerOf(module)).not.toThrow();
      expect(architecture, `docs/architecture.md names src/${module}`).toContain(
        module.endsWith('.ts') ? `\`${module}\`` : `\`${module}/\``,
      );
    }
  });

  it('has no import of a module in a layer above', () => {
    const upward = edges
      .filter(({ from, to }) => layerOf(moduleOf(to)) < layerOf(moduleOf(from)))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('has no two modules that import each other', () => {
    expect(mutual(moduleEdges)).toEqual([]);
  });

  it('has no two files that import each other', () => {
    expect(mutual(edges)).toEqual([]);
  });

  it('keeps the HTTP kit free of audiences and features', () => {
    const kit = moduleEdges.filter(({ from }) => from === 'http').map(({ to }) => to);
    expect([...new Set(kit)].sort()).toEqual(['clock.ts', 'db']);
  });
});
