// A real HTTPS webhook receiver on 127.0.0.1 with a certificate made for the test. It
// verifies every delivery's webhook-signature with the `standardwebhooks` library and its
// X-Service-Signature with the spec's recipe (spec-signature.ts), both independent of ours.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { Webhook } from 'standardwebhooks';
import { verifySpecSignature } from './spec-signature.js';

export interface Received {
  path: string;
  webhookId: string;
  event: string;
  body: {
    id: string;
    type: string;
    apiVersion: string;
    createdAt: string;
    data: { object: Record<string, unknown>; previousAttributes?: Record<string, unknown> };
  };
  verified: boolean;
  /** The raw body and headers as they arrived, for checks with other secrets. */
  raw: string;
  headers: Record<string, string>;
  /** True once our 2xx reached the sender (the delivery counts as accepted). */
  acknowledged: boolean;
}

export function selfSignedCertificate(): { key: string; cert: string } {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { key: forge.pki.privateKeyToPem(keys.privateKey), cert: forge.pki.certificateToPem(cert) };
}

export type Responder = (received: Received) => {
  status: number;
  delayMs?: number;
  headers?: Record<string, string>;
  /** `endless`: the answer's body never ends (16 KiB chunks while the sender reads). */
  body?: 'endless';
};

export class HttpsReceiver {
  readonly received: Received[] = [];
  private secrets = new Map<string, string>();
  private server: Server;
  respond: Responder = () => ({ status: 200 });

  constructor(tls: { key: string; cert: string }) {
    this.server = createServer(tls, (req, res) => {
      // The sender may give up (timeout, crash test) while we read or before we answer: that is
      // part of the scenarios, not a test failure.
      req.on('error', () => undefined);
      res.on('error', () => undefined);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const secret = this.secrets.get(path);
        let verified = false;
        try {
          if (secret) {
            new Webhook(secret).verify(raw, headers);
            verified =
              verifySpecSignature(secret, headers, raw) &&
              headers['webhook-timestamp'] === headers['x-service-timestamp'];
          }
        } catch {
          verified = false;
        }
        const received: Received = {
          path,
          webhookId: headers['x-service-webhook-id'] ?? '',
          event: headers['x-service-event'] ?? '',
          body: JSON.parse(raw) as Received['body'],
          verified,
          raw,
          headers,
          acknowledged: false,
        };
        this.received.push(received);
        const answer = this.respond(received);
        const send = () => {
          if (res.destroyed) return;
          res.on('finish', () => {
            if (answer.status >= 200 && answer.status < 300) received.acknowledged = true;
          });
          res.writeHead(answer.status, answer.headers);
          if (answer.body !== 'endless') return res.end('ok');
          const chunk = Buffer.alloc(16 * 1024, 'x');
          const more = () => {
            while (!res.destroyed && res.write(chunk));
          };
          res.on('drain', more);
          more();
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs);
        else send();
      });
    });
  }

  /** The receiver verifies deliveries to `path` with this secret. */
  expect(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  acknowledged(): Received[] {
    return this.received.filter((r) => r.acknowledged);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until the condition holds (the worker runs asynchronously); fails after the deadline. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
