// PostgreSQL text and jsonb cannot hold U+0000: a request carrying it is refused as invalid
// before any query, instead of failing inside the database.

interface Visit {
  node: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or key) that contains U+0000, or null. Iterative and
 * linear, so that a body nested thousands of levels deep costs no stack and no copied paths.
 */
export function pathOfNulText(value: unknown): string[] | null {
  const pending: Visit[] = [{ node: value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { node } = visit;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return pathOf(visit);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      const childVisit: Visit = { node: child, key, parent: visit };
      if (key.includes('\u0000')) return pathOf(childVisit);
      pending.push(childVisit);
    }
  }
  return null;
}
