import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md is the map a newcomer reads first: it names every workspace, and every
 * top-level folder of an app's src/ in the section whose heading names that src/ (e.g.
 * "## The relay (`apps/relay/src/`)"). A folder added without a line there fails here.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

const dirs = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The text under the first heading that names `apps/<app>/src/`, up to the next heading of its level or above. */
function sectionOf(app: string): string | null {
  const lines = DOC.split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.includes(`\`apps/${app}/src/\``));
  if (start === -1) return null;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level,
  );
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('docs/architecture.md', () => {
  it('names every workspace', () => {
    const unnamed = [
      ...dirs('apps').map((d) => `apps/${d}`),
      ...dirs('packages').map((d) => `packages/${d}`),
    ].filter((workspace) => !DOC.includes(`\`${workspace}\``));
    expect(unnamed).toEqual([]);
  });

  it('names every top-level folder of each app’s src/ in that app’s section', () => {
    const unnamed = dirs('apps').flatMap((app) => {
      const folders = dirs(`apps/${app}/src`);
      const section = sectionOf(app);
      if (section === null) return [`apps/${app}/src/ (no heading names it)`];
      return folders
        .filter((folder) => !section.includes(`\`${folder}/\``))
        .map((f) => `apps/${app}/src/${f}/`);
    });
    expect(unnamed).toEqual([]);
  });

  it('would notice a folder it does not name (so the check above can fail)', () => {
    expect(sectionOf('terminal')).toContain('`fiscal-documents/`');
    expect(sectionOf('terminal')).not.toContain('`no-such-folder/`');
  });
});
