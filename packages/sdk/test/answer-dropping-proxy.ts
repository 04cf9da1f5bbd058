/**
 * A TCP proxy on 127.0.0.1 in front of a real server that, for the first `drops` connections,
 * forwards the whole request and then cuts the client off before any byte of the answer
 * reaches it: the POST is carried out, its answer is lost. That is the case an Idempotency-Key
 * exists for.
 */
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export class AnswerDroppingProxy {
  /** Connections whose answer was dropped so far. */
  dropped = 0;
  private server: Server;
  private sockets = new Set<Socket>();

  constructor(
    private readonly target: URL,
    private drops: number,
  ) {
    this.server = createServer((client) => this.accept(client));
  }

  private accept(client: Socket): void {
    const upstream = createConnection(Number(this.target.port), this.target.hostname);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const drop = this.drops > 0;
    if (drop) this.drops--;
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (drop) {
        // The request reached the server and its answer is on its way: lose it.
        this.dropped++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    upstream.on('end', () => client.end());
    client.on('close', () => upstream.destroy());
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
