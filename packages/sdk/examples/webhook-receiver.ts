/**
 * A webhook receiver for the cloud's integration events: HTTPS (the cloud delivers only to
 * https URLs), reads the raw body, checks it with verifyWebhook (signature in constant time,
 * timestamp within 5 minutes), answers 2xx fast and handles each event once by its webhook id
 * (the cloud delivers at least once).
 *
 *   SIGNING_SECRET=whsec_... TLS_KEY=key.pem TLS_CERT=cert.pem PORT=8443 \
 *     node --conditions=development --import tsx packages/sdk/examples/webhook-receiver.ts
 */
import { verifyWebhook } from '@fiscal-pos/sdk';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';

const secret = process.env.SIGNING_SECRET ?? '';
const seen = new Set<string>();

const server = createServer(
  {
    key: readFileSync(process.env.TLS_KEY ?? 'key.pem'),
    cert: readFileSync(process.env.TLS_CERT ?? 'cert.pem'),
  },
  (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const verdict = verifyWebhook(secret, req.headers, Buffer.concat(chunks));
      if (!verdict.ok) {
        console.log(JSON.stringify({ refused: verdict.reason }));
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      if (seen.has(verdict.webhookId)) return; // a redelivery of one already handled
      seen.add(verdict.webhookId);
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { object: { id?: string } };
      };
      console.log(
        JSON.stringify({ event: event.type, object: event.data.object.id, webhookId: verdict.webhookId }),
      );
    });
  },
);
server.listen(Number(process.env.PORT ?? 8443), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  console.log(
    JSON.stringify({ listening: typeof address === 'object' && address !== null ? address.port : null }),
  );
});
