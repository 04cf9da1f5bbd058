/**
 * Input that should have been refused (issue 24 §6), each over real HTTP on a fiscal terminal:
 * delivery-lot lines priced as sale items, keys without control characters, booleans that are
 * booleans, webhook URLs without credentials, e-mail addresses by RFC 5321 lengths
 * (internationalised ones accepted), unknown query parameters, catalog cursors the terminal did
 * not issue, print lines of the wrong type and bodies that claim a content coding.
 */
import { listCardTransactions } from '@fiscal-pos/card-sim';
import { describe, expect, it } from 'vitest';
import { API_KEY, cashSale, useFiscalTerminal, type Enveloped } from '../support/terminal-harness.js';

const ctx = useFiscalTerminal();

const line = (extra: Record<string, unknown> = {}) => ({
  name: 'Bread',
  quantity: 1,
  unitPrice: 45,
  vatCode: 'B',
  ...extra,
});

async function refused(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await ctx.terminal.call<Enveloped>(method, path, body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return res.body.error!;
}

const details = async (method: string, path: string, body?: unknown) =>
  (await refused(method, path, body)).details!.map(({ field, code }) => ({ field, code }));

describe('delivery-lot lines are validated as sale items', () => {
  it('a 100.00 discount on a 45.00 line is refused with the codes a sale answers', async () => {
    const lot = await details('POST', '/api/delivery-lots', { lines: [line({ discountAbsolute: 100 })] });
    const sale = await details('POST', '/api/sales', {
      ...cashSale(45),
      items: [line({ discountAbsolute: 100 })],
    });
    expect(lot).toContainEqual({ field: 'lines[0].netAmount', code: 'ITEM_NET_AMOUNT_NEGATIVE' });
    expect(lot).toEqual(
      sale
        .filter(
          ({ field }) => !field.startsWith('payments') && field !== 'amountReceived' && field !== 'change',
        )
        .map(({ field, code }) => ({ field: field.replace(/^items/, 'lines'), code })),
    );
  });

  it.each([
    ['a control character', 'bread\u0000'],
    ['a direction override', 'bread\u202e'],
  ])('a lotLineId with %s is refused', async (_, lotLineId) => {
    expect(await details('POST', '/api/delivery-lots', { lines: [line({ lotLineId })] })).toEqual([
      { field: 'lines[0].lotLineId', code: 'LOT_LINE_ID_INVALID' },
    ]);
  });

  it('a webhook URL with a user or password is refused', async () => {
    for (const webhookUrl of ['https://erp:secret@erp.local/hook', 'http://token@10.0.0.5/hook']) {
      expect(await details('POST', '/api/delivery-lots', { lines: [line()], webhookUrl })).toEqual([
        { field: 'webhookUrl', code: 'WEBHOOK_URL_INVALID' },
      ]);
    }
  });
});

describe('keys and flags', () => {
  it('a card payment’s rrn with a control character is refused', async () => {
    const sale = { ...cashSale(10), payments: [{ type: '2', amount: 10, rrn: '1234\u001b56' }] };
    expect(await details('POST', '/api/sales', sale)).toEqual([
      { field: 'payments[0].rrn', code: 'PAYMENT_RRN_INVALID' },
    ]);
  });

  it('a payment with a field it does not have (a misspelt rrn) is refused: the card is not charged again', async () => {
    // The customer paid on another terminal; the ERP writes `RRN`. Read without it, the payment
    // is a card payment the terminal charges itself: the customer would pay twice.
    const purchases = async () =>
      (await listCardTransactions(ctx.cardSim.adminUrl, { operation: 'purchase' })).length;
    const charged = await purchases();
    const sale = { ...cashSale(10), payments: [{ type: '2', amount: 10, RRN: '263260000001' }] };
    expect(await details('POST', '/api/sales', sale)).toEqual([
      { field: 'payments[0].RRN', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await purchases()).toBe(charged);
  });

  it('a sale with a misspelt top-level field is refused, nothing sold; every documented field is accepted', async () => {
    const count = async () =>
      (await ctx.terminal.call('GET', '/api/sales?limit=1')).body.data!.total as number;
    const before = await count();
    // `printReciept: false` dropped would print a receipt the ERP asked not to print.
    expect(
      await details('POST', '/api/sales', { ...cashSale(10), printReciept: false, amountRecieved: 10 }),
    ).toEqual([
      { field: 'printReciept', code: 'UNKNOWN_FIELD' },
      { field: 'amountRecieved', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await count()).toBe(before);
    // The spec's fields, all of them, at the top level.
    const full = await ctx.terminal.call('POST', '/api/sales', {
      ...cashSale(10),
      cartDiscount: { percent: 0, absolute: 0 },
      cartMarkup: { percent: 0, absolute: 0 },
      delivery: { customerName: 'Ion', language: 'ro' },
      printReceipt: false,
    });
    expect([full.status, full.body.error]).toEqual([200, null]);
  });

  it('a sale with a misspelt field inside an item, the cart discount or markup, or the delivery is refused, nothing sold', async () => {
    const count = async () =>
      (await ctx.terminal.call('GET', '/api/sales?limit=1')).body.data!.total as number;
    const before = await count();
    const sale = cashSale(10);
    // Dropped, `productId` (the lot line's name for it) left the product id out of the document
    // the cloud books stock from, `lotLineID` sold a lot's line as an extra line the webhook
    // reported `added` beside the line `removed`, and `customerEmial` sent no receipt at all.
    expect(
      await details('POST', '/api/sales', {
        ...sale,
        items: [{ ...sale.items[0], productId: 'SKU-1', lotLineID: 'tea' }],
        cartDiscount: { percent: 0, absolut: 1 },
        cartMarkup: { percent: 0, amount: 1 },
        delivery: { customerEmial: 'ion@example.md' },
      }),
    ).toEqual([
      { field: 'items[0].productId', code: 'UNKNOWN_FIELD' },
      { field: 'items[0].lotLineID', code: 'UNKNOWN_FIELD' },
      { field: 'cartDiscount.absolut', code: 'UNKNOWN_FIELD' },
      { field: 'cartMarkup.amount', code: 'UNKNOWN_FIELD' },
      { field: 'delivery.customerEmial', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await count()).toBe(before);
  });

  it('a cash operation or an X or Z report with a field it does not have is refused, no document written', async () => {
    const operations = async () =>
      (await ctx.terminal.call('GET', '/api/fiscal/operations?limit=1')).body.data!.total as number;
    const before = await operations();
    // A Z report is irreversible: `dryRun` dropped closed the day of a caller who meant to look.
    expect(await details('POST', '/api/reports/z', { dryRun: true })).toEqual([
      { field: 'dryRun', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await details('POST', '/api/reports/x', { printRepot: false })).toEqual([
      { field: 'printRepot', code: 'UNKNOWN_FIELD' },
    ]);
    // `currency` dropped withdrew 100.00 MDL of a caller who meant euros; `reasn` lost the reason.
    expect(await details('POST', '/api/cash/in', { amount: 100, currency: 'EUR', reasn: 'float' })).toEqual([
      { field: 'currency', code: 'UNKNOWN_FIELD' },
      { field: 'reasn', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await details('POST', '/api/cash/out', { amount: 1, printReciept: false })).toEqual([
      { field: 'printReciept', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await operations()).toBe(before);
  });

  it('a delivery lot with a field it or its line does not have is refused, no lot recorded', async () => {
    const lots = async () =>
      (await ctx.terminal.call('GET', '/api/delivery-lots?limit=1')).body.data!.total as number;
    const before = await lots();
    // Dropped, `webhookURL` left the ERP without the webhook it asked for, and a line's `id` (the
    // sale item's name for it) left the product out of the lot.
    expect(
      await details('POST', '/api/delivery-lots', {
        lines: [line({ id: 'SKU-1' })],
        webhookURL: 'https://erp.example.com/hooks/lot',
      }),
    ).toEqual([
      { field: 'lines[0].id', code: 'UNKNOWN_FIELD' },
      { field: 'webhookURL', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await lots()).toBe(before);
  });

  it('a periodic report with a field it does not have is refused rather than run over another range', async () => {
    // Dropped, a mistyped `reportT0` reported Z 1 to the latest, not Z 1 to 3, on paper as well.
    expect(await details('POST', '/api/reports/periodic', { reportFrom: 1, reportT0: 3 })).toEqual([
      { field: 'reportT0', code: 'UNKNOWN_FIELD' },
    ]);
  });

  it('a shift open or close with a field it does not have is refused, the shift as it was', async () => {
    const current = async () => (await ctx.terminal.call('GET', '/api/shifts/current')).body.data!.shift;
    // The sales of the tests before opened a shift: closed, so that this one opens its own.
    if ((await current())?.status === 'open')
      await ctx.terminal.call('POST', '/api/shifts/close', { printReport: false });
    const before = await current();
    // Dropped, `cashierID` opened a shift whose sales name no cashier.
    expect(await details('POST', '/api/shifts/open', { cashierID: 'c-17', cashierName: 'Ana' })).toEqual([
      { field: 'cashierID', code: 'UNKNOWN_FIELD' },
    ]);
    expect(await current()).toEqual(before);
    const opened = await ctx.terminal.call('POST', '/api/shifts/open', {
      cashierId: 'c-17',
      cashierName: 'Ana',
    });
    expect([opened.status, opened.body.error]).toEqual([200, null]);
    // Dropped, `countedcash` closed the shift (its totals frozen for good) with no count of the drawer.
    expect(await details('POST', '/api/shifts/close', { countedcash: 10, printReport: false })).toEqual([
      { field: 'countedcash', code: 'UNKNOWN_FIELD' },
    ]);
    expect((await current()).status).toBe('open');
  });

  it.each([
    ['/api/sales', { ...cashSale(10), printReceipt: 'yes' }, 'printReceipt'],
    ['/api/print', { lines: [['x']], cut: 'no' }, 'cut'],
    ['/api/delivery-lots', { lines: [line()], printQr: 'yes' }, 'printQr'],
    ['/api/reports/x', { printReport: 1 }, 'printReport'],
  ])('%s: a string or number is not a boolean', async (path, body, field) => {
    expect(await details('POST', path, body)).toEqual([{ field, code: 'FLAG_INVALID' }]);
  });
});

describe('e-mail addresses by RFC 5321', () => {
  const withEmail = (customerEmail: string) => ({
    ...cashSale(10),
    delivery: { customerEmail, language: 'ro' },
  });

  it.each(['ion.popescu@exemplu.md', 'иван@пример.рф', 'josé@correo.es', `${'a'.repeat(64)}@exemplu.md`])(
    '%s is accepted',
    async (email) => {
      const res = await ctx.terminal.call<Enveloped>('POST', '/api/sales', withEmail(email));
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    },
  );

  it.each([
    ['a local part over 64 octets', `${'a'.repeat(65)}@exemplu.md`],
    ['a local part of 33 two-octet letters', `${'ă'.repeat(33)}@exemplu.md`],
    ['a domain label over 63 octets', `ion@${'a'.repeat(64)}.md`],
    ['an address over 254 octets', `ion@${Array(5).fill('a'.repeat(60)).join('.')}.md`],
    ['no domain dot', 'ion@localhost'],
    ['two dots', 'ion..popescu@exemplu.md'],
    ['a space', 'ion popescu@exemplu.md'],
  ])('%s is refused', async (_, email) => {
    expect(await details('POST', '/api/sales', withEmail(email))).toEqual([
      { field: 'delivery.customerEmail', code: 'EMAIL_FORMAT_INVALID' },
    ]);
  });
});

describe('query strings', () => {
  it('a parameter the endpoint does not know is a VALIDATION_ERROR naming it', async () => {
    const error = await refused('GET', '/api/sales?dateFrm=2026-01-01');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual([expect.objectContaining({ field: 'dateFrm', code: 'PARAMETER_UNKNOWN' })]);
    expect(error.details![0]!.message).toContain('dateFrom');
    expect(await details('GET', '/api/shifts/current?verbose=1')).toEqual([
      { field: 'verbose', code: 'PARAMETER_UNKNOWN' },
    ]);
    const ok = await ctx.terminal.call<Enveloped>('GET', '/api/sales?dateFrom=2026-01-01&dateTo=2026-01-02');
    expect(ok.status).toBe(200);
  });

  it.each([
    ['/api/fiscal/operations?type=receipt&type=refund', 'type'],
    ['/api/sales?limit=5&limit=500', 'limit'],
    ['/api/shifts?dateFrom=2026-01-01&dateFrom=2026-02-01', 'dateFrom'],
    ['/api/delivery-lots?offset=0&offset=10', 'offset'],
  ])(
    'a repeated parameter is a VALIDATION_ERROR naming it, not read as one value: %s',
    async (path, field) => {
      const error = await refused('GET', path);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details!.map((d) => ({ field: d.field, code: d.code }))).toEqual([
        { field, code: 'PARAMETER_REPEATED' },
      ]);
    },
  );

  it('the catalog refuses a repeated parameter too', async () => {
    const res = await ctx.terminal.call<Record<string, unknown>>(
      'GET',
      '/api/catalog/products?search=a&search=b',
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('PARAMETER_REPEATED');
  });

  it('the catalog refuses a cursor it did not issue', async () => {
    const res = await ctx.terminal.call<Record<string, unknown>>(
      'GET',
      '/api/catalog/products?cursor=P-000001',
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('CURSOR_INVALID');
  });
});

describe('/api/print', () => {
  it('a column that is not a string is LINE_FORMAT_INVALID, not LINE_TEXT_TOO_LONG', async () => {
    expect(await details('POST', '/api/print', { lines: [['ok', 42]] })).toEqual([
      { field: 'lines[0][1]', code: 'LINE_FORMAT_INVALID' },
    ]);
  });

  it('a body that is not UTF-8 is refused, not stored with U+FFFD for its letters', async () => {
    // "Pâine" in Latin-1: â is one byte, 0xE2, which UTF-8 cannot start a character with here.
    const latin1 = Buffer.from('{"lines":[["P\u00e2ine"]]}', 'latin1');
    const res = await fetch(`${ctx.terminal.url}/api/print`, {
      method: 'POST',
      headers: { 'X-API-Key': API_KEY, 'content-type': 'application/json; charset=iso-8859-1' },
      body: latin1,
    });
    const body = (await res.json()) as Enveloped;
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'INVALID_JSON', message: expect.stringMatching(/UTF-8/) });
    // The same text in UTF-8 prints.
    const utf8 = await ctx.terminal.call('POST', '/api/print', { lines: [['P\u00e2ine']] });
    expect(utf8.status).toBe(200);
  });

  it('a body that claims Content-Encoding: gzip and is plain JSON is refused', async () => {
    const error = await refused('POST', '/api/print', { lines: [['x']] }, { 'Content-Encoding': 'gzip' });
    expect(error.code).toBe('INVALID_JSON');
    expect(error.message).toMatch(/Content-Encoding/);
  });
});

describe('a cash payment with an RRN', () => {
  it('is refused (PAYMENT_RRN_INVALID): no sale, no receipt with a bank reference under the cash line', async () => {
    const before = (await ctx.terminal.call<Enveloped>('GET', '/api/sales')).body.data!.total as number;
    expect(
      await details('POST', '/api/sales', {
        ...cashSale(45),
        payments: [{ type: '1', amount: 45, rrn: '263260000001' }],
      }),
    ).toEqual([{ field: 'payments[0].rrn', code: 'PAYMENT_RRN_INVALID' }]);
    expect((await ctx.terminal.call<Enveloped>('GET', '/api/sales')).body.data!.total).toBe(before);
    // The same RRN on a card payment charged elsewhere is the spec's case, and an empty one names none.
    const card = await ctx.terminal.call<Enveloped>('POST', '/api/sales', {
      ...cashSale(45),
      payments: [{ type: '2', amount: 45, rrn: '263260000001' }],
    });
    expect(card.status).toBe(200);
    const empty = await ctx.terminal.call<Enveloped>('POST', '/api/sales', {
      ...cashSale(45),
      payments: [{ type: '1', amount: 45, rrn: '' }],
    });
    expect(empty.status).toBe(200);
  });
});
