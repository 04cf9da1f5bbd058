// A shop's console users over real HTTP against a real cloud on PGlite (and PostgreSQL when
// configured): invitations mailed through a real SMTP server (the mail-catcher process) by the
// outbox worker, accepted with a password; the list, role changes, removals, the last owner
// kept; one shop never sees another's users; the operator's first owner; no SMTP_URL; a hung
// mail server that holds no request.
import { startMailCatcherProcess, type MailCatcherProcess } from '@fiscal-pos/mail-catcher';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import type { Cloud } from '../src/server.js';
import { startScriptedSmtp } from '../../../test-support/scripted-smtp.js';
import {
  eventually,
  mailedLink,
  seedConsoleUser,
  signInConsole,
  type ConsoleBrowser,
  type SeededConsoleUser,
} from './console-harness.js';
import {
  call,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  testConfig,
  TEST_METRICS_TOKEN,
  TEST_OPERATOR_TOKEN,
  type TestDatabase,
} from './harness.js';

const DAY = 24 * 60 * 60_000;
const PUBLIC_URL = 'https://console.example.test';
const PASSWORD = 'a long enough password';

describe.each(DRIVERS)('console users and invitations on %s', (driver) => {
  let database: TestDatabase;
  let catcher: MailCatcherProcess;
  let cloud: Cloud;
  let merchantId: string;
  let owner: SeededConsoleUser;
  let ownerBrowser: ConsoleBrowser;
  let offsetMs = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

  const consoleConfig = () => ({
    ...testConfig().console,
    publicUrl: PUBLIC_URL,
    signIn: { maxPerAddress: 10_000, maxPerAccount: 10_000, windowMs: 60_000 },
    linkAttempts: { maxPerAddress: 10_000, windowMs: 60_000 },
  });
  // A short socket timeout only where the server hangs on purpose: against the catcher, a loaded
  // machine's pause after the message was accepted would retry it and count a second attempt.
  const mailConfig = (smtpUrl: string | null, socketMs = 10_000) => ({
    ...testConfig().mail,
    smtpUrl,
    pollIntervalMs: 20,
    retryScheduleMs: [20],
    timeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs },
  });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    catcher = await startMailCatcherProcess({ dataDir: mkdtempSync(join(tmpdir(), 'cloud-mail-')) });
    ({ merchantId } = await seedMerchant(database, { name: 'Magazinul Ana' }));
    owner = await seedConsoleUser(database, { merchantId, role: 'owner' });
    cloud = await startTestCloud(
      database,
      { console: consoleConfig(), mail: mailConfig(catcher.url) },
      {},
      clock,
    );
    ownerBrowser = await signInConsole(cloud, owner);
  }, 60_000);
  afterAll(async () => {
    await cloud?.close();
    await catcher?.stop();
    await database?.close();
  });

  const invite = (browser: ConsoleBrowser, email: string, role = 'manager') =>
    browser.call('POST', '/users/invitations', { email, role });

  it('mails an invitation whose link shows the shop and role, and makes a signed-in user of whoever accepts it', async () => {
    const email = `mara-${Date.now()}@shop.test`;
    const invited = await invite(ownerBrowser, email.toUpperCase());
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json()).toMatchObject({
      invitation: { email, role: 'manager' },
      mailed: true,
      link: null,
    });
    const { expiresAt, createdAt } = invited.json().invitation;
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(7 * DAY);

    const mail = await mailedLink(catcher, email, 'invitation');
    expect(mail.subject).toBe('Invitation to the console of Magazinul Ana');
    expect(mail.text).toContain(`${PUBLIC_URL}/console/invitation/${mail.token}`);
    // Only the token's hash is stored; the sent message's body (with the link) is erased.
    const stored = (await database.db.query.consoleInvitations.findMany()).filter((r) => r.email === email);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(mail.token);
    const outbox = await eventually(async () => {
      const rows = (await database.db.query.mailOutbox.findMany()).filter((r) => r.toAddress === email);
      return rows[0]?.status === 'sent' ? rows[0] : undefined;
    }, 'the outbox row marked sent');
    expect(outbox).toMatchObject({ bodyCiphertext: null, bodyKeyId: null, attempts: 1 });

    const preview = await call(cloud, 'GET', `/api/console/v1/auth/invitations/${mail.token}`);
    expect(preview.json()).toMatchObject({ email, role: 'manager', merchant: { name: 'Magazinul Ana' } });

    const short = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token: mail.token, password: 'too short' },
    });
    expect(short.status).toBe(400);
    const accepted = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token: mail.token, password: PASSWORD },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, role: 'manager' });
    expect(accepted.json().merchant.id).toBe(merchantId);
    expect(accepted.headers.getSetCookie()[0]).toMatch(/^fpos_session=/);
    await signInConsole(cloud, { email, password: PASSWORD });

    const again = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token: mail.token, password: PASSWORD },
    });
    expect(again.status).toBe(422);
    expect(again.json().code).toBe('invitation_used');
    const unknown = await call(cloud, 'GET', `/api/console/v1/auth/invitations/${'x'.repeat(43)}`);
    expect(unknown.json().code).toBe('invitation_invalid');
  });

  it('lists pending invitations; a new one to the same address replaces the old, and revoking ends it', async () => {
    const email = `ion-${Date.now()}@shop.test`;
    expect((await invite(ownerBrowser, email, 'viewer')).status).toBe(201);
    const first = await mailedLink(catcher, email, 'invitation');
    const second = await invite(ownerBrowser, email, 'manager');
    const replacement = await mailedLink(catcher, email, 'invitation', new Set([first.id]));
    const replaced = await call(cloud, 'GET', `/api/console/v1/auth/invitations/${first.token}`);
    expect(replaced.json().code).toBe('invitation_invalid');

    const pending = await ownerBrowser.call('GET', '/users/invitations');
    const mine = pending.json().data.filter((i: { email: string }) => i.email === email);
    expect(mine).toEqual([expect.objectContaining({ id: second.json().invitation.id, role: 'manager' })]);

    expect((await ownerBrowser.call('DELETE', `/users/invitations/${mine[0].id}`)).status).toBe(204);
    const revoked = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token: replacement.token, password: PASSWORD },
    });
    expect(revoked.json().code).toBe('invitation_invalid');
    expect((await ownerBrowser.call('DELETE', `/users/invitations/${mine[0].id}`)).status).toBe(404);
  });

  it('lets an invitation expire after 7 days', async () => {
    const email = `late-${Date.now()}@shop.test`;
    await invite(ownerBrowser, email);
    const { token } = await mailedLink(catcher, email, 'invitation');
    offsetMs += 7 * DAY + 60_000;
    try {
      const late = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
        body: { token, password: PASSWORD },
      });
      expect(late.status).toBe(422);
      expect(late.json().code).toBe('invitation_expired');
    } finally {
      offsetMs -= 7 * DAY + 60_000;
    }
    ownerBrowser = await signInConsole(cloud, owner);
  });

  it('refuses to invite an address that already has an account', async () => {
    const response = await invite(ownerBrowser, owner.email);
    expect(response.status).toBe(409);
    expect(response.json().code).toBe('user_exists');
  });

  it('changes roles and removes users, never the last owner; a removed user is signed out', async () => {
    const manager = await seedConsoleUser(database, { merchantId, role: 'manager' });
    const managerBrowser = await signInConsole(cloud, manager);
    const listed = await managerBrowser.call('GET', '/users?limit=200');
    expect(listed.status).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ id: owner.id, email: owner.email, role: 'owner', totpEnabled: false }),
    );

    const demote = await ownerBrowser.call('PATCH', `/users/${owner.id}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.json().code).toBe('last_owner');
    expect((await ownerBrowser.call('DELETE', `/users/${owner.id}`)).json().code).toBe('last_owner');

    const promoted = await ownerBrowser.call('PATCH', `/users/${manager.id}`, { role: 'owner' });
    expect(promoted.json()).toMatchObject({ id: manager.id, role: 'owner' });
    expect((await ownerBrowser.call('PATCH', `/users/${manager.id}`, { role: 'manager' })).status).toBe(200);

    expect((await ownerBrowser.call('DELETE', `/users/${manager.id}`)).status).toBe(204);
    expect((await managerBrowser.call('GET', '/session')).status).toBe(401);
    expect((await ownerBrowser.call('DELETE', `/users/${manager.id}`)).status).toBe(404);
  });

  it('withdraws the pending invitations of an owner who is removed or demoted', async () => {
    // An owner about to be removed invites an address of their own as owner: were the link to
    // outlive its inviter's removal, it would let them back in as owner for a week.
    for (const [change, body] of [
      ['DELETE', undefined],
      ['PATCH', { role: 'viewer' }],
    ] as const) {
      const rogue = await seedConsoleUser(database, { merchantId, role: 'owner' });
      const rogueBrowser = await signInConsole(cloud, rogue);
      const email = `comeback-${change.toLowerCase()}-${Date.now()}@shop.test`;
      const invited = await invite(rogueBrowser, email, 'owner');
      expect(invited.status, invited.text).toBe(201);
      const { token } = await mailedLink(catcher, email, 'invitation');
      // An invitation by the owner who stays is kept.
      const kept = `kept-${change.toLowerCase()}-${Date.now()}@shop.test`;
      expect((await invite(ownerBrowser, kept, 'viewer')).status).toBe(201);

      const changed = await ownerBrowser.call(change, `/users/${rogue.id}`, body);
      expect(changed.status, `${change} ${changed.text}`).toBeLessThan(300);

      const accepted = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
        body: { token, password: PASSWORD },
      });
      expect(accepted.status, `${change}: ${accepted.text}`).toBe(422);
      expect(accepted.json().code).toBe('invitation_invalid');
      const pending = (await ownerBrowser.call('GET', '/users/invitations'))
        .json()
        .data.map((i: { email: string }) => i.email);
      expect(pending).not.toContain(email);
      expect(pending).toContain(kept);
    }
  }, 60_000);

  it('signs another user out of every browser', async () => {
    const viewer = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    const viewerBrowser = await signInConsole(cloud, viewer);
    expect(
      (await ownerBrowser.call('POST', '/users/sign-out-everywhere', { userId: viewer.id })).status,
    ).toBe(204);
    expect((await viewerBrowser.call('GET', '/session')).status).toBe(401);
  });

  it('pages the user list with a cursor', async () => {
    const first = await ownerBrowser.call('GET', '/users?limit=1');
    expect(first.json()).toMatchObject({ hasMore: true, data: [expect.objectContaining({ id: owner.id })] });
    const next = await ownerBrowser.call('GET', `/users?limit=1&cursor=${first.json().nextCursor}`);
    expect(next.json().data[0].id).not.toBe(owner.id);
  });

  it('keeps each shop to its own users and invitations', async () => {
    const other = await seedMerchant(database, { name: 'Alt magazin' });
    const otherOwner = await seedConsoleUser(database, { merchantId: other.merchantId, role: 'owner' });
    const otherBrowser = await signInConsole(cloud, otherOwner);
    const mine = await seedConsoleUser(database, { merchantId, role: 'viewer' });
    const invitation = (await invite(ownerBrowser, `cross-${Date.now()}@shop.test`)).json().invitation;

    const listed = await otherBrowser.call('GET', '/users');
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual([otherOwner.id]);
    expect((await otherBrowser.call('GET', '/users/invitations')).json().data).toEqual([]);
    for (const [method, path, body] of [
      ['PATCH', `/users/${mine.id}`, { role: 'owner' }],
      ['DELETE', `/users/${mine.id}`, undefined],
      ['POST', '/users/sign-out-everywhere', { userId: mine.id }],
      ['DELETE', `/users/invitations/${invitation.id}`, undefined],
    ] as const) {
      const response = await otherBrowser.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await signInConsole(cloud, mine)).csrfToken).toBeTruthy();
  });

  it('lets the operator create a merchant with its first owner, through the same invitation', async () => {
    const email = `first-owner-${Date.now()}@shop.test`;
    const created = await call(cloud, 'POST', '/api/admin/v1/merchants', {
      operator: TEST_OPERATOR_TOKEN,
      body: { name: 'Brutăria Nouă', ownerEmail: email },
    });
    expect(created.status, created.text).toBe(201);
    const { ownerInvitation, id } = created.json();
    expect(ownerInvitation).toMatchObject({ email, mailed: true });
    expect(ownerInvitation.link).toMatch(new RegExp(`^${PUBLIC_URL}/console/invitation/[0-9A-Za-z]+$`));
    const mail = await mailedLink(catcher, email, 'invitation');
    expect(ownerInvitation.link).toBe(`${PUBLIC_URL}/console/invitation/${mail.token}`);
    const accepted = await call(cloud, 'POST', '/api/console/v1/auth/invitations/accept', {
      body: { token: mail.token, password: PASSWORD },
    });
    expect(accepted.json()).toMatchObject({
      user: { role: 'owner' },
      merchant: { id, name: 'Brutăria Nouă' },
    });

    const taken = await call(cloud, 'POST', '/api/admin/v1/merchants', {
      operator: TEST_OPERATOR_TOKEN,
      body: { name: 'Duplicat', ownerEmail: email },
    });
    expect(taken.status).toBe(409);
    const merchants = await call(cloud, 'GET', '/api/admin/v1/merchants', { operator: TEST_OPERATOR_TOKEN });
    expect(merchants.json().data.map((m: { name: string }) => m.name)).not.toContain('Duplicat');
  });

  it('answers the link itself when no mail server is configured', async () => {
    const unmailed = await startTestCloud(database, { console: consoleConfig(), mail: mailConfig(null) });
    try {
      const browser = await signInConsole(unmailed, owner);
      const email = `nomail-${Date.now()}@shop.test`;
      const invited = await browser.call('POST', '/users/invitations', { email, role: 'viewer' });
      expect(invited.json()).toMatchObject({ mailed: false });
      const token = /\/console\/invitation\/([0-9A-Za-z]+)$/.exec(invited.json().link)![1];
      const accepted = await call(unmailed, 'POST', '/api/console/v1/auth/invitations/accept', {
        body: { token, password: PASSWORD },
      });
      expect(accepted.status).toBe(200);
      expect(await database.db.query.mailOutbox.findMany()).not.toContainEqual(
        expect.objectContaining({ toAddress: email }),
      );
    } finally {
      await unmailed.close();
    }
  });

  it('answers an invitation at once while the mail server hangs, then retries and gives the message up', async () => {
    const stuck = `stuck-${Date.now()}@shop.test`;
    const smtp = await startScriptedSmtp({ hangOn: [stuck] });
    // A database of its own: the other cloud's worker would send the message through the catcher.
    const own = await openTestDatabase(driver);
    const shop = await seedMerchant(own);
    const hung = await startTestCloud(
      own,
      { console: consoleConfig(), mail: mailConfig(smtp.url, 300) },
      {},
      clock,
    );
    try {
      const browser = await signInConsole(
        hung,
        await seedConsoleUser(own, { merchantId: shop.merchantId, role: 'owner' }),
      );
      const invited = await browser.call('POST', '/users/invitations', { email: stuck, role: 'viewer' });
      expect(invited.status).toBe(201);
      expect(invited.json().mailed).toBe(true);
      const failed = await eventually(async () => {
        const row = (await own.db.query.mailOutbox.findMany()).find((r) => r.toAddress === stuck);
        return row?.status === 'failed' ? row : undefined;
      }, 'the stuck message given up');
      // One retry (MAIL_RETRY_SCHEDULE_MS of one delay), each attempt ended by the socket timeout.
      expect(failed).toMatchObject({ attempts: 2, bodyCiphertext: null });
      expect(failed.lastError).toMatch(/timeout/i);
      const metrics = await call(hung, 'GET', '/metrics', {
        headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
      });
      expect(metrics.text).toContain('cloud_mail_messages{status="failed"} 1');
      const ok = `fine-${Date.now()}@shop.test`;
      await browser.call('POST', '/users/invitations', { email: ok, role: 'viewer' });
      await eventually(
        () => Promise.resolve(smtp.accepted.includes(ok) ? true : undefined),
        'the next message sent',
      );
    } finally {
      await hung.close();
      await smtp.close();
      await own.close();
    }
  });
});
