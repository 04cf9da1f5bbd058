/** A raw SOAP POST to a simulator process, as a given terminal (or without a client certificate). */
import { request } from 'node:https';
import type { FiscalizationMaterial, MevSimProcess } from '../../src/index.js';

export function postSoap(
  target: Pick<MevSimProcess, 'url' | 'caCertPem'>,
  body: string,
  as?: Pick<FiscalizationMaterial, 'clientCertPem' | 'clientKeyPem'>,
  timeoutMs = 10_000,
): Promise<{ status: number; text: string }> {
  const tls = as ? { cert: as.clientCertPem, key: as.clientKeyPem } : {};
  return new Promise((resolve, reject) => {
    const req = request(target.url, { method: 'POST', ca: target.caCertPem, ...tls, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject).end(body);
  });
}
