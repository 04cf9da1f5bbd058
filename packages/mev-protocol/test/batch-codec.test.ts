/** RegisterFiscalOperationBatch on the wire: built and parsed both ways, validated structurally. */
import { describe, expect, it } from 'vitest';
import {
  MEV_BATCH_MAX_OPERATIONS,
  MEV_FAULT_CODES,
  MEV_OPERATION_FAULT_CODES,
  buildBatchReply,
  buildBatchRequest,
  buildFaultReply,
  buildRegisteredReply,
  buildResultDocument,
  faultScopeOf,
  parseBatchReply,
  parseMevRequest,
  parseReply,
  type MevFaultScope,
  type MevBatchResult,
  type MevFaultCode,
  type MevOperation,
} from '../src/index.js';

const credentials = { username: 't1', password: 'secret' };

function receipt(receiptNumber: number): MevOperation {
  return {
    registrationNumber: '1234567890',
    operationId: `1b4e28ba-2fa1-41d2-883f-${String(receiptNumber).padStart(12, '0')}`,
    type: 'receipt',
    receiptNumber,
    reportNumber: 3,
    totalAmount: 1_50,
    vat: [{ code: 'B', rateBp: 2000, taxableBase: 1_25, vatAmount: 25, gross: 1_50 }],
    payments: [{ code: '1', amount: 1_50 }],
    occurredAt: '2025-03-01T10:15:00.000Z',
  };
}

const registered: MevBatchResult = {
  kind: 'registered',
  operationId: receipt(1).operationId,
  mevId: 'MEV-1',
  fiscalCode: 'ABC',
  serverTime: '2025-03-01T10:15:01.000Z',
};
const refused: MevBatchResult = {
  kind: 'refused',
  operationId: receipt(2).operationId,
  code: 'RECEIPT_NUMBER_BACKWARDS',
  reason: 'receipt number 2 is not after 7 in report 3',
};

describe('batch request', () => {
  it('parses back the operations in the order they were built, credentials included', () => {
    const operations = [
      receipt(1),
      { ...receipt(2), type: 'z_report' as const, receiptNumber: null },
      receipt(3),
    ];
    expect(parseMevRequest(buildBatchRequest(operations, credentials))).toEqual({
      ok: true,
      kind: 'batch',
      credentials,
      items: operations.map((operation) => ({ ok: true, operation })),
    });
  });

  it('keeps a batch of one a list', () => {
    expect(parseMevRequest(buildBatchRequest([receipt(1)], credentials))).toMatchObject({
      ok: true,
      kind: 'batch',
      items: [{ ok: true, operation: receipt(1) }],
    });
  });

  it('refuses to build an empty batch or one above the maximum', () => {
    expect(() => buildBatchRequest([], credentials)).toThrow(RangeError);
    const tooMany = Array.from({ length: MEV_BATCH_MAX_OPERATIONS + 1 }, (_, i) => receipt(i + 1));
    expect(() => buildBatchRequest(tooMany, credentials)).toThrow(RangeError);
  });

  it('refuses a list above the maximum as a whole', () => {
    const full = buildBatchRequest(
      Array.from({ length: MEV_BATCH_MAX_OPERATIONS }, (_, i) => receipt(i + 1)),
      credentials,
    );
    const extra = /<mev:Operation>.*?<\/mev:Operation>/.exec(full)![0];
    const parsed = parseMevRequest(full.replace('</mev:RegisterFiscalOperationBatchRequest>', `${extra}$&`));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(`at most ${MEV_BATCH_MAX_OPERATIONS}`);
  });

  it('judges each operation alone: a malformed one is refused with its UUID and reason, the others stay valid', () => {
    const xml = buildBatchRequest([receipt(1), receipt(2), receipt(3)], credentials).replace(
      /(<mev:OperationId>[^<]*0002<\/mev:OperationId>[\s\S]*?<mev:Total>)1\.50/,
      '$11.5',
    );
    const parsed = parseMevRequest(xml);
    expect(parsed).toMatchObject({
      ok: true,
      kind: 'batch',
      items: [
        { ok: true, operation: receipt(1) },
        { ok: false, operationId: receipt(2).operationId },
        { ok: true, operation: receipt(3) },
      ],
    });
    if (parsed.ok && parsed.kind === 'batch' && !parsed.items[1]!.ok)
      expect(parsed.items[1]!.reason).toContain('Total');
  });

  it('refuses a malformed operation without a readable UUID with a null id', () => {
    const xml = buildBatchRequest([receipt(1)], credentials).replace(
      /<mev:OperationId>[^<]*/,
      '<mev:OperationId>x',
    );
    expect(parseMevRequest(xml)).toMatchObject({ ok: true, items: [{ ok: false, operationId: null }] });
  });
});

describe('batch reply', () => {
  it('parses back one result per operation, in order', () => {
    const malformed: MevBatchResult = {
      ...refused,
      operationId: null,
      code: 'MALFORMED_REQUEST',
      reason: 'Total',
    };
    expect(parseBatchReply(buildBatchReply([registered, refused, malformed]))).toEqual({
      ok: true,
      reply: { kind: 'results', results: [registered, refused, malformed] },
    });
  });

  it('reads a fault of the whole batch as a fault', () => {
    expect(parseBatchReply(buildFaultReply('CERTIFICATE_EXPIRED', 'expired'))).toEqual({
      ok: true,
      reply: { kind: 'fault', faultCode: 'CERTIFICATE_EXPIRED', reason: 'expired' },
    });
  });

  it.each([
    ['a single-operation reply', buildRegisteredReply(registered)],
    ['no results', buildBatchReply([registered]).replace(/<mev:Result>.*<\/mev:Result>/, '')],
    [
      'a result without its MevId',
      buildBatchReply([registered]).replace(/<mev:MevId>[^<]*<\/mev:MevId>/, ''),
    ],
    [
      'a result that is neither registered nor refused',
      buildBatchReply([registered]).replace(/Registered>/g, 'Accepted>'),
    ],
    ['HTML', '<html><body>502 Bad Gateway</body></html>'],
  ])('%s is not a usable batch reply', (_name, xml) => {
    expect(parseBatchReply(xml).ok).toBe(false);
  });

  /**
   * The scope of each code of the contract: only a code about the operation may be the result
   * of one operation (the batch goes on after it); every other code, about the caller or the
   * server, must fault the whole batch, so a result carrying one makes the reply unusable
   * rather than a per-operation refusal.
   */
  const SCOPE: Record<MevFaultCode, MevFaultScope> = {
    MALFORMED_REQUEST: 'operation',
    DUPLICATE_CONFLICT: 'operation',
    RECEIPT_NUMBER_BACKWARDS: 'operation',
    REPORT_NUMBER_MISMATCH: 'operation',
    CLIENT_CERTIFICATE_REQUIRED: 'caller',
    CERTIFICATE_INVALID: 'caller',
    CERTIFICATE_EXPIRED: 'caller',
    INVALID_CREDENTIALS: 'caller',
    REGISTRATION_MISMATCH: 'caller',
    SIMULATED_FAULT: 'server',
  };

  it.each(MEV_FAULT_CODES.map((code) => [code, SCOPE[code]] as const))(
    '%s as the result of one operation: allowed only if about the operation (%s)',
    (code, scope) => {
      expect(faultScopeOf(code)).toBe(scope);
      expect((MEV_OPERATION_FAULT_CODES as readonly string[]).includes(code)).toBe(scope === 'operation');
      const xml = buildBatchReply([refused]).replace('RECEIPT_NUMBER_BACKWARDS', code);
      expect(parseBatchReply(xml).ok).toBe(scope === 'operation');
    },
  );

  it('counts a code the contract does not know as about the server', () => {
    expect(faultScopeOf('SERVER_OVERLOADED')).toBe('server');
  });
});

describe("one result's standalone document", () => {
  it('is the single-operation reply for a registration, with its MevId', () => {
    const document = buildResultDocument(registered);
    expect(document).toBe(buildRegisteredReply(registered));
    expect(document).toContain('<mev:MevId>MEV-1</mev:MevId>');
    expect(parseReply(document)).toEqual({ ok: true, reply: registered });
  });

  it('is the single-operation fault for a refusal', () => {
    expect(parseReply(buildResultDocument(refused))).toEqual({
      ok: true,
      reply: { kind: 'fault', faultCode: 'RECEIPT_NUMBER_BACKWARDS', reason: refused.reason },
    });
  });
});
