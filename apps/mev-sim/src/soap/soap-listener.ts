/**
 * The HTTPS listener of the SOAP endpoint. It asks every client for a certificate but does
 * not abort the handshake when there is none or it is bad (`rejectUnauthorized: false`):
 * the handler answers with a SOAP fault instead, which is how a real service tells a
 * terminal what is wrong with its certificate.
 *
 * It can be closed and reopened on the same port, which is how the `down` fault mode
 * refuses connections for real; closing also drops open keep-alive and hung connections.
 */
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SoapListenerOptions {
  host: string;
  port: number;
  tls: { keyPem: string; certPem: string; caCertPem: string };
  handle: (request: IncomingMessage, response: ServerResponse) => void;
}

export class SoapListener {
  readonly #server: Server;
  readonly #host: string;
  #port: number;
  #listening = false;

  constructor(options: SoapListenerOptions) {
    this.#host = options.host;
    this.#port = options.port;
    this.#server = createServer(
      {
        key: options.tls.keyPem,
        cert: options.tls.certPem,
        ca: options.tls.caCertPem,
        requestCert: true,
        rejectUnauthorized: false,
      },
      options.handle,
    );
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
    this.#server.closeAllConnections();
    await closed;
  }
}
