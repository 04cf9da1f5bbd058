// The retention rules (housekeeping/retention.ts) applied by the sweep, on a real database with
// rows on both sides of each limit: what is past its time goes, what is not stays, and a sweep
// over more rows than one batch deletes them all.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import {
  adminIdempotency,
  consoleInvitations,
  consolePasswordResets,
  consoleSessions,
} from '../src/db/schema.js';
import { Housekeeping } from '../src/housekeeping/housekeeping.js';
import { EXPIRED_LINK_RETENTION_MS, IDEMPOTENCY_RETENTION_MS } from '../src/housekeeping/retention.js';
import { seedConsoleUser } from './console-harness.js';
import { DRIVERS, openTestDatabase, seedMerchant, type TestDatabase } from './harness.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const IDLE_MS = 30 * 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe.each(DRIVERS)('housekeeping on %s', (driver) => {
  let database: TestDatabase;
  let userId: string;
  let merchantId: string;
  const clock: Clock = { now: () => NOW };
  const sweeper = () =>
    new Housekeeping({ db: database.db, clock, sessionIdleMs: IDLE_MS, logger: pino({ level: 'silent' }) });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    merchantId = (await seedMerchant(database)).merchantId;
    userId = (await seedConsoleUser(database, { merchantId, role: 'owner' })).id;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('deletes sessions that can no longer be resumed, and only those', async () => {
    const session = (id: string, lastSeenAt: Date, expiresAt: Date) => ({
      id,
      tokenHash: `hash-${id}`,
      userId,
      csrfToken: 'csrf',
      createdAt: ago(60 * 60_000),
      lastSeenAt,
      expiresAt,
    });
    await database.db
      .insert(consoleSessions)
      .values([
        session('ses-live', ago(IDLE_MS - 1_000), ago(-60_000)),
        session('ses-idle', ago(IDLE_MS + 1_000), ago(-60_000)),
        session('ses-ended', ago(1_000), ago(1_000)),
      ]);
    expect(await sweeper().sweep()).toEqual({ console_sessions: 2 });
    expect(ids(await database.db.select().from(consoleSessions))).toEqual(['ses-live']);
  });

  it('keeps an expired link a month, so that opening it still says it expired', async () => {
    const link = { createdAt: ago(40 * 86_400_000), tokenHash: '' };
    await database.db.insert(consolePasswordResets).values([
      { ...link, id: 'pwr-old', userId, tokenHash: 'r1', expiresAt: ago(EXPIRED_LINK_RETENTION_MS + 1_000) },
      {
        ...link,
        id: 'pwr-recent',
        userId,
        tokenHash: 'r2',
        expiresAt: ago(EXPIRED_LINK_RETENTION_MS - 1_000),
      },
    ]);
    const invitation = { ...link, merchantId, email: 'new@shop.test', role: 'viewer' as const };
    await database.db.insert(consoleInvitations).values([
      {
        ...invitation,
        id: 'inv-old',
        tokenHash: 'i1',
        expiresAt: ago(EXPIRED_LINK_RETENTION_MS + 1_000),
        acceptedAt: ago(39 * 86_400_000),
      },
      { ...invitation, id: 'inv-recent', tokenHash: 'i2', expiresAt: ago(EXPIRED_LINK_RETENTION_MS - 1_000) },
      { ...invitation, id: 'inv-pending', tokenHash: 'i3', expiresAt: ago(-86_400_000) },
    ]);
    expect(await sweeper().sweep()).toEqual({ console_password_resets: 1, console_invitations: 1 });
    expect(ids(await database.db.select().from(consolePasswordResets))).toEqual(['pwr-recent']);
    expect(ids(await database.db.select().from(consoleInvitations))).toEqual(['inv-pending', 'inv-recent']);
  });

  it('deletes Idempotency-Key answers after a week, in batches, all of them', async () => {
    const answer = (key: string, createdAt: Date) => ({
      scope: 'operator',
      key,
      requestHash: 'h',
      status: 201,
      createdAt,
    });
    const old = Array.from({ length: 2_345 }, (_, i) =>
      answer(`old-${i}`, ago(IDEMPOTENCY_RETENTION_MS + 1_000 + i)),
    );
    for (let i = 0; i < old.length; i += 500)
      await database.db.insert(adminIdempotency).values(old.slice(i, i + 500));
    await database.db
      .insert(adminIdempotency)
      .values(answer('recent', ago(IDEMPOTENCY_RETENTION_MS - 1_000)));
    expect(await sweeper().sweep()).toEqual({ admin_idempotency: 2_345 });
    const left = await database.db.select({ key: adminIdempotency.key }).from(adminIdempotency);
    expect(left).toEqual([{ key: 'recent' }]);
    expect(await sweeper().sweep()).toEqual({});
  });
});
