/**
 * Issue 25 §5: the mail server that hangs and the refusal that will not change. With real
 * servers on loopback (a scripted SMTP server that stalls, the mail and SMS catcher process):
 * a stalled e-mail holds neither the SMS nor the other e-mails; every SMTP stage has its
 * timeout; a 5xx from the SMTP server and a 4xx from the SMS gateway end the message at once,
 * `failed` with the reason; health and the metrics show the outbox.
 */
import { startMailCatcherProcess, type MailCatcherProcess } from '@fiscal-pos/mail-catcher';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig, type TerminalConfig } from '../../src/config.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { startScriptedSmtp, type ScriptedSmtp } from '../../../../test-support/scripted-smtp.js';
import {
  API_KEY,
  cashSale,
  removeDir,
  tempDir,
  type TerminalHandle,
  useSimulator,
} from '../support/terminal-harness.js';

const env = useSimulator();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function catcher(smsToken?: string): Promise<MailCatcherProcess> {
  const dataDir = tempDir('mail-catcher');
  const process = await startMailCatcherProcess({
    dataDir,
    ...(smsToken === undefined ? {} : { env: { SMS_TOKEN: smsToken } }),
  });
  cleanups.push(
    () => removeDir(dataDir),
    () => process.stop(),
  );
  return process;
}

async function scripted(o: Parameters<typeof startScriptedSmtp>[0]): Promise<ScriptedSmtp> {
  const server = await startScriptedSmtp(o);
  cleanups.push(() => server.close());
  return server;
}

/** The delivery settings as the environment gives them, with a quick backoff. */
const delivery = (vars: Record<string, string>): Partial<TerminalConfig> => ({
  delivery: loadTerminalConfig({
    DELIVERY_RETRY_BASE_MS: '50',
    DELIVERY_RETRY_MAX_MS: '200',
    DELIVERY_MAX_ATTEMPTS: '1000',
    ...vars,
  }).delivery,
});

interface Delivery {
  channel: string;
  recipient?: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

async function deliveriesOf(terminal: TerminalHandle, saleId: string): Promise<Delivery[]> {
  return ((await terminal.call('GET', `/api/sales/${saleId}`)).body.data as { deliveries: Delivery[] })
    .deliveries;
}

async function sell(terminal: TerminalHandle, customer: Record<string, string>): Promise<string> {
  const res = await terminal.call('POST', '/api/sales', {
    ...cashSale(12),
    delivery: { language: 'ro', ...customer },
  });
  expect(res.status).toBe(200);
  return (res.body.data as { saleId: string }).saleId;
}

const channel = async (terminal: TerminalHandle, saleId: string, name: string) =>
  (await deliveriesOf(terminal, saleId)).find((d) => d.channel === name)!;

describe('a stalled SMTP server', () => {
  it('holds neither the SMS nor the other e-mails', async () => {
    const smtp = await scripted({ hangOn: ['slow@example.md'] });
    const sms = await catcher();
    // The stall outlasts the test: what is delivered is delivered beside it, not after it.
    const terminal = await env.start({
      card: 'none',
      config: delivery({
        SMTP_URL: smtp.url,
        SMS_GATEWAY_URL: `${sms.adminUrl}/sms`,
        SMTP_SOCKET_TIMEOUT_MS: '120000',
      }),
    });
    cleanups.push(
      () => terminal.stop(),
      () => smtp.close(),
    );

    const slow = await sell(terminal, { customerEmail: 'slow@example.md', customerPhone: '+37369000001' });
    await waitUntil('the stalled e-mail is being sent', () => smtp.openConnections() === 1, 15_000);
    // The same customer's next receipt waits behind the stalled one: it is not sent out of order.
    const slowAgain = await sell(terminal, { customerEmail: 'slow@example.md' });
    const others = [
      await sell(terminal, { customerEmail: 'one@example.md', customerPhone: '+37369000002' }),
      await sell(terminal, { customerEmail: 'two@example.md', customerPhone: '+37369000003' }),
    ];
    await waitUntil(
      'every other message sent',
      async () => {
        const all = [
          await channel(terminal, slow, 'sms'),
          ...(await Promise.all(others.map((id) => deliveriesOf(terminal, id)))).flat(),
        ];
        return all.every((d) => d.status === 'sent');
      },
      15_000,
    );
    expect(smtp.accepted.sort()).toEqual(['one@example.md', 'two@example.md']);
    // The stalled one is still in its first attempt: nothing waited for it. The one behind it,
    // to the same customer, was never begun: one connection is open, one e-mail is being sent.
    expect(await channel(terminal, slow, 'email')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await channel(terminal, slowAgain, 'email')).toMatchObject({ status: 'queued', attempts: 0 });
    expect(smtp.openConnections()).toBe(1);

    const health = (await terminal.call('GET', '/api/health')).body.data as {
      receiptDeliveries: { queued: number; sending: { email: number; sms: number } };
    };
    expect(health.receiptDeliveries).toEqual({ queued: 2, sending: { email: 1, sms: 0 } });
    const metrics = await (
      await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } })
    ).text();
    expect(metrics).toMatch(/^receipt_deliveries_queued 2$/m);
    expect(metrics).toMatch(/^receipt_deliveries_sending\{channel="email"\} 1$/m);
  });

  it('ends a hung conversation at the configured greeting and socket timeouts', async () => {
    const silent = await scripted({ silent: true });
    const stalling = await scripted({ hangOn: ['ana@example.md'] });
    // Each stage its own: the other timeout is long, so the error says which one ended it.
    const quiet = await env.start({
      card: 'none',
      config: delivery({
        SMTP_URL: silent.url,
        SMTP_GREETING_TIMEOUT_MS: '300',
        SMTP_SOCKET_TIMEOUT_MS: '60000',
      }),
    });
    const stalled = await env.start({
      card: 'none',
      config: delivery({
        SMTP_URL: stalling.url,
        SMTP_GREETING_TIMEOUT_MS: '60000',
        SMTP_SOCKET_TIMEOUT_MS: '300',
      }),
    });
    cleanups.push(
      () => quiet.stop(),
      () => stalled.stop(),
      () => silent.close(),
      () => stalling.close(),
    );
    const [a, b] = [
      await sell(quiet, { customerEmail: 'ana@example.md' }),
      await sell(stalled, { customerEmail: 'ana@example.md' }),
    ];
    await waitUntil(
      'both retried after their timeouts',
      async () =>
        (await channel(quiet, a, 'email')).attempts >= 2 &&
        (await channel(stalled, b, 'email')).attempts >= 2,
      15_000,
    );
    expect((await channel(quiet, a, 'email')).lastError).toMatch(/greeting/i);
    expect((await channel(stalled, b, 'email')).lastError).toMatch(/timeout/i);
    expect((await channel(stalled, b, 'email')).status).toBe('queued');
  });
});

describe('a permanent refusal', () => {
  it('is failed at once with the reason: SMTP 5xx, SMS gateway 4xx', async () => {
    const servers = await catcher('the-right-token');
    const terminal = await env.start({
      card: 'none',
      config: delivery({
        SMTP_URL: servers.url,
        SMS_GATEWAY_URL: `${servers.adminUrl}/sms`,
        SMS_GATEWAY_TOKEN: 'a-wrong-token',
      }),
    });
    cleanups.push(() => terminal.stop());
    const saleId = await sell(terminal, {
      customerEmail: 'ana@shop.invalid',
      customerPhone: '+37369123456',
    });
    await waitUntil('both given up', async () =>
      (await deliveriesOf(terminal, saleId)).every((d) => d.status !== 'queued'),
    );
    const [email, sms] = await deliveriesOf(terminal, saleId);
    expect(email).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/550/) });
    expect(sms).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/401/) });
    const health = (await terminal.call('GET', '/api/health')).body.data as {
      receiptDeliveries: { queued: number };
    };
    expect(health.receiptDeliveries.queued).toBe(0);
  });
});
