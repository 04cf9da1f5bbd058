/**
 * WalCheckpoints closed in a process that nothing else keeps alive (wal-checkpoints.test.ts):
 * the close must end, and what comes after it run, before the process exits. Prints `closed`
 * after the close and the database's, with the checkpoints counted.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openFiscalDatabase } from '../../src/storage/database.js';
import { WalCheckpoints } from '../../src/storage/wal-checkpoints.js';

const file = join(process.argv[2]!, 'terminal.sqlite');
const db = openFiscalDatabase(file);
db.exec('CREATE TABLE filler (payload BLOB NOT NULL)');
const checkpoints = new WalCheckpoints(db, { file, onFailure: () => {}, intervalMs: 20, startAtLogBytes: 0 });
const insert = db.prepare('INSERT INTO filler (payload) VALUES (?)');
const started = Date.now();
while (checkpoints.stats().checkpoints === 0 && Date.now() - started < 20_000) {
  insert.run(randomBytes(3000));
  await new Promise((resolve) => setTimeout(resolve, 10));
}
await checkpoints.close();
db.close();
console.log(`closed after ${checkpoints.stats().checkpoints} checkpoints`);
