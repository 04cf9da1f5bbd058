/**
 * Every kind of message the codec builds is valid against the contract's XSD, checked by
 * libxml2 (xmllint compiled to WebAssembly, so it runs on any machine with Node): the zod
 * schemas and the XSD describe the same contract and must not drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  MEV_BATCH_MAX_OPERATIONS,
  MEV_FAULT_CODES,
  MEV_XSD_URL,
  buildBatchReply,
  buildBatchRequest,
  buildFaultReply,
  buildRegisterRequest,
  buildRegisteredReply,
  buildResultDocument,
  type MevOperation,
  type MevRegisteredReply,
} from '../src/index.js';

const envelopeSchema = {
  fileName: 'soap-envelope.xsd',
  contents: readFileSync(new URL('./soap-envelope.xsd', import.meta.url), 'utf8'),
};
const contractSchema = { fileName: 'mev.xsd', contents: readFileSync(MEV_XSD_URL, 'utf8') };

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'message.xml', contents: xml },
    schema: envelopeSchema,
    preload: contractSchema,
  });
  return result.errors.map((error) => error.rawMessage);
}

const credentials = { username: 't1234567890', password: 'a&b<c>"d' };
const sale: MevOperation = {
  registrationNumber: '1234567890',
  operationId: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  type: 'receipt',
  receiptNumber: 5,
  reportNumber: 2,
  totalAmount: 12_34,
  vat: [
    { code: 'B', rateBp: 2000, taxableBase: 10_28, vatAmount: 2_06, gross: 12_34 },
    { code: '_', rateBp: null, taxableBase: 0, vatAmount: 0, gross: 0 },
  ],
  payments: [
    { code: '1', amount: 10_00 },
    { code: '3.1', amount: 2_34 },
  ],
  occurredAt: '2025-03-01T10:15:00.000Z',
};
const refund: MevOperation = {
  ...sale,
  operationId: '2c5f39cb-3fb2-42e3-994f-1127e4ddb538',
  type: 'refund',
  receiptNumber: 6,
  totalAmount: -12_34,
};
/** A Z report: no receipt number, VAT lines and payments of the day, or none. */
const zReport: MevOperation = {
  ...sale,
  operationId: '3d6a4adc-40c3-43f4-aa50-2238f5eec649',
  type: 'z_report',
  receiptNumber: null,
  totalAmount: 0,
  vat: [],
  payments: [],
};
const registered: Omit<MevRegisteredReply, 'kind'> = {
  operationId: sale.operationId,
  mevId: 'MEV-000123',
  fiscalCode: 'FC-9A8B7C',
  serverTime: '2025-03-01T10:15:01.000Z',
};

describe('the codec against mev.xsd', () => {
  it.each([
    ['a receipt', sale],
    ['a refund', refund],
    ['a Z report', zReport],
  ])('RegisterFiscalOperation request for %s', async (_, operation) => {
    expect(await schemaErrors(buildRegisterRequest(operation, credentials))).toEqual([]);
  });

  it('RegisterFiscalOperationBatch request, up to the batch limit', async () => {
    expect(await schemaErrors(buildBatchRequest([sale, refund, zReport], credentials))).toEqual([]);
    const full = Array.from({ length: MEV_BATCH_MAX_OPERATIONS }, () => sale);
    expect(await schemaErrors(buildBatchRequest(full, credentials))).toEqual([]);
  });

  it('registration reply', async () => {
    expect(await schemaErrors(buildRegisteredReply(registered))).toEqual([]);
  });

  it('batch reply: registered and refused results, with and without an operation id', async () => {
    const reply = buildBatchReply([
      { kind: 'registered', ...registered },
      { kind: 'refused', operationId: refund.operationId, code: 'DUPLICATE_CONFLICT', reason: 'differs' },
      { kind: 'refused', operationId: null, code: 'MALFORMED_REQUEST', reason: 'no readable UUID' },
    ]);
    expect(await schemaErrors(reply)).toEqual([]);
  });

  it('a batch result kept as a standalone document', async () => {
    expect(await schemaErrors(buildResultDocument({ kind: 'registered', ...registered }))).toEqual([]);
    const refused = {
      kind: 'refused',
      operationId: null,
      code: 'REPORT_NUMBER_MISMATCH',
      reason: 'r',
    } as const;
    expect(await schemaErrors(buildResultDocument(refused))).toEqual([]);
  });

  it.each(MEV_FAULT_CODES)('fault %s', async (code) => {
    expect(await schemaErrors(buildFaultReply(code, 'why, with <markup> & "quotes"'))).toEqual([]);
  });

  it('the validator is real: a message off the contract, or outside it, is refused', async () => {
    const notADateTime = buildRegisteredReply(registered).replace(registered.serverTime, 'yesterday');
    expect(await schemaErrors(notADateTime)).not.toEqual([]);
    const unknownElement = buildRegisteredReply(registered).replaceAll(
      'RegisterFiscalOperationResponse',
      'RegisterSomethingElseResponse',
    );
    expect(await schemaErrors(unknownElement)).not.toEqual([]);
  });
});
