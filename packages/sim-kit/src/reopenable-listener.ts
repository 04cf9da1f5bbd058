import type { AddressInfo, Server, Socket } from 'node:net';

/**
 * A listener (HTTP, HTTPS or raw TCP) that can be closed and reopened on the same port: how a simulator's `down`
 * fault mode refuses connections for real. Closing also drops every open connection: idle
 * keep-alive ones, hung requests, and those still in their TLS handshake (which the HTTP
 * layer does not track yet, and which would otherwise keep `close` waiting).
 */
export class ReopenableListener {
  readonly #server: Server;
  readonly #host: string;
  readonly #sockets = new Set<Socket>();
  #port: number;
  #listening = false;

  constructor(server: Server, host: string, port: number) {
    this.#server = server;
    this.#host = host;
    this.#port = port;
    server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  get port(): number {
    return this.#port;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /** Listens on the configured port; after the first start (port 0 resolved), always the same one. */
  async open(): Promise<void> {
    if (this.#listening) return;
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.#server.once('error', onError);
      this.#server.listen(this.#port, this.#host, () => {
        this.#server.off('error', onError);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    this.#listening = true;
  }

  async close(): Promise<void> {
    if (!this.#listening) return;
    this.#listening = false;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}
