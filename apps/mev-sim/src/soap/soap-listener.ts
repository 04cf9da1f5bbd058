/**
 * The HTTPS listener of the SOAP endpoint. It asks every client for a certificate but does
 * not abort the handshake when there is none or it is bad (`rejectUnauthorized: false`):
 * the handler answers with a SOAP fault instead, which is how a real service tells a
 * terminal what is wrong with its certificate.
 *
 * It can be closed and reopened on the same port (ReopenableListener), which is how the
 * `down` fault mode refuses connections for real.
 */
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReopenableListener } from '@fiscal-pos/sim-kit';

export interface SoapListenerOptions {
  host: string;
  port: number;
  tls: { keyPem: string; certPem: string; caCertPem: string };
  handle: (request: IncomingMessage, response: ServerResponse) => void;
}

export function soapListener(options: SoapListenerOptions): ReopenableListener {
  const server = createServer(
    {
      key: options.tls.keyPem,
      cert: options.tls.certPem,
      ca: options.tls.caCertPem,
      requestCert: true,
      rejectUnauthorized: false,
    },
    options.handle,
  );
  return new ReopenableListener(server, options.host, options.port);
}
