/**
 * The fiscal day's VAT table in terminal_state (migration 0031): fixed by the day's first
 * document, kept by the documents after it whatever they are given, cleared by the Z report;
 * a day opened before the migration takes the table of its next document.
 */
import { DEFAULT_VAT_TABLE, parseVatRatesSetting } from '@fiscal-pos/fiscal';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/storage/migrations.js';
import { TerminalStateStore } from '../../src/terminal-state/terminal-state-store.js';
import { openAtSchemaVersion } from '../history/history-fixture.js';
import { removeDir, tempDir } from '../support/terminal-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});

function stateAtSchema(version: number) {
  const dir = tempDir('day-vat');
  dirs.push(dir);
  const db = openAtSchemaVersion(join(dir, 'terminal.sqlite'), version);
  return { db, state: new TerminalStateStore(db) };
}

const TEN = parseVatRatesSetting('A=8,B=10');
const AT = '2026-05-04T08:00:00.000Z';

describe('the fiscal day’s VAT table', () => {
  it('is fixed by the day’s first document and cleared by the Z report', () => {
    const { db, state } = stateAtSchema(31);
    state.initialize('TRM-VAT');
    expect(state.get().dayVatTable).toBeNull();
    expect(state.dayVatTable()).toBeNull();

    state.issueReceiptNumber(AT, state.get(), DEFAULT_VAT_TABLE);
    expect(state.get()).toMatchObject({ dayStartedAt: AT, dayVatTable: DEFAULT_VAT_TABLE });
    // A later document of the day, whatever table it is given, leaves the day's as it is.
    state.issueReceiptNumber('2026-05-04T09:00:00.000Z', state.get(), TEN);
    expect(state.dayVatTable()).toEqual(DEFAULT_VAT_TABLE);

    state.closeDay();
    expect(state.get()).toMatchObject({ dayStartedAt: null, dayVatTable: null });
    state.issueReceiptNumber('2026-05-04T10:00:00.000Z', state.get(), TEN);
    expect(state.dayVatTable()).toEqual(TEN);
    db.close();
  });

  it('is taken by the next document of a day opened before migration 0031', () => {
    const { db } = stateAtSchema(30);
    db.prepare(
      `INSERT INTO terminal_state (id, terminal_id, report_number, day_started_at, offline_secret)
       VALUES (1, 'TRM-0031', 4, ?, 'secret')`,
    ).run(AT);
    runMigrations(db, new URL('../../src/storage/migrations/', import.meta.url));
    const state = new TerminalStateStore(db);
    expect(state.get()).toMatchObject({ reportNumber: 4, dayStartedAt: AT, dayVatTable: null });

    state.issueReceiptNumber('2026-05-04T09:00:00.000Z', state.get(), TEN);
    // The day keeps when it started; its table is now held.
    expect(state.get()).toMatchObject({ dayStartedAt: AT, dayVatTable: TEN });
    db.close();
  });

  it('takes a stored table it cannot read as none, says so once, and stores the next document’s', () => {
    const { db } = stateAtSchema(31);
    const unreadable: string[] = [];
    const state = new TerminalStateStore(db, (text) => unreadable.push(text));
    state.initialize('TRM-VAT');
    state.issueReceiptNumber(AT, state.get(), DEFAULT_VAT_TABLE);
    db.prepare(`UPDATE terminal_state SET day_vat_table = '{"B":2000.5}'`).run();
    expect(state.get()).toMatchObject({ dayStartedAt: AT, dayVatTable: null });
    expect(state.dayVatTable()).toBeNull();
    expect(unreadable).toEqual(['{"B":2000.5}']);

    state.issueReceiptNumber('2026-05-04T09:00:00.000Z', state.get(), TEN);
    expect(state.get()).toMatchObject({ dayStartedAt: AT, dayVatTable: TEN });
    db.close();
  });
});
