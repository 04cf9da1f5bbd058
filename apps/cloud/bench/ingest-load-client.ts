// The ingest bench's 50 terminals, in a process of their own (ingest-bench.ts forks it): the
// terminals are other machines, so their CPU (generating documents, JSON, HTTP) is counted
// apart from the cloud's, and their event loop never delays the cloud's. Run as a child, it
// waits for the parent's `go`, pushes for the given time and answers with what it pushed, the
// stock that implies per product and its own CPU time.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { fiscalDocument } from '../test/documents-fixture.js';

/** One sale in this many is refused by the tax server and pushed again as `failed`. */
const REFUSED_EVERY = 20;

/** What one terminal generates: its pushes, and the stock they imply per product. */
export class SimulatedTerminal {
  private refusedNext: PushedDocument[] = [];
  constructor(
    private readonly expected: Map<string, number>,
    private readonly perPush: number,
    private readonly products: number,
  ) {}

  nextPush(): PushedDocument[] {
    const docs: PushedDocument[] = this.refusedNext.map((d) => ({
      ...d,
      revision: 2,
      status: 'failed' as const,
    }));
    this.refusedNext = [];
    while (docs.length < this.perPush) {
      const refund = Math.random() < 0.1;
      const lines = Array.from({ length: 3 }, () => ({
        productId: `prod_ingest${Math.floor(Math.random() * this.products)}`,
        quantityMilli: 1000 * (1 + Math.floor(Math.random() * 3)),
      }));
      const doc = fiscalDocument(lines, refund ? { type: 'refund', refundId: randomUUID() } : {});
      const refused = !refund && docs.length % REFUSED_EVERY === 0;
      if (refused) this.refusedNext.push(doc);
      else for (const l of lines) this.expect(l.productId, refund ? l.quantityMilli : -l.quantityMilli);
      docs.push(doc);
    }
    return docs;
  }

  /** Sales refused in the last push, to be pushed once more, as failed, before the run ends. */
  get pending(): PushedDocument[] {
    return this.refusedNext.map((d) => ({ ...d, revision: 2, status: 'failed' as const }));
  }

  private expect(productId: string, delta: number) {
    this.expected.set(productId, (this.expected.get(productId) ?? 0) + delta);
  }
}

export interface LoadPlan {
  url: string;
  credentials: string[];
  perPush: number;
  products: number;
  durationMs: number;
}

export interface LoadResult {
  documents: number;
  elapsedMs: number;
  /** Per product: the on-hand change the pushed documents imply. */
  expected: [string, number][];
  /** This process's CPU (user + system) over the run, ms. */
  cpuMs: number;
}

async function pushFor(plan: LoadPlan): Promise<LoadResult> {
  const expected = new Map<string, number>();
  const pool = new Pool(plan.url, { connections: plan.credentials.length, pipelining: 1 });
  const push = async (credential: string, documents: PushedDocument[]) => {
    const res = await pool.request({
      path: '/api/device/v1/documents',
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documents }),
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`push: HTTP ${res.statusCode} ${text}`);
  };
  let documents = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + plan.durationMs;
  await Promise.all(
    plan.credentials.map(async (credential) => {
      const sim = new SimulatedTerminal(expected, plan.perPush, plan.products);
      while (performance.now() < end) {
        const docs = sim.nextPush();
        await push(credential, docs);
        documents += docs.length;
      }
      const pending = sim.pending;
      if (pending.length) {
        await push(credential, pending);
        documents += pending.length;
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await pool.close();
  return { documents, elapsedMs, expected: [...expected], cpuMs: (cpu.user + cpu.system) / 1000 };
}

// As a child: `ready` once loaded, the plan arrives with `go`, the result goes back.
if (process.send) {
  process.on('message', (plan: LoadPlan) => {
    pushFor(plan).then(
      (result) => process.send!(result, () => process.disconnect()),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.send('ready');
}
