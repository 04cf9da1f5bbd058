/**
 * SMS through real providers' APIs: the Twilio and Infobip adapters against the mail and SMS
 * catcher process, which answers at their paths in their published request and answer shapes
 * (Twilio: a form with Basic auth, 201 with the Message resource or `{ code, message }`;
 * Infobip: JSON with `App` auth, 200 with each message's status or a `requestError`). The
 * sender ID reaches the provider; a refusal that cannot change is a PermanentRefusal with the
 * provider's reason; and a sale's SMS goes through Twilio end to end.
 */
import {
  startMailCatcherProcess,
  type CaughtMessage,
  type MailCatcherProcess,
} from '@fiscal-pos/mail-catcher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTerminalConfig } from '../../src/config.js';
import { PermanentRefusal } from '../../src/receipt-delivery/permanent-refusal.js';
import type { ReceiptMessage } from '../../src/receipt-delivery/receipt-message.js';
import { HttpSmsSender, type SmsGatewayConfig } from '../../src/receipt-delivery/sms-sender.js';
import { waitUntil } from '../fiscal-operations/sync-helpers.js';
import { cashSale, removeDir, tempDir, useSimulator } from '../support/terminal-harness.js';

const env = useSimulator();
const TOKEN = 'provider-secret';
const ACCOUNT = `AC${'0'.repeat(32)}`;
let catcher: MailCatcherProcess;
const dataDir = tempDir('sms-providers');

beforeAll(async () => {
  catcher = await startMailCatcherProcess({ dataDir, env: { SMS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await catcher.stop();
  removeDir(dataDir);
});

const message = (sms: string): ReceiptMessage => ({ subject: '', text: '', html: '', sms, qrCodeData: '' });
const sender = (c: Partial<SmsGatewayConfig> & Pick<SmsGatewayConfig, 'provider'>) =>
  new HttpSmsSender({
    url: catcher.adminUrl,
    token: TOKEN,
    accountId: ACCOUNT,
    senderId: 'MAGAZIN',
    timeoutMs: 5_000,
    ...c,
  });
const caught = async (): Promise<CaughtMessage[]> =>
  (await (await fetch(`${catcher.adminUrl}/api/messages`)).json()) as CaughtMessage[];

describe.each(['twilio', 'infobip'] as const)('the %s adapter', (provider) => {
  it('sends the text from the sender ID', async () => {
    await sender({ provider }).send('+37369111111', message(`Bon ${provider}`), `d-${provider}`);
    expect((await caught()).find((m) => m.text === `Bon ${provider}`)).toMatchObject({
      kind: 'sms',
      api: provider,
      to: '+37369111111',
      from: 'MAGAZIN',
    });
  });

  it('takes a refused credential as a permanent refusal, with the provider’s reason', async () => {
    const refused = sender({ provider, token: 'wrong' }).send('+37369111111', message('x'), 'd-x');
    await expect(refused).rejects.toBeInstanceOf(PermanentRefusal);
    await expect(refused).rejects.toThrow(provider === 'twilio' ? /401: code 20003/ : /401: UNAUTHORIZED/);
  });
});

it('takes Twilio’s invalid number and Infobip’s REJECTED status as permanent refusals', async () => {
  await expect(sender({ provider: 'twilio' }).send('+123', message('x'), 'd-1')).rejects.toThrow(
    /400: code 21211: The 'To' number \+123 is not a valid phone number/,
  );
  const rejected = sender({ provider: 'infobip' }).send('+123', message('x'), 'd-2');
  await expect(rejected).rejects.toBeInstanceOf(PermanentRefusal);
  await expect(rejected).rejects.toThrow(/Infobip rejected it: REJECTED_DESTINATION/);
});

it('retries no answer, but not a gateway that is not there (404)', async () => {
  const unknownPath = sender({ provider: 'generic', url: `${catcher.adminUrl}/nowhere` });
  // 404: the gateway is not there, which no retry changes.
  await expect(unknownPath.send('+37369111111', message('x'), 'd-3')).rejects.toBeInstanceOf(
    PermanentRefusal,
  );
  const closed = sender({ provider: 'infobip', url: 'http://127.0.0.1:9' });
  const error = await closed.send('+37369111111', message('x'), 'd-4').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(PermanentRefusal);
});

it('sends a sale’s SMS through Twilio, in one GSM-7 segment for a Russian receipt', async () => {
  const terminal = await env.start({
    card: 'none',
    config: {
      delivery: loadTerminalConfig({
        SMS_PROVIDER: 'twilio',
        SMS_GATEWAY_URL: catcher.adminUrl,
        SMS_GATEWAY_TOKEN: TOKEN,
        SMS_ACCOUNT_ID: ACCOUNT,
        SMS_SENDER_ID: 'MAGAZIN',
      }).delivery,
    },
  });
  const res = await terminal.call('POST', '/api/sales', {
    ...cashSale(45.5),
    delivery: { customerPhone: '+37369222222', customerEmail: null, language: 'ru' },
  });
  expect(res.status).toBe(200);
  const { receiptNumber, qrCodeData } = res.body.data as { receiptNumber: number; qrCodeData: string };
  await waitUntil('the SMS caught', async () => (await caught()).some((m) => m.to === '+37369222222'));
  expect((await caught()).find((m) => m.to === '+37369222222')).toMatchObject({
    api: 'twilio',
    from: 'MAGAZIN',
    text: `Chek nr. ${receiptNumber}: 45.50 MDL. Proverka: ${qrCodeData}`,
  });
  await terminal.stop();
});
