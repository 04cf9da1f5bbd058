/**
 * The simulator as a process: started `down` by environment with an admin token, its admin
 * API, fiscalization, and the SOAP faults it answers before any registration happens.
 */
import { X509Certificate, createPrivateKey, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MevSimAdminError,
  fiscalizeTerminal,
  getFaultMode,
  listRegistrations,
  setFaultMode,
  startMevSimProcess,
  type FiscalizationMaterial,
  type MevSimProcess,
} from '../src/index.js';
import { buildRegisterRequest, parseReply, type MevOperation } from '@fiscal-pos/mev-protocol';
import { postSoap } from './support/soap-post.js';

const adminToken = 'test-admin-token';
const auth = { adminToken };
let dataDir: string;
let sim: MevSimProcess;
let terminal: FiscalizationMaterial;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mev-sim-'));
  sim = await startMevSimProcess({
    dataDir,
    env: { ADMIN_TOKEN: adminToken, MEV_FAULT_MODE: 'down', MEV_FAULT_LARGE_BATCH_ABOVE: '7' },
  });
});

afterAll(async () => {
  await sim?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function tcpConnects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.unref();
    socket.once('connect', () => socket.destroy());
  });
}

function operation(receiptNumber: number): MevOperation {
  return {
    registrationNumber: terminal.registrationNumber,
    operationId: randomUUID(),
    type: 'receipt',
    receiptNumber,
    reportNumber: 1,
    totalAmount: 1_00,
    vat: [{ code: 'C', rateBp: 0, taxableBase: 1_00, vatAmount: 0, gross: 1_00 }],
    payments: [{ code: '1', amount: 1_00 }],
    occurredAt: '2025-03-01T08:00:00Z',
  };
}

describe('mev-sim process', () => {
  it('starts down when told by environment, and comes up on the same port', async () => {
    expect(await getFaultMode(sim.adminUrl, sim.caCertPem, auth)).toMatchObject({
      mode: 'down',
      largeBatchAbove: 7,
      poisonOperationId: null,
    });
    expect(await tcpConnects(sim.port)).toBe(false);
    await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'ok' }, auth);
    expect(await tcpConnects(sim.port)).toBe(true);
  });

  it('guards the admin API with the token', async () => {
    const error = await getFaultMode(sim.adminUrl, sim.caCertPem).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(MevSimAdminError);
    expect((error as MevSimAdminError).status).toBe(401);
  });

  it('refuses an unknown fault mode', async () => {
    const error = await setFaultMode(sim.adminUrl, sim.caCertPem, { mode: 'broken' } as never, auth).catch(
      (thrown: unknown) => thrown,
    );
    expect((error as MevSimAdminError).status).toBe(400);
  });

  it('fiscalizes a terminal: a client certificate for its registration number, signed by the CA', async () => {
    terminal = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, { terminalId: 'pos-a', adminToken });
    const cert = new X509Certificate(terminal.clientCertPem);
    expect(cert.subject).toContain(`CN=${terminal.registrationNumber}`);
    expect(cert.verify(new X509Certificate(sim.caCertPem).publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(terminal.clientKeyPem))).toBe(true);
    expect(terminal.caCertPem).toBe(sim.caCertPem);
    expect(terminal.credentials.password.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses to give a terminal another terminal's registration number", async () => {
    const error = await fiscalizeTerminal(sim.adminUrl, sim.caCertPem, {
      terminalId: 'pos-b',
      registrationNumber: terminal.registrationNumber,
      adminToken,
    }).catch((thrown: unknown) => thrown);
    expect((error as MevSimAdminError).status).toBe(409);
  });

  it('answers a request without a client certificate with a SOAP fault, not a TLS abort', async () => {
    const reply = await postSoap(sim, buildRegisterRequest(operation(1), terminal.credentials));
    expect(reply.status).toBe(500);
    expect(parseReply(reply.text)).toMatchObject({
      ok: true,
      reply: { faultCode: 'CLIENT_CERTIFICATE_REQUIRED' },
    });
  });

  it('answers a malformed request with MALFORMED_REQUEST and the reason', async () => {
    const body = buildRegisterRequest(operation(1), terminal.credentials).replace(
      '<mev:Total>1.00',
      '<mev:Total>1',
    );
    const reply = await postSoap(sim, body, terminal);
    const parsed = parseReply(reply.text);
    expect(parsed).toMatchObject({ ok: true, reply: { faultCode: 'MALFORMED_REQUEST' } });
    if (parsed.ok && parsed.reply.kind === 'fault') expect(parsed.reply.reason).toContain('Total');
  });

  it('lists registrations in order, after a given sequence number', async () => {
    const sent = [operation(10), operation(11), operation(12)];
    for (const op of sent) {
      expect((await postSoap(sim, buildRegisterRequest(op, terminal.credentials), terminal)).status).toBe(
        200,
      );
    }
    const all = await listRegistrations(sim.adminUrl, sim.caCertPem, {}, auth);
    expect(all.map((r) => r.operationId)).toEqual(sent.map((o) => o.operationId));
    const later = await listRegistrations(sim.adminUrl, sim.caCertPem, { after: all[0]!.seq }, auth);
    expect(later.map((r) => r.receiptNumber)).toEqual([11, 12]);
  });

  it('serves its WSDL', async () => {
    const wsdl = await new Promise<string>((resolve, reject) => {
      request(`${sim.url}?wsdl`, { ca: sim.caCertPem }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(wsdl).toContain('<wsdl:operation name="RegisterFiscalOperation">');
  });
});
