// Group commit of pushes: pushes arriving while a transaction runs wait and then go together
// in the next one (apply-pushes.ts), so 50 terminals pushing at once cost a few transactions,
// not 50. Measured (docs/benchmarks.md): what a push costs the database is mostly per
// statement and per changed product (a lock, an on-hand update, an inventory.updated event and
// its delivery), and products sold by many pushes are changed once per group, not once per push.
import type { PushDocumentsResult, PushedDocument } from '@fiscal-pos/platform-protocol';
import type { Db } from '../db/database.js';
import { GroupWriter } from '../db/group-writer.js';
import { applyPushes, type Device, type Push } from './apply-pushes.js';

export interface IngestResult extends PushDocumentsResult {
  /** Whether anything was created or updated (webhooks may be waiting). */
  changed: boolean;
}

/**
 * Groups that may run at once: a terminal always lands in the same one (its pushes stay in
 * order). A group's transaction is several round trips, each waiting for a turn of an event
 * loop busy with other requests, so one group alone leaves the database idle between them;
 * more groups mean smaller ones, each changing (locking, updating, announcing) the same hot
 * products again: with pushes of 20 documents most of a group's rows were those products'
 * inventory events. Measured with 50 terminals (docs/benchmarks.md, issue 28): 2 groups of
 * up to 64 pushes cost less CPU per document and ingested more than 4 of 16, at 20 and at 200
 * documents per push; 1 group ingested half as much.
 */
const GROUPS = 2;
/** Pushes per transaction: enough for every terminal of a group at once (25 of 50 here). */
const MAX_PUSHES_PER_GROUP = 64;

interface Waiting {
  push: Push;
  outcomes?: PushDocumentsResult['results'][number]['outcome'][];
  error?: Error;
}

const writers = new WeakMap<Db, GroupWriter<Waiting>[]>();

export async function ingestDocuments(
  db: Db,
  device: Device,
  documents: readonly PushedDocument[],
): Promise<IngestResult> {
  const waiting: Waiting = { push: { device, documents } };
  await writerFor(db, device.terminalId).add(waiting);
  if (waiting.error) throw waiting.error;
  const outcomes = waiting.outcomes!;
  return {
    results: documents.map((d, i) => ({ operationId: d.operationId, outcome: outcomes[i]! })),
    changed: outcomes.some((o) => o !== 'unchanged'),
  };
}

function writerFor(db: Db, terminalId: string): GroupWriter<Waiting> {
  let group = writers.get(db);
  if (!group) {
    group = Array.from(
      { length: GROUPS },
      () => new GroupWriter<Waiting>((items) => writeGroup(db, items), 0, MAX_PUSHES_PER_GROUP),
    );
    writers.set(db, group);
  }
  return group[hash(terminalId) % GROUPS]!;
}

/**
 * One transaction for the group; if it fails, each push again alone, so a push's error is
 * its own answer and never another terminal's.
 */
async function writeGroup(db: Db, items: readonly Waiting[]): Promise<void> {
  try {
    const outcomes = await applyPushes(
      db,
      items.map((w) => w.push),
    );
    items.forEach((w, i) => (w.outcomes = outcomes[i]));
  } catch (error) {
    if (items.length === 1) throw error;
    for (const w of items) {
      try {
        [w.outcomes] = await applyPushes(db, [w.push]);
      } catch (alone) {
        w.error = alone instanceof Error ? alone : new Error(String(alone));
      }
    }
  }
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}
