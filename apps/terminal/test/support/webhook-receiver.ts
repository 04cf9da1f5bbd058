import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * A real HTTP receiver for the delivery-lot webhook: `answer` decides how it replies (a status,
 * or `hang` to never answer), and every POST it got is kept in order.
 */
export async function startWebhookReceiver(answer: number | 'hang' = 200) {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hook = {
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      };
      received.push(hook);
      if (answer === 'hang') hanging.push(response);
      else response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/lot`,
    received,
    /** Resolves once `count` webhooks have arrived (fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} webhooks received, ${count} expected`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
