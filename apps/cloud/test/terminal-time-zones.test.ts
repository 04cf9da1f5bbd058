// Calendar days per terminal, over real HTTP: a till in Chișinău and one in New York, each
// reporting its zone and pushing documents with it. A late-evening sale counts on its own
// terminal's day in the sales list's date filter (alone, with a terminal, with a payment code,
// page by page), the CSV export, the receipt view, the VAT daily report and the overview's
// "today"; a terminal that moves to another zone later leaves its old receipts on their days.
import { randomUUID } from 'node:crypto';
import type { PushedDocument } from '@fiscal-pos/platform-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.js';
import type { Cloud } from '../src/server.js';
import { requireKnownTimeZones } from '../src/terminals/known-time-zones.js';
import { seedConsoleUser, signInConsole, type ConsoleBrowser } from './console-harness.js';
import { fiscalDocument } from './documents-fixture.js';
import { healthReport } from './health-report-fixture.js';
import {
  activeTerminal,
  device,
  DRIVERS,
  openTestDatabase,
  seedMerchant,
  startTestCloud,
  type ActiveTerminal,
  type TestDatabase,
} from './harness.js';

// 03:45 UTC on Wednesday 25 November 2026: 05:45 on the 25th in Chișinău, 22:45 on Tuesday the
// 24th in New York.
const NOW = new Date('2026-11-25T03:45:00.000Z');
const clock: Clock = { now: () => NOW };

const CHISINAU = 'Europe/Chisinau';
const NEW_YORK = 'America/New_York';

const sale = (createdAt: string, bani: number, timeZone: string, payment: '1' | '2' = '1') =>
  fiscalDocument([{ productId: null, quantityMilli: 1000, unitPrice: bani }], {
    createdAt,
    timeZone,
    payments: [{ code: payment, amount: bani }],
  });

describe.each(DRIVERS)('calendar days per terminal on %s', (driver) => {
  let database: TestDatabase;
  let cloud: Cloud;
  let viewer: ConsoleBrowser;
  let chisinau: ActiveTerminal;
  let newYork: ActiveTerminal;
  // 23:30 on the 24th in Chișinău (21:30 UTC): the 24th there.
  const lateInChisinau = sale('2026-11-24T21:30:00.000Z', 1_000, CHISINAU);
  // 00:30 on the 25th in Chișinău (22:30 UTC on the 24th): the 25th there.
  const earlyInChisinau = sale('2026-11-24T22:30:00.000Z', 2_000, CHISINAU, '2');
  // 22:30 on the 24th in New York (03:30 UTC on the 25th, 05:30 in Chișinău): the 24th there.
  const lateInNewYork = sale('2026-11-25T03:30:00.000Z', 4_000, NEW_YORK);
  // 09:00 on the 24th in New York.
  const morningInNewYork = sale('2026-11-24T14:00:00.000Z', 8_000, NEW_YORK, '2');

  const push = async (terminal: ActiveTerminal, documents: PushedDocument[]) => {
    const res = await device(cloud, terminal, 'POST', '/documents', { documents });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    cloud = await startTestCloud(database, {}, {}, clock);
    const { merchantId } = await seedMerchant(database, { name: 'Magazinul Ana' });
    chisinau = await activeTerminal(cloud, merchantId, 'Casa Chișinău');
    newYork = await activeTerminal(cloud, merchantId, 'Till New York');
    const reported = await device(
      cloud,
      newYork,
      'POST',
      '/health',
      healthReport({
        timeZone: NEW_YORK,
        fiscalIdentity: {
          registrationNumber: 'J403009999',
          serialNumber: 'SN-NY-0007',
          taxOfficeAddress: 'DDF Centru, str. Exemplu 9, mun. Chișinău',
        },
      }),
    );
    expect(reported.status, reported.text).toBe(204);
    await device(cloud, chisinau, 'POST', '/health', healthReport({ timeZone: CHISINAU }));
    await push(chisinau, [lateInChisinau, earlyInChisinau]);
    await push(newYork, [morningInNewYork, lateInNewYork]);
    viewer = await signInConsole(cloud, await seedConsoleUser(database, { merchantId, role: 'viewer' }));
  });
  afterAll(async () => {
    await cloud?.close();
    await database?.close();
  });

  /** Operation ids the sales list gives for `query`, every page walked one document at a time. */
  async function listed(query: Record<string, string>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ ...query, limit: '1', ...(cursor ? { cursor } : {}) });
      const res = await viewer.call('GET', `/sales?${params.toString()}`);
      expect(res.status, res.text).toBe(200);
      const body = res.json() as { data: { operationId: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((d) => d.operationId));
      cursor = body.nextCursor;
    } while (cursor);
    return seen;
  }

  it('counts each document on its own terminal’s day in the sales list’s date filters', async () => {
    const day24 = { from: '2026-11-24', to: '2026-11-24' };
    // Newest first: New York's 22:30 is the latest instant of all four.
    expect(await listed(day24)).toEqual([
      lateInNewYork.operationId,
      lateInChisinau.operationId,
      morningInNewYork.operationId,
    ]);
    expect(await listed({ from: '2026-11-25' })).toEqual([earlyInChisinau.operationId]);
    expect(await listed({ to: '2026-11-24' })).toEqual(await listed(day24));
    expect(await listed({ ...day24, terminalId: newYork.terminalId })).toEqual([
      lateInNewYork.operationId,
      morningInNewYork.operationId,
    ]);
    expect(await listed({ ...day24, terminalId: chisinau.terminalId })).toEqual([lateInChisinau.operationId]);
    expect(await listed({ ...day24, payment: '1' })).toEqual([
      lateInNewYork.operationId,
      lateInChisinau.operationId,
    ]);
    expect(await listed({ from: '2026-11-25', payment: '2' })).toEqual([earlyInChisinau.operationId]);
  });

  it('exports each document’s date and time in its terminal’s zone, and names the zone', async () => {
    const res = await viewer.call('GET', '/sales/export.csv?from=2026-11-24&to=2026-11-24');
    expect(res.status).toBe(200);
    const rows = res.text.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(',2026-11-24,22:30:00,America/New_York,2026-11-25T03:30:00.000Z,');
    expect(rows[1]).toContain(',2026-11-24,23:30:00,Europe/Chisinau,2026-11-24T21:30:00.000Z,');
  });

  it('prints the receipt’s date and time in its zone, with the device’s serial number and tax office', async () => {
    const page = (await viewer.call('GET', `/sales?terminalId=${newYork.terminalId}&limit=1`)).json();
    const res = await viewer.call('GET', `/sales/${page.data[0].id as string}`);
    expect(res.status, res.text).toBe(200);
    const detail = res.json();
    expect(detail.document.timeZone).toBe(NEW_YORK);
    expect(detail.printedAt).toEqual({ date: '24.11.2026', time: '22:30:00' });
    expect(detail.device).toEqual({
      serialNumber: 'SN-NY-0007',
      taxOfficeAddress: 'DDF Centru, str. Exemplu 9, mun. Chișinău',
    });
    // The document was pushed without one: the registration number the terminal reports.
    expect(detail.document.registrationNumber).toBe('J403009999');
    const other = (await viewer.call('GET', `/sales?terminalId=${chisinau.terminalId}&limit=1`)).json();
    const unreported = (await viewer.call('GET', `/sales/${other.data[0].id as string}`)).json();
    expect(unreported.device).toEqual({ serialNumber: null, taxOfficeAddress: null });
  });

  it('adds each receipt’s VAT to its own terminal’s day in the VAT daily report', async () => {
    const vatOf = (...docs: PushedDocument[]) => docs.reduce((sum, d) => sum + d.vat[0]!.vatAmount, 0);
    const res = await viewer.call('GET', '/reports/vat-daily?from=2026-11-23&to=2026-11-26');
    expect(res.status, res.text).toBe(200);
    const report = res.json();
    expect(report.timeZones).toEqual([NEW_YORK, CHISINAU]);
    const vat = (day: { vat: { sales: { vat: number } }[] }) => Math.round(day.vat[0]!.sales.vat * 100);
    expect(report.days.map((d: { day: string }) => d.day)).toEqual(['2026-11-24', '2026-11-25']);
    expect(vat(report.days[0])).toBe(vatOf(lateInChisinau, lateInNewYork, morningInNewYork));
    expect(vat(report.days[1])).toBe(vatOf(earlyInChisinau));
    const ofNewYork = (
      await viewer.call(
        'GET',
        `/reports/vat-daily?from=2026-11-23&to=2026-11-26&terminalId=${newYork.terminalId}`,
      )
    ).json();
    expect(ofNewYork.timeZones).toEqual([NEW_YORK]);
    expect(ofNewYork.days.map((d: { day: string }) => d.day)).toEqual(['2026-11-24']);
  });

  it('gives each terminal its own today on the overview', async () => {
    const res = await viewer.call('GET', '/overview');
    expect(res.status, res.text).toBe(200);
    const { terminals } = res.json().sales as {
      terminals: { terminalId: string; timeZone: string; todayDate: string; today: { sales: number } }[];
    };
    expect(terminals.find((t) => t.terminalId === newYork.terminalId)).toMatchObject({
      timeZone: NEW_YORK,
      todayDate: '2026-11-24',
      today: { sales: 120 },
    });
    expect(terminals.find((t) => t.terminalId === chisinau.terminalId)).toMatchObject({
      timeZone: CHISINAU,
      todayDate: '2026-11-25',
      today: { sales: 20 },
    });
  });

  it('leaves old receipts on their days when a terminal moves to another zone', async () => {
    await device(cloud, newYork, 'POST', '/health', healthReport({ timeZone: 'Asia/Tokyo' }));
    // The late New York sale again at a later revision, now pushed from Tokyo: its day stays.
    await push(newYork, [{ ...lateInNewYork, revision: 2, timeZone: 'Asia/Tokyo' }]);
    // 07:00 on the 25th in Tokyo is 22:00 UTC on the 24th.
    const inTokyo = sale('2026-11-24T22:00:00.000Z', 500, 'Asia/Tokyo');
    await push(newYork, [inTokyo]);
    const ofTill = { terminalId: newYork.terminalId };
    expect(await listed({ ...ofTill, from: '2026-11-24', to: '2026-11-24' })).toEqual([
      lateInNewYork.operationId,
      morningInNewYork.operationId,
    ]);
    expect(await listed({ ...ofTill, from: '2026-11-25', to: '2026-11-25' })).toEqual([inTokyo.operationId]);
  });

  it('refuses a push or report naming no known time zone, with 400', async () => {
    const bad = { ...sale('2026-11-24T10:00:00.000Z', 100, CHISINAU), operationId: randomUUID() };
    for (const timeZone of ['Mars/Olympus', "Europe/Chisinau'; drop table x --", ''])
      expect(
        (await device(cloud, chisinau, 'POST', '/documents', { documents: [{ ...bad, timeZone }] })).status,
      ).toBe(400);
    expect(
      (await device(cloud, chisinau, 'POST', '/health', healthReport({ timeZone: 'Nowhere/City' }))).status,
    ).toBe(400);
  });

  it('checks a zone against the database’s own time zone names too', async () => {
    await expect(requireKnownTimeZones(database.db, [['body.timeZone', NEW_YORK]])).resolves.toBeUndefined();
    await expect(
      requireKnownTimeZones(database.db, [
        ['body.documents.0.timeZone', CHISINAU],
        ['body.documents.1.timeZone', 'Mars/Olympus'],
      ]),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      errors: [{ path: 'body.documents.1.timeZone' }],
    });
  });
});
