/**
 * The local mail and SMS catcher of the embedded default: a real SMTP server (smtp-server) that
 * accepts every message, and an HTTP SMS endpoint speaking the terminal's SMS gateway contract
 * (docs/receipt-delivery.md). Each message is kept in DATA_DIR (the raw e-mail as a .eml file,
 * one JSON line per message in messages.jsonl) and listed on a page, so that a newcomer sees the
 * e-mail and SMS a sale produced.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
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
  /** The bearer token the SMS endpoint wants; null: any. */
  smsToken: string | null;
}

export interface RunningCatcher {
  smtpUrl: string;
  httpUrl: string;
  smtpPort: number;
  httpPort: number;
  stop(): Promise<void>;
}

const smsSchema = z.object({
  to: z.string().regex(/^\+[1-9]\d{6,14}$/),
  text: z.string().min(1).max(1600),
  reference: z.string().min(1).max(200),
});

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
      at: new Date().toISOString(),
      to: parsed.data.to,
      subject: null,
      text: parsed.data.text,
      emlFile: null,
    });
    logger.info({ to: parsed.data.to }, 'SMS caught');
    return reply.send({ id: parsed.data.reference, status: 'accepted', duplicate: false });
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
