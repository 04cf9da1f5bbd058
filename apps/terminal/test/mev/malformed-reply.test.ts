/**
 * Answers that are neither a valid reply nor a SOAP fault count as "unreachable" ('http'):
 * the operation may have been registered, so it stays offline and is retried (deduplicated).
 * A local plain-HTTP server plays a broken fiscal server (or a proxy in front of it).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBatchReply, buildFaultReply, buildRegisteredReply } from '@fiscal-pos/mev-protocol';
import { MevUnreachableError, type FiscalRegistrationRequest } from '../../src/mev/fiscal-server.js';
import { SoapFiscalServer } from '../../src/mev/soap-fiscal-server.js';

let answer: { status: number; body: string } = { status: 200, body: '' };
let server: Server;
let mev: SoapFiscalServer;

beforeAll(async () => {
  server = createServer((request, response) => {
    request
      .resume()
      .on('end', () => response.writeHead(answer.status, { 'content-type': 'text/xml' }).end(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mev = new SoapFiscalServer({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mev/v1/fiscal`,
    registrationNumber: '1000000001',
    credentials: { username: 'u', password: 'p' },
    clientCertPem: '',
    clientKeyPem: '',
    caCertPem: '',
    requestTimeoutMs: 2000,
  });
});

afterAll(async () => {
  await mev.close();
  await new Promise((resolve) => server.close(resolve));
});

const operation: FiscalRegistrationRequest = {
  operationId: randomUUID(),
  type: 'z_report',
  receiptNumber: null,
  reportNumber: 7,
  totalAmount: 0,
  vat: [],
  payments: [],
  occurredAt: '2025-03-01T23:59:00.000Z',
};

async function failure(): Promise<MevUnreachableError> {
  const error = await mev.register(operation).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MevUnreachableError);
  return error as MevUnreachableError;
}

const success = (operationId: string) =>
  buildRegisteredReply({
    operationId,
    mevId: 'MEV-1',
    fiscalCode: 'FC1',
    serverTime: '2025-03-01T23:59:01Z',
  });

describe('replies the client cannot use', () => {
  it('a 502 HTML page from a proxy', async () => {
    answer = { status: 502, body: '<html><body>Bad Gateway</body></html>' };
    expect((await failure()).failure).toBe('http');
  });

  it('a truncated reply', async () => {
    answer = { status: 200, body: success(operation.operationId).slice(0, 120) };
    expect((await failure()).failure).toBe('http');
  });

  it('a reply lacking the fiscal code', async () => {
    answer = {
      status: 200,
      body: success(operation.operationId).replace(/<mev:FiscalCode>.*<\/mev:FiscalCode>/, ''),
    };
    const error = await failure();
    expect(error.failure).toBe('http');
    expect(error.message).toContain('FiscalCode');
  });

  it('a reply for another operation', async () => {
    answer = { status: 200, body: success(randomUUID()) };
    expect((await failure()).failure).toBe('http');
  });

  it('while a well-formed success and a fault are understood', async () => {
    answer = { status: 200, body: success(operation.operationId) };
    expect(await mev.register(operation)).toMatchObject({
      kind: 'registered',
      mevId: 'MEV-1',
      fiscalCode: 'FC1',
    });
    answer = { status: 500, body: buildFaultReply('SIMULATED_FAULT', 'no') };
    expect(await mev.register(operation)).toMatchObject({
      kind: 'rejected',
      faultCode: 'SIMULATED_FAULT',
      reason: 'no',
    });
  });
});

describe('batch replies the client cannot use', () => {
  const second: FiscalRegistrationRequest = { ...operation, operationId: randomUUID() };
  const registered = (operationId: string) => ({
    kind: 'registered' as const,
    operationId,
    mevId: `MEV-${operationId}`,
    fiscalCode: 'FC',
    serverTime: '2025-03-01T23:59:01Z',
  });

  async function batchFailure(): Promise<MevUnreachableError> {
    const error = await mev.registerBatch([operation, second]).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MevUnreachableError);
    return error as MevUnreachableError;
  }

  it('fewer results than operations', async () => {
    answer = { status: 200, body: buildBatchReply([registered(operation.operationId)]) };
    expect((await batchFailure()).message).toContain('1 results for 2 operations');
  });

  it('results in another order', async () => {
    answer = {
      status: 200,
      body: buildBatchReply([registered(second.operationId), registered(operation.operationId)]),
    };
    expect((await batchFailure()).failure).toBe('http');
  });

  it('a refusal of one operation with a code about the terminal', async () => {
    answer = {
      status: 200,
      body: buildBatchReply([
        registered(operation.operationId),
        { kind: 'refused', operationId: second.operationId, code: 'DUPLICATE_CONFLICT', reason: 'x' },
      ]).replace('DUPLICATE_CONFLICT', 'INVALID_CREDENTIALS'),
    };
    expect((await batchFailure()).failure).toBe('http');
  });

  it('a single-operation reply to a batch', async () => {
    answer = { status: 200, body: success(operation.operationId) };
    expect((await batchFailure()).failure).toBe('http');
  });

  it('while a matching batch reply is understood, a refusal without a readable UUID included', async () => {
    answer = {
      status: 200,
      body: buildBatchReply([
        registered(operation.operationId),
        { kind: 'refused', operationId: null, code: 'MALFORMED_REQUEST', reason: 'Total: bad' },
      ]),
    };
    expect(await mev.registerBatch([operation, second])).toMatchObject({
      kind: 'answered',
      outcomes: [
        { kind: 'registered', mevId: `MEV-${operation.operationId}` },
        { kind: 'rejected', faultCode: 'MALFORMED_REQUEST', reason: 'Total: bad' },
      ],
    });
  });
});
