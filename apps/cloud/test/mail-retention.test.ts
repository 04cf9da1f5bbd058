// The mail outbox keeps a sent message's row SENT_RETENTION_MS (30 days), then the mail worker
// deletes it; rows still pending, or given up, stay. A real database, the worker's own code, a
// mailer that records, and a clock moved by the test.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import { mailOutbox } from '../src/db/schema.js';
import { MailOutbox } from '../src/mail/mail-outbox.js';
import { MailWorker, SENT_RETENTION_MS, type Mailer } from '../src/mail/mail-worker.js';
import { DRIVERS, openTestDatabase, testConfig, testSecrets, type TestDatabase } from './harness.js';

const DAY_MS = 24 * 60 * 60_000;

describe.each(DRIVERS)('mail outbox retention on %s', (driver) => {
  let database: TestDatabase;
  let nowMs = Date.parse('2026-03-01T10:00:00Z');
  const clock: Clock = { now: () => new Date(nowMs) };
  const sent: unknown[] = [];
  const mailer: Mailer = {
    send: (message) => {
      sent.push(message.to);
      return Promise.resolve();
    },
    close: () => undefined,
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('deletes the rows of messages sent more than 30 days ago, and only those', async () => {
    const outbox = new MailOutbox({
      configured: true,
      secrets: testSecrets,
      clock,
      onQueued: () => undefined,
    });
    const worker = new MailWorker({
      db: database.db,
      mailer,
      config: testConfig().mail,
      secrets: testSecrets,
      clock,
      logger: pino({ level: 'silent' }),
    });
    const queue = (to: string) =>
      outbox.enqueue(database.db, { kind: 'invitation', to, subject: 's', text: 't', html: '<p>t</p>' });

    await queue('old@shop.test');
    expect(await worker.sendNext()).toBe(true);
    nowMs += 10 * DAY_MS;
    await queue('recent@shop.test');
    expect(await worker.sendNext()).toBe(true);
    await queue('pending@shop.test');
    expect(sent).toEqual(['old@shop.test', 'recent@shop.test']);

    // Exactly the retention after the first was sent: kept.
    nowMs += SENT_RETENTION_MS - 10 * DAY_MS;
    expect(await worker.pruneSent()).toBe(0);
    nowMs += 1;
    expect(await worker.pruneSent()).toBe(1);
    const left = await database.db.select().from(mailOutbox);
    expect(left.map((row) => [row.toAddress, row.status]).sort()).toEqual([
      ['pending@shop.test', 'pending'],
      ['recent@shop.test', 'sent'],
    ]);
  });
});
