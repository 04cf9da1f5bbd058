import { randomBytes } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds, then 74 random bits. The id of
 * a fiscal document (sale, refund, cash operation) and of its operation: an index of ids, and a
 * table keyed by one (a sale's items and payments), then takes each new key at its end, in the
 * leaf the one before filled, where random ids (version 4) wrote a leaf of their own for each
 * document in a tree as large as the history, and split it now and then (issue 28,
 * docs/benchmarks.md "WAL per sale, schema 29"). Ids stay unguessable (74 random bits).
 */
export function timeOrderedId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
