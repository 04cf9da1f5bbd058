/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does), so two
 * equal values serialize equally whatever their key order or spacing: the fingerprint of a
 * request body for idempotency. Like JSON.stringify, object entries whose value is
 * undefined are left out and a bare undefined (or one in an array) is null.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
