/**
 * One SOAP request, single or batch: fault modes first (they decide whether there is an
 * answer at all, for a batch as a whole), then who is calling (client certificate,
 * credentials, registration number), then the registration itself. Every "no" about the
 * caller or the server is a SOAP fault with our code in the detail, for the whole request;
 * inside a batch, a "no" about one operation is that operation's result.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { setTimeout as delay } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import {
  MEV_SOAP_PATH,
  MEV_WSDL_URL,
  MEV_XSD_URL,
  buildBatchReply,
  buildFaultReply,
  parseMevRequest,
  type MevFaultCode,
  type MevOperation,
} from '@fiscal-pos/mev-protocol';
import type { FaultSettings, FaultSwitch } from '../faults/fault-switch.js';
import { registerBatch, registerOperation } from '../registrations/register-operation.js';
import type { RegistrationStore } from '../registrations/registration-store.js';
import type { TerminalRecord, TerminalStore } from '../terminals/terminal-store.js';
import type { Db } from '../store/database.js';

export interface SoapHandlerDeps {
  db: Db;
  terminals: TerminalStore;
  registrations: RegistrationStore;
  faults: FaultSwitch;
  now: () => Date;
  logger: Logger;
}

const MAX_BODY_BYTES = 1024 * 1024;

type Answer =
  | { status: 200; xml: string }
  | { status: 500; code: MevFaultCode; reason: string }
  /** Accepted and never answered (large-batch-hang). */
  | { status: null };

export function createSoapHandler(deps: SoapHandlerDeps) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(deps, request, response).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'SOAP request failed');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('internal error');
    });
  };
}

async function handle(
  deps: SoapHandlerDeps,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'https://mev-sim');
  if (request.method === 'GET' && url.pathname === MEV_SOAP_PATH) {
    serveContract(url, response);
    return;
  }
  if (request.method !== 'POST' || url.pathname !== MEV_SOAP_PATH) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const settings = deps.faults.settings;
  if (settings.mode === 'hang') return; // accepted, never answered
  if (settings.mode === 'flaky' && deps.faults.drawFailure()) {
    request.socket.destroy();
    return;
  }
  const body = await readBody(request);
  const answer =
    body === null ? malformed('the request body is larger than 1 MiB') : decide(deps, request, body);
  if (answer.status === null) return;
  if (settings.mode === 'slow') await delay(settings.delayMs);
  if (answer.status === 200) {
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(answer.xml);
  } else {
    deps.logger.info({ faultCode: answer.code, reason: answer.reason }, 'SOAP fault');
    response
      .writeHead(500, { 'content-type': 'text/xml; charset=utf-8' })
      .end(buildFaultReply(answer.code, answer.reason));
  }
}

function decide(deps: SoapHandlerDeps, request: IncomingMessage, body: string): Answer {
  if (deps.faults.settings.mode === 'fault')
    return fault('SIMULATED_FAULT', deps.faults.settings.faultReason);
  const caller = identifyTerminal(deps, request.socket as TLSSocket);
  if ('code' in caller) return caller;
  const parsed = parseMevRequest(body);
  if (!parsed.ok) return malformed(parsed.reason);
  const { credentials } = parsed;
  if (
    !credentials ||
    !deps.terminals.credentialsMatch(caller.terminalId, credentials.username, credentials.password)
  ) {
    return fault('INVALID_CREDENTIALS', 'the username or password is wrong or missing');
  }
  const operations =
    parsed.kind === 'single'
      ? [parsed.operation]
      : parsed.items.flatMap((item) => (item.ok ? [item.operation] : []));
  const foreign = operations.find((operation) => operation.registrationNumber !== caller.registrationNumber);
  if (foreign) {
    return fault(
      'REGISTRATION_MISMATCH',
      `registration number ${foreign.registrationNumber} is not the one of the client certificate`,
    );
  }
  const simulated = contentFault(
    deps.faults.settings,
    parsed.kind === 'batch' ? parsed.items.length : 1,
    operations,
  );
  if (simulated) return simulated;
  if (parsed.kind === 'batch') {
    const batch = registerBatch(deps, parsed.items);
    deps.logger.info(
      { operations: parsed.items.length, registered: batch.registered, replayed: batch.replayed },
      'batch answered',
    );
    return { status: 200, xml: buildBatchReply(batch.results) };
  }
  return registerSingle(deps, parsed.operation);
}

/** The fault modes that depend on what the request carries: its size, or one given operation. */
function contentFault(
  settings: FaultSettings,
  size: number,
  operations: readonly MevOperation[],
): Answer | null {
  const large = size > settings.largeBatchAbove;
  if (settings.mode === 'large-batch-hang' && large) return { status: null };
  if (settings.mode === 'large-batch-fault' && large) {
    return malformed(
      `the batch holds ${size} operations; this server takes at most ${settings.largeBatchAbove}`,
    );
  }
  const poisoned =
    settings.mode === 'poison' && operations.some((op) => op.operationId === settings.poisonOperationId);
  if (poisoned) return malformed(`operation ${settings.poisonOperationId} cannot be processed`);
  return null;
}

function registerSingle(deps: SoapHandlerDeps, operation: MevOperation): Answer {
  const outcome = registerOperation(deps, operation);
  if (outcome.kind === 'fault') return fault(outcome.code, outcome.reason);
  deps.logger.info(
    { operationId: operation.operationId, type: operation.type, replayed: outcome.replayed },
    outcome.replayed ? 'duplicate operation, first answer returned' : 'operation registered',
  );
  return { status: 200, xml: outcome.responseXml };
}

function identifyTerminal(
  deps: SoapHandlerDeps,
  socket: TLSSocket,
): TerminalRecord | { status: 500; code: MevFaultCode; reason: string } {
  const peer = socket.getPeerCertificate();
  if (!peer || Object.keys(peer).length === 0) {
    return fault('CLIENT_CERTIFICATE_REQUIRED', 'no client certificate was presented');
  }
  const verifyError = authorizationCode(socket);
  if (deps.faults.settings.mode === 'expired-cert' || verifyError === 'CERT_HAS_EXPIRED') {
    return fault('CERTIFICATE_EXPIRED', `the client certificate expired (valid to ${peer.valid_to})`);
  }
  if (!socket.authorized) {
    return fault(
      'CERTIFICATE_INVALID',
      `the client certificate is not trusted: ${verifyError ?? 'unverified'}`,
    );
  }
  const terminal = deps.terminals.byCertificate(peer.fingerprint256);
  if (!terminal) return fault('CERTIFICATE_INVALID', 'the client certificate was replaced or never issued');
  return terminal;
}

/** Node reports the OpenSSL verify code (e.g. CERT_HAS_EXPIRED) as a string, typed as an Error. */
function authorizationCode(socket: TLSSocket): string | null {
  const error = socket.authorizationError as Error | string | undefined | null;
  if (!error) return null;
  return typeof error === 'string' ? error : ((error as NodeJS.ErrnoException).code ?? error.message);
}

function fault(code: MevFaultCode, reason: string): { status: 500; code: MevFaultCode; reason: string } {
  return { status: 500, code, reason };
}

function malformed(reason: string): Answer {
  return fault('MALFORMED_REQUEST', reason);
}

/** GET ...?wsdl and ...?xsd serve the contract, as SOAP services customarily do. */
function serveContract(url: URL, response: ServerResponse): void {
  const file = url.searchParams.has('wsdl') ? MEV_WSDL_URL : url.searchParams.has('xsd') ? MEV_XSD_URL : null;
  if (!file) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(readFileSync(file));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
