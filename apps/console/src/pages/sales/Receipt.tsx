// One fiscal document laid out like the paper the terminal printed (apps/terminal/src/
// fiscal-documents/sale-receipt.ts): the merchant's header, the lines, TOTAL, VAT per rate, the
// payments and the change, the receipt and Z numbers, date and time as printed (in the terminal's
// zone), the document's code, and the QR code with the verification link under it. The device's
// serial number and tax office (SFS) come from the terminal's health report. The paper's labels stay Romanian,
// as printed. Beside it: a sale's refunds and what they gave back, or a refund's sale.
import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ErrorState, Loading } from '../../ui/States.js';

/**
 * The tax service's check link is any URL the terminal pushed (a stolen device key pushes what it
 * likes): only an http(s) one is made a link to follow, anything else is shown as text.
 */
const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

const money = (amount: number) => amount.toFixed(2);
/** The paper's payment labels (apps/terminal/src/receipts/receipt-parts.ts). */
const PAPER_PAYMENTS: Readonly<Record<string, string>> = { '1': 'NUMERAR', '2': 'CARD', '3.1': 'VOUCHER' };
const TITLES: Readonly<Record<string, string>> = {
  sale: 'BON FISCAL',
  refund: 'BON FISCAL DE RETUR',
  cash_in: 'INTRODUCERE NUMERAR',
  cash_out: 'RIDICARE NUMERAR',
  x_report: 'RAPORT X',
  z_report: 'RAPORT Z',
};

function QrImage({ url }: { url: string }) {
  const t = useT();
  // Drawn in the page (qrcode, the library the terminal's e-mailed receipts use): a data: image
  // is all the content security policy lets in, and nothing leaves the browser.
  const qr = useQuery({
    queryKey: ['sales', 'qr', url],
    queryFn: () => QRCode.toDataURL(url, { margin: 1, scale: 4 }),
    staleTime: Infinity,
  });
  return qr.data ? <img className="fp-receipt__qr" src={qr.data} alt={t.sales.qrAlt} /> : null;
}

export function Receipt({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT();
  const detail = useQuery({
    queryKey: ['sales', 'document', id],
    queryFn: () => data(api.GET(`${CONSOLE_API}/sales/{id}`, { params: { path: { id } } })),
  });
  const header = (
    <PageHeader
      title={t.sales.receiptTitle}
      lead={t.sales.receiptLead}
      actions={<Button onClick={onBack}>{t.sales.back}</Button>}
    />
  );
  if (detail.isPending)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (detail.isError)
    return (
      <>
        {header}
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </>
    );
  const { document: d, merchant, printedAt, device, refunds, refunded, sale } = detail.data;
  const code = d.fiscalCode ?? d.offlineFiscalCode;
  return (
    <>
      {header}
      <div className="fp-receipt-layout">
        <article className="fp-receipt" aria-label={t.sales.paper}>
          <p className="fp-receipt__center fp-receipt__large">{merchant.name}</p>
          {merchant.idno && <p className="fp-receipt__center">COD FISCAL {merchant.idno}</p>}
          {merchant.address && <p className="fp-receipt__center">{merchant.address}</p>}
          {d.registrationNumber && (
            <p className="fp-receipt__row">
              <span>NR. INREGISTRARE</span>
              <span>{d.registrationNumber}</span>
            </p>
          )}
          {device.serialNumber && (
            <p className="fp-receipt__row">
              <span>NR. SERIE</span>
              <span>{device.serialNumber}</span>
            </p>
          )}
          {device.taxOfficeAddress && <p>SFS: {device.taxOfficeAddress}</p>}
          <p className="fp-receipt__center fp-receipt__gap">{TITLES[d.type]}</p>
          {d.lines.map((line) => (
            <div key={line.position} className="fp-receipt__gap-small">
              <p>{line.name}</p>
              <p className="fp-receipt__row">
                <span>
                  {line.quantity} x {money(line.unitPrice)}
                </span>
                <span>
                  {money(line.amount)} {line.vatCode}
                </span>
              </p>
            </div>
          ))}
          <p className="fp-receipt__row fp-receipt__large fp-receipt__gap">
            <span>{d.type === 'refund' ? 'TOTAL RETUR' : 'TOTAL'}</span>
            <span>{money(d.total)}</span>
          </p>
          {d.vat.map((v) => (
            <p key={`${v.code} ${v.rate}`} className="fp-receipt__row">
              <span>
                TVA {v.code} {v.rate === null ? 'SCUTIT' : `${v.rate}%`}
              </span>
              <span>{money(v.vatAmount)}</span>
            </p>
          ))}
          {d.payments.map((p) => (
            <p key={p.code} className="fp-receipt__row">
              <span>{PAPER_PAYMENTS[p.code] ?? `PLATA ${p.code}`}</span>
              <span>{money(p.amount)}</span>
            </p>
          ))}
          {d.change !== null && d.change > 0 && (
            <p className="fp-receipt__row">
              <span>REST</span>
              <span>{money(d.change)}</span>
            </p>
          )}
          {d.receiptNumber !== null && (
            <p className="fp-receipt__row fp-receipt__gap">
              <span>BON NR.</span>
              <span>{d.receiptNumber}</span>
            </p>
          )}
          <p className="fp-receipt__row">
            <span>RAPORT Z NR.</span>
            <span>{d.reportNumber}</span>
          </p>
          <p className="fp-receipt__row">
            <span>DATA {printedAt.date}</span>
            <span>ORA {printedAt.time}</span>
          </p>
          {code && (
            <p className="fp-receipt__row">
              <span>{d.fiscalCode ? 'COD DOCUMENT MEV' : 'COD OFFLINE'}</span>
              <span>{code}</span>
            </p>
          )}
          {d.verificationUrl ? (
            <>
              <QrImage url={d.verificationUrl} />
              <p>VERIFICARE:</p>
              <p className="fp-receipt__link">
                {isWebLink(d.verificationUrl) ? (
                  <a href={d.verificationUrl}>{d.verificationUrl}</a>
                ) : (
                  d.verificationUrl
                )}
              </p>
            </>
          ) : d.type === 'sale' || d.type === 'refund' ? (
            <p className="fp-receipt__gap">{t.sales.noLink}</p>
          ) : null}
        </article>
        <div>
          <dl className="fp-facts">
            <dt>{t.sales.terminal}</dt>
            <dd>{detail.data.terminalName}</dd>
            <dt>{t.sales.status}</dt>
            <dd>{d.status}</dd>
          </dl>
          {refunded && (
            <section className="ui-section">
              <h2>{t.sales.refunds}</h2>
              <p>{t.sales.refundedSoFar(money(refunded.total), money(refunded.remaining))}</p>
              {refunds.length > 0 && (
                <ul>
                  {refunds.map((r) => (
                    <li key={r.id}>
                      {new Date(r.createdAt).toLocaleString('en-GB', { timeZone: r.timeZone })}:{' '}
                      {money(r.total)} ({r.status})
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          {sale && (
            <section className="ui-section">
              <h2>{t.sales.refundOf}</h2>
              <p>{t.sales.saleSummary(sale.receiptNumber ?? 0, money(sale.total))}</p>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
