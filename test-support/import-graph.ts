/**
 * What the architecture tests of the terminal and the cloud (test/architecture/layers.test.ts)
 * read: the relative imports between the files of an app's src/, taken from the import and
 * export statements themselves (type-only ones too, so no tool is needed), and the layer a
 * top-level module of src/ is in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import: the importing file and the imported one, both relative to src/ and ending in .ts. */
export interface ImportEdge {
  from: string;
  to: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** Every .ts file below `dir`, as full paths. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of the files below `src`. */
export function importEdges(src: string): ImportEdge[] {
  return sourceFiles(src).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
      from: relative(src, file),
      to: relative(src, resolve(dirname(file), (match[1] ?? match[2])!)).replace(/\.js$/, '.ts'),
    })),
  );
}

/** The index in `layers` (top first) of the layer listing `module`; a module in none throws. */
export function layerIndex(layers: readonly (readonly string[])[], module: string): number {
  const layer = layers.findIndex((modules) => modules.includes(module));
  if (layer === -1) throw new Error(`src/${module} is in no layer: add it to LAYERS`);
  return layer;
}
