/**
 * Receipts reach the customer: a sale with delivery.customerEmail and customerPhone is sent by
 * e-mail over SMTP and by SMS over the HTTP gateway contract, to the real mail and SMS catcher
 * process; the e-mail is parsed with mailparser. The outbox is durable: with the servers down the
 * messages wait (retried with backoff), across a restart too, and go once when they are back.
 */
import {
  startMailCatcherProcess,
  type CaughtMessage,
  type MailCatcherProcess,
} from '@fiscal-pos/mail-catcher';
import { portForLater } from '@fiscal-pos/sim-kit';
import { simpleParser } from 'mailparser';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig, type TerminalConfig } from '../../src/config.js';
import { smsSegments } from '../../src/receipt-delivery/sms-segments.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import {
  API_KEY,
  cashSale,
  removeDir,
  tempDir,
  type TerminalHandle,
  useSimulator,
} from '../support/terminal-harness.js';

const env = useSimulator();
const catchers: MailCatcherProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const catcher of catchers) await catcher.stop();
  for (const dir of dirs) removeDir(dir);
});

async function startCatcher(ports: { port?: number; adminPort?: number } = {}): Promise<MailCatcherProcess> {
  const dataDir = tempDir('mail-catcher');
  dirs.push(dataDir);
  const catcher = await startMailCatcherProcess({ dataDir, ...ports });
  catchers.push(catcher);
  return catcher;
}

const delivery = (smtpUrl: string, smsGatewayUrl: string): Partial<TerminalConfig> => ({
  delivery: loadTerminalConfig({
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Magazin <bonuri@magazin.md>',
    SMS_GATEWAY_URL: smsGatewayUrl,
    DELIVERY_RETRY_BASE_MS: '50',
    DELIVERY_RETRY_MAX_MS: '200',
    DELIVERY_MAX_ATTEMPTS: '1000',
  }).delivery,
});

async function caught(catcher: MailCatcherProcess): Promise<CaughtMessage[]> {
  return (await (await fetch(`${catcher.adminUrl}/api/messages`)).json()) as CaughtMessage[];
}

interface Deliveries {
  deliveries: {
    channel: string;
    status: string;
    attempts: number;
    lastError: string | null;
    refundId: string | null;
  }[];
}

async function deliveriesOf(terminal: TerminalHandle, saleId: string): Promise<Deliveries['deliveries']> {
  return ((await terminal.call('GET', `/api/sales/${saleId}`)).body.data as Deliveries).deliveries;
}

const sale = (customer: Record<string, string>) => ({
  ...cashSale(45.5, { items: [{ name: 'Ceai verde', unitPrice: 45.5, quantity: 1, vatCode: 'B' }] }),
  delivery: { customerEmail: 'ana@example.md', customerPhone: '+37369123456', ...customer },
});

describe('receipt delivery', () => {
  let catcher: MailCatcherProcess;
  let terminal: TerminalHandle;

  beforeAll(async () => {
    catcher = await startCatcher();
    terminal = await env.start({ card: 'none', config: delivery(catcher.url, `${catcher.adminUrl}/sms`) });
  });

  it('sends the receipt by e-mail (text, HTML and QR, in the language asked) and by SMS', async () => {
    const res = await terminal.call('POST', '/api/sales', sale({ language: 'ru' }));
    expect(res.status).toBe(200);
    const { saleId, receiptNumber, qrCodeData } = res.body.data as {
      saleId: string;
      receiptNumber: number;
      qrCodeData: string;
    };
    expect(res.body.data).toMatchObject({ receiptDelivery: { smsSent: true, emailSent: true } });
    await waitUntil('both receipts sent', async () =>
      (await deliveriesOf(terminal, saleId)).every((d) => d.status === 'sent'),
    );
    expect((await deliveriesOf(terminal, saleId)).map((d) => [d.channel, d.status, d.attempts])).toEqual([
      ['email', 'sent', 1],
      ['sms', 'sent', 1],
    ]);

    const messages = await caught(catcher);
    const email = messages.find((m) => m.kind === 'email' && m.to === 'ana@example.md')!;
    const parsed = await simpleParser(readFileSync(email.emlFile!));
    expect(parsed.subject).toBe(`Кассовый чек № ${receiptNumber}`);
    expect(parsed.from?.text).toContain('bonuri@magazin.md');
    expect(parsed.text).toContain('Спасибо');
    expect(parsed.text).toMatch(/TOTAL\s+45\.50/);
    expect(parsed.text).toContain('BON FISCAL');
    // The verification link stands whole on its own line: a plain-text reader opens all of it.
    expect(qrCodeData.length).toBeGreaterThan(48);
    expect(parsed.text!.split('\n')).toContain(qrCodeData);
    expect(parsed.html || '').toContain(qrCodeData);
    expect(parsed.messageId).toMatch(/@fiscal-pos>$/);
    const qr = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.contentId).toBe('<qr@receipt>');
    expect(qr!.content.subarray(1, 4).toString()).toBe('PNG');

    const sms = messages.find((m) => m.kind === 'sms' && m.to === '+37369123456')!;
    // In Latin letters: one GSM-7 segment, where the Cyrillic text would cost two UCS-2 ones.
    expect(sms.text).toBe(`Chek nr. ${receiptNumber}: 45.50 MDL. Proverka: ${qrCodeData}`);
    expect(smsSegments(sms.text)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('sends a refund’s receipt where the sale’s went', async () => {
    const { saleId } = (
      await terminal.call('POST', '/api/sales', sale({ language: 'en', customerEmail: 'ion@example.md' }))
    ).body.data as { saleId: string };
    const refund = await terminal.call('POST', `/api/sales/${saleId}/refund`, {});
    expect(refund.status).toBe(200);
    const refundId = (refund.body.data as { refundId: string }).refundId;
    await waitUntil('the refund receipts sent', async () => {
      const forRefund = (await deliveriesOf(terminal, saleId)).filter((d) => d.refundId === refundId);
      return forRefund.length === 2 && forRefund.every((d) => d.status === 'sent');
    });
    const emails = (await caught(catcher)).filter((m) => m.kind === 'email' && m.to === 'ion@example.md');
    expect(emails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your receipt no\. \d+$/),
      expect.stringMatching(/^Your refund receipt no\. \d+$/),
    ]);
  });
});

describe('receipt delivery while the servers are down', () => {
  it('waits, retried, across a restart, and delivers each message once when they are back', async () => {
    const [smtpPort, httpPort] = [await portForLater(), await portForLater()];
    const config = delivery(`smtp://127.0.0.1:${smtpPort}`, `http://127.0.0.1:${httpPort}/sms`);
    const dataDir = tempDir('delivery-down');
    dirs.push(dataDir);
    let terminal = await env.start({ card: 'none', dataDir, config });
    const { saleId } = (
      await terminal.call('POST', '/api/sales', sale({ language: 'ro', customerEmail: 'dan@example.md' }))
    ).body.data as { saleId: string };
    await waitUntil('a few failed attempts', async () =>
      (await deliveriesOf(terminal, saleId)).every((d) => d.status === 'queued' && d.attempts >= 2),
    );
    expect((await deliveriesOf(terminal, saleId))[0]!.lastError).toMatch(/ECONNREFUSED/);
    const metrics = await fetch(`${terminal.url}/metrics`, { headers: { 'X-API-Key': API_KEY } });
    expect(await metrics.text()).toMatch(/^receipt_deliveries_queued 2$/m);

    // A restart with the messages still queued: the new process sends them.
    const { material } = terminal;
    await terminal.stop();
    const catcher = await startCatcher({ port: smtpPort, adminPort: httpPort });
    terminal = await env.start({ card: 'none', dataDir, material, config });
    await waitUntil('both receipts sent after the restart', async () =>
      (await deliveriesOf(terminal, saleId)).every((d) => d.status === 'sent'),
    );
    const messages = await caught(catcher);
    expect(messages.filter((m) => m.kind === 'email' && m.to === 'dan@example.md')).toHaveLength(1);
    expect(messages.filter((m) => m.kind === 'sms')).toHaveLength(1);
  });
});
