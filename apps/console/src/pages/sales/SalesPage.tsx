// Sales: every fiscal document of the merchant's terminals, newest first, filtered by terminal,
// type, payment and days (the filters are the page's address, so a filtered list can be shared
// and exported as is); a document opens as its receipt (Receipt.tsx); below, the daily VAT
// totals, of the terminal filtered on too. Days and times are each document's terminal's.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useT } from '../../i18n/i18n.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { SelectField, TextField } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ErrorState, Loading } from '../../ui/States.js';
import { Receipt } from './Receipt.js';

const TYPES = ['sale', 'refund', 'cash_in', 'cash_out', 'x_report', 'z_report'] as const;
type DocumentType = (typeof TYPES)[number];
const FILTERS = ['terminalId', 'type', 'payment', 'from', 'to'] as const;

const money = (amount: number) => amount.toFixed(2);

function useFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? undefined]).filter(([, v]) => v),
  ) as Partial<Record<(typeof FILTERS)[number], string>>;
  const set = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return { filters, set, documentId: params.get('document'), params };
}

const fetchDocuments =
  (filters: Partial<Record<(typeof FILTERS)[number], string>>) => (cursor: string | undefined) =>
    data(
      api.GET(`${CONSOLE_API}/sales`, {
        params: {
          query: {
            limit: 50,
            ...(filters.terminalId ? { terminalId: filters.terminalId } : {}),
            ...(filters.type ? { type: filters.type as DocumentType } : {}),
            ...(filters.payment ? { payment: filters.payment as '1' } : {}),
            ...(filters.from ? { from: filters.from } : {}),
            ...(filters.to ? { to: filters.to } : {}),
            ...(cursor ? { cursor } : {}),
          },
        },
      }),
    );
type Listed = Awaited<ReturnType<ReturnType<typeof fetchDocuments>>>['data'][number];

/** The terminals the filter offers: the first page of the merchant's (up to 100). */
function useTerminalOptions() {
  const terminals = useQuery({
    queryKey: ['terminals', 'filter'],
    queryFn: () => data(api.GET(`${CONSOLE_API}/terminals`, { params: { query: { limit: 100 } } })),
  });
  return (terminals.data?.data ?? []).map((terminal) => ({ value: terminal.id, label: terminal.name }));
}

function VatDaily({ from, to, terminalId }: { from: string; to: string; terminalId: string | undefined }) {
  const t = useT();
  const report = useQuery({
    queryKey: ['sales', 'vat-daily', from, to, terminalId],
    queryFn: () =>
      data(
        api.GET(`${CONSOLE_API}/reports/vat-daily`, {
          params: { query: { from, to, ...(terminalId ? { terminalId } : {}) } },
        }),
      ),
  });
  if (report.isPending) return <Loading />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  const rows = report.data.days.flatMap((day) => day.vat.map((vat) => ({ day: day.day, vat })));
  return (
    <div className="ui-table">
      <div className="ui-table__scroll" tabIndex={0} role="region" aria-label={t.sales.vatCaption(from, to)}>
        <table>
          <caption className="ui-visually-hidden">{t.sales.vatCaption(from, to)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.sales.day}</th>
              <th scope="col">{t.sales.vatCode}</th>
              <th scope="col" className="ui-numeric">
                {t.sales.taxable}
              </th>
              <th scope="col" className="ui-numeric">
                {t.sales.vat}
              </th>
              <th scope="col" className="ui-numeric">
                {t.sales.gross}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ day, vat }) => (
              <tr key={`${day} ${vat.code} ${vat.rate}`}>
                <td>{day}</td>
                <td>{vat.rate === null ? `${vat.code} (${t.sales.exempt})` : `${vat.code} ${vat.rate}%`}</td>
                <td className="ui-numeric">{money(vat.net.taxable)}</td>
                <td className="ui-numeric">{money(vat.net.vat)}</td>
                <td className="ui-numeric">{money(vat.net.gross)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" colSpan={2}>
                {t.sales.total}
              </th>
              <td className="ui-numeric">{money(report.data.net.taxable)}</td>
              <td className="ui-numeric">{money(report.data.net.vat)}</td>
              <td className="ui-numeric">{money(report.data.net.gross)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Chisinau' });
const monthStart = () => `${today().slice(0, 8)}01`;

export default function SalesPage() {
  const t = useT();
  const { filters, set, documentId, params } = useFilters();
  const pages = useCursorPages(['sales', filters], fetchDocuments(filters));
  const terminals = useTerminalOptions();
  if (documentId) return <Receipt id={documentId} onBack={() => set('document', '')} />;
  const exportQuery = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const columns: Column<Listed>[] = [
    {
      header: t.sales.issued,
      cell: (d) => (
        <a
          href={`?${new URLSearchParams([...params.entries(), ['document', d.id]]).toString()}`}
          onClick={(event) => {
            event.preventDefault();
            set('document', d.id);
          }}
        >
          {new Date(d.createdAt).toLocaleString('en-GB', { timeZone: d.timeZone })}
        </a>
      ),
    },
    { header: t.sales.type, cell: (d) => t.sales.types[d.type] },
    { header: t.sales.terminal, cell: (d) => d.terminalName },
    { header: t.sales.receiptNumber, cell: (d) => d.receiptNumber ?? '' },
    { header: t.sales.status, cell: (d) => d.status },
    { header: t.sales.payments, cell: (d) => d.payments.map((p) => t.sales.payment(p.code)).join(', ') },
    { header: t.sales.total, cell: (d) => money(d.total), numeric: true },
  ];
  return (
    <>
      <PageHeader
        title={t.sales.title}
        lead={t.sales.lead}
        actions={
          <a
            className="ui-button ui-button--secondary"
            href={`${CONSOLE_API}/sales/export.csv?${exportQuery.toString()}`}
            download
          >
            {t.sales.exportCsv}
          </a>
        }
      />
      <form className="ui-filters ui-section" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t.sales.terminal}
          value={filters.terminalId ?? ''}
          onChange={(event) => set('terminalId', event.target.value)}
          options={[{ value: '', label: t.sales.all }, ...terminals]}
        />
        <SelectField
          label={t.sales.type}
          value={filters.type ?? ''}
          onChange={(event) => set('type', event.target.value)}
          options={[
            { value: '', label: t.sales.all },
            ...TYPES.map((type) => ({ value: type, label: t.sales.types[type] })),
          ]}
        />
        <SelectField
          label={t.sales.payment('')}
          value={filters.payment ?? ''}
          onChange={(event) => set('payment', event.target.value)}
          options={[
            { value: '', label: t.sales.all },
            ...['1', '2', '3.1'].map((code) => ({ value: code, label: t.sales.payment(code) })),
          ]}
        />
        <TextField
          label={t.sales.from}
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set('from', event.target.value)}
        />
        <TextField
          label={t.sales.to}
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set('to', event.target.value)}
        />
      </form>
      <DataTable
        caption={t.sales.title}
        columns={columns}
        rowKey={(d) => d.id}
        pages={pages}
        empty={t.sales.empty}
      />
      <section className="ui-section">
        <h2>{t.sales.vatTitle}</h2>
        <VatDaily
          from={filters.from ?? monthStart()}
          to={filters.to ?? today()}
          terminalId={filters.terminalId}
        />
      </section>
    </>
  );
}
