import { randomFillSync } from 'node:crypto';

/** Ids drawn per refill of the random pool: one call to the CSPRNG serves this many. */
const IDS_PER_REFILL = 128;
const pool = Buffer.alloc(16 * IDS_PER_REFILL);
let drawn = IDS_PER_REFILL;

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds, then 74 random bits. The id of
 * a fiscal document (sale, refund, cash operation), of its operation and of a request (its audit
 * row, X-Request-Id): an index of ids, and a table keyed by one (a sale's items and payments),
 * then takes each new key at its end, in the leaf the one before filled, where random ids
 * (version 4) wrote a leaf of their own for each in a tree as large as the history, and split it
 * now and then (issue 28, docs/benchmarks.md "WAL per sale, schema 29"). Ids stay unguessable
 * (74 random bits). The random bytes come from a pool refilled 2 KB at a time, as Node's own
 * randomUUID does: a call to the CSPRNG per id cost 5 µs, as much as an index insert.
 */
export function timeOrderedId(now = Date.now()): string {
  if (drawn === IDS_PER_REFILL) {
    randomFillSync(pool);
    drawn = 0;
  }
  const at = 16 * drawn++;
  pool.writeUIntBE(now, at, 6);
  pool[at + 6] = (pool[at + 6]! & 0x0f) | 0x70;
  pool[at + 8] = (pool[at + 8]! & 0x3f) | 0x80;
  const hex = pool.toString('hex', at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
