/**
 * The local mail and SMS catcher of the embedded default: a real SMTP server (smtp-server) that
 * accepts every message (but mail to a `.invalid` domain, refused 550 as a real server would),
 * and HTTP SMS endpoints speaking the terminal's generic gateway contract and, at their own
 * paths, Twilio's and Infobip's published request and answer shapes (docs/receipt-delivery.md).
 * Each message is kept in DATA_DIR (the raw e-mail as a .eml file, one JSON line per message in
 * messages.jsonl) and listed on a page, so that a newcomer sees the e-mail and SMS a sale produced.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';

export interface CaughtMessage {
  id: string;
  kind: 'email' | 'sms';
  at: string;
  to: string;
  /** SMS only: the sender ID asked for, when one was. */
  from?: string | null;
  /** SMS only: the API it came through. */
  api?: 'generic' | 'twilio' | 'infobip';
  subject: string | null;
  text: string;
  /** E-mail only: the raw message, in DATA_DIR. */
  emlFile: string | null;
}

export interface CatcherConfig {
  host: string;
  smtpPort: number;
  httpPort: number;
  dataDir: string;
  /** The SMS endpoints' credential (bearer token, Twilio auth token, Infobip API key); null: any. */
  smsToken: string | null;
}

export interface RunningCatcher {
  smtpUrl: string;
  httpUrl: string;
  smtpPort: number;
  httpPort: number;
  stop(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const smsSchema = z.object({
  to: z.string().regex(E164),
  text: z.string().min(1).max(1600),
  reference: z.string().min(1).max(200),
  from: z.string().min(1).max(15).optional(),
});

/** Infobip's request of /sms/2/text/advanced, the parts a single message uses. */
const infobipSchema = z.object({
  messages: z
    .array(
      z.object({
        from: z.string().optional(),
        destinations: z.array(z.object({ to: z.string(), messageId: z.string().optional() })).min(1),
        text: z.string().min(1),
      }),
    )
    .min(1),
});

/** A Twilio error, as its API answers one. */
const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

const infobipError = (messageId: string, text: string) => ({
  requestError: { serviceException: { messageId, text } },
});

const basicAuth = (header: string | undefined): { user: string; password: string } | null => {
  const match = /^Basic (.+)$/.exec(header ?? '');
  if (!match) return null;
  const [user = '', ...rest] = Buffer.from(match[1]!, 'base64').toString('utf8').split(':');
  return { user, password: rest.join(':') };
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export async function startCatcher(config: CatcherConfig, logger: Logger): Promise<RunningCatcher> {
  mkdirSync(config.dataDir, { recursive: true });
  const journal = join(config.dataDir, 'messages.jsonl');
  const keep = (message: CaughtMessage) => appendFileSync(journal, `${JSON.stringify(message)}\n`);
  const messages = (): CaughtMessage[] =>
    existsSync(journal)
      ? readFileSync(journal, 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as CaughtMessage)
      : [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // RFC 2606: a .invalid domain never exists, so a real server refuses it for good.
      if (/\.invalid$/i.test(address.address)) {
        const refusal = Object.assign(new Error(`5.1.2 ${address.address}: domain does not exist`), {
          responseCode: 550,
        });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const id = randomUUID();
        const emlFile = join(config.dataDir, `${id}.eml`);
        simpleParser(raw)
          .then((parsed) => {
            writeFileSync(emlFile, raw);
            keep({
              id,
              kind: 'email',
              at: new Date().toISOString(),
              to: session.envelope.rcptTo.map((r) => r.address).join(', '),
              subject: parsed.subject ?? null,
              text: parsed.text ?? '',
              emlFile,
            });
            logger.info({ id, to: session.envelope.rcptTo.map((r) => r.address) }, 'e-mail caught');
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(config.smtpPort, config.host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: FastifyInstance = Fastify({ logger: false });
  http.post('/sms', (request, reply) => {
    if (config.smsToken !== null && request.headers.authorization !== `Bearer ${config.smsToken}`) {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    const parsed = smsSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid', issues: parsed.error.issues });
    const seen = messages().find((m) => m.kind === 'sms' && m.id === parsed.data.reference);
    if (seen) return reply.send({ id: seen.id, status: 'accepted', duplicate: true });
    keep({
      id: parsed.data.reference,
      kind: 'sms',
      api: 'generic',
      at: new Date().toISOString(),
      to: parsed.data.to,
      from: parsed.data.from ?? null,
      subject: null,
      text: parsed.data.text,
      emlFile: null,
    });
    logger.info({ to: parsed.data.to }, 'SMS caught');
    return reply.send({ id: parsed.data.reference, status: 'accepted', duplicate: false });
  });
  // Twilio: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth, a form.
  http.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  http.post<{ Params: { accountSid: string }; Body: Record<string, string> }>(
    '/2010-04-01/Accounts/:accountSid/Messages.json',
    (request, reply) => {
      const credentials = basicAuth(request.headers.authorization);
      const sid = request.params.accountSid;
      if (
        !credentials ||
        credentials.user !== sid ||
        (config.smsToken !== null && credentials.password !== config.smsToken)
      ) {
        return reply.code(401).send(twilioError(401, 20003, 'Authenticate'));
      }
      const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const { To: to = '', From: from = '', Body: body = '' } = form;
      if (!E164.test(to))
        return reply
          .code(400)
          .send(twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      if (from === '')
        return reply.code(400).send(twilioError(400, 21603, "A 'From' phone number is required."));
      if (body === '') return reply.code(400).send(twilioError(400, 21602, 'Message body is required.'));
      const messageSid = `SM${randomBytes(16).toString('hex')}`;
      keep({
        id: messageSid,
        kind: 'sms',
        api: 'twilio',
        at: new Date().toISOString(),
        to,
        from,
        subject: null,
        text: body,
        emlFile: null,
      });
      logger.info({ to, api: 'twilio' }, 'SMS caught');
      return reply.code(201).send({
        sid: messageSid,
        account_sid: sid,
        to,
        from,
        body,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${sid}/Messages/${messageSid}.json`,
      });
    },
  );
  // Infobip: POST /sms/2/text/advanced, `Authorization: App <API key>`, JSON.
  http.post('/sms/2/text/advanced', (request, reply) => {
    const key = /^App (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (key === undefined || (config.smsToken !== null && key !== config.smsToken)) {
      return reply.code(401).send(infobipError('UNAUTHORIZED', 'Invalid login details'));
    }
    const parsed = infobipSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(infobipError('BAD_REQUEST', 'Bad request'));
    const bulkId = randomUUID();
    const answers = parsed.data.messages.flatMap((message) =>
      message.destinations.map((destination) => {
        const messageId = destination.messageId ?? randomUUID();
        // Numbers in international form without "+": anything else is rejected, as Infobip does.
        if (!/^[1-9]\d{6,14}$/.test(destination.to)) {
          return {
            to: destination.to,
            status: {
              groupId: 5,
              groupName: 'REJECTED',
              id: 52,
              name: 'REJECTED_DESTINATION',
              description: 'Invalid destination address',
            },
            messageId,
          };
        }
        keep({
          id: messageId,
          kind: 'sms',
          api: 'infobip',
          at: new Date().toISOString(),
          to: `+${destination.to}`,
          from: message.from ?? null,
          subject: null,
          text: message.text,
          emlFile: null,
        });
        logger.info({ to: destination.to, api: 'infobip' }, 'SMS caught');
        return {
          to: destination.to,
          status: {
            groupId: 1,
            groupName: 'PENDING',
            id: 26,
            name: 'PENDING_ACCEPTED',
            description: 'Message sent to next instance',
          },
          messageId,
        };
      }),
    );
    return reply.send({ bulkId, messages: answers });
  });
  http.get('/api/messages', () => messages());
  http.get('/', (_request, reply) => {
    const rows = messages()
      .reverse()
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.at)}</td><td>${m.kind}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(
            m.subject ?? '',
          )}</td><td><pre>${escapeHtml(m.text)}</pre></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Mail and SMS catcher</title><h1>Caught messages</h1><table border="1"><tr><th>at</th><th>kind</th><th>to</th><th>subject</th><th>text</th></tr>${rows}</table>`,
      );
  });
  await http.listen({ port: config.httpPort, host: config.host });
  const httpPort = (http.server.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://${config.host}:${smtpPort}`,
    httpUrl: `http://${config.host}:${httpPort}`,
    smtpPort,
    httpPort,
    async stop() {
      await http.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
