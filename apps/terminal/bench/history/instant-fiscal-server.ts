import { randomUUID } from 'node:crypto';
import type {
  BatchRegistrationOutcome,
  FiscalRegistrationRequest,
  FiscalServer,
  RegistrationOutcome,
} from '../../src/mev/fiscal-server.js';

/**
 * An in-process fiscal server that registers everything at once, except every `refuseEvery`th
 * request, which it refuses (so that the history has `failed` operations to filter). Used to
 * build and exercise a large history in minutes: the benchmark measures the terminal's own
 * work, not a round trip to mev-sim. The stored answer is about the size of mev-sim's.
 */
export class InstantFiscalServer implements FiscalServer {
  private requests = 0;

  constructor(private readonly refuseEvery = 5_000) {}

  register(request: FiscalRegistrationRequest): Promise<RegistrationOutcome> {
    return Promise.resolve(this.answer(request));
  }

  registerBatch(requests: readonly FiscalRegistrationRequest[]): Promise<BatchRegistrationOutcome> {
    return Promise.resolve({ kind: 'answered', outcomes: requests.map((request) => this.answer(request)) });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** The answer to one request, synchronously (the history builder writes in bulk with it). */
  answer(request: FiscalRegistrationRequest): RegistrationOutcome {
    this.requests++;
    if (this.requests % this.refuseEvery === 0) {
      return {
        kind: 'rejected',
        faultCode: 'E_RECEIPT',
        reason: 'refused by the benchmark',
        responseXml: '<Fault/>',
      };
    }
    const mevId = randomUUID();
    const fiscalCode = mevId.replaceAll('-', '').slice(0, 16).toUpperCase();
    return {
      kind: 'registered',
      mevId,
      fiscalCode,
      serverTime: new Date().toISOString(),
      responseXml:
        `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
        `<RegisterFiscalOperationResponse xmlns="urn:mev:fiscal:v1"><Result><OperationId>${request.operationId}</OperationId>` +
        `<MevId>${mevId}</MevId><FiscalCode>${fiscalCode}</FiscalCode><Status>registered</Status>` +
        `<ReceiptNumber>${request.receiptNumber ?? ''}</ReceiptNumber><ReportNumber>${request.reportNumber}</ReportNumber>` +
        `</Result></RegisterFiscalOperationResponse></soap:Body></soap:Envelope>`,
    };
  }
}
