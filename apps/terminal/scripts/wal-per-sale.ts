/**
 * `node scripts/with-node.mjs node --import tsx apps/terminal/scripts/wal-per-sale.ts [schema] [sales] [apart]`:
 * the WAL a sale writes on a given schema (the latest by default; the stores' code is today's,
 * so an older schema may not take it), in pages by table and index, to see which b-trees a
 * change to the sale's writes would save (docs/benchmarks.md, issue 28). `apart`: each answer
 * in a commit of its own, as for sales further apart than ANSWER_HOLD_MS.
 */
import { schemaVersion } from '../bench/history/history-file.js';
import { walPerSale } from '../bench/history/wal-per-sale.js';

const schema = Number(process.argv[2] ?? schemaVersion());
const sales = Number(process.argv[3] ?? 300);
const apart = process.argv[4] === 'apart';
const wal = walPerSale(schema, sales, apart);
console.log(
  `schema ${schema}, ${sales} sales${apart ? ' apart' : ''}: ${wal.pages} pages (${wal.bytes} bytes) per sale`,
);
for (const [tree, pages] of wal.byTree) console.log(`${pages.toFixed(2).padStart(6)}  ${tree}`);
