// The first page after sign-in: the fleet at a glance (GET /api/console/v1/overview). What needs
// attention first (the alerts, critical before warnings), then every terminal's state, then the
// sales today and this week per terminal as bar charts. Refreshed every 30 s while it is open.
import { useQuery } from '@tanstack/react-query';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useSession } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import type { Messages } from '../../i18n/messages.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { EmptyState, ErrorState, Loading } from '../../ui/States.js';
import { BarChart } from '../fleet/BarChart.js';
import { connectionText, useFleetFormat } from '../fleet/fleet-format.js';
import '../fleet/fleet.css';

const REFRESH_MS = 30_000;

const fetchOverview = () => data(api.GET(`${CONSOLE_API}/overview`, {}));
type Overview = Awaited<ReturnType<typeof fetchOverview>>;
type Terminal = Overview['terminals'][number];
type Alert = Terminal['alerts'][number];

type Format = ReturnType<typeof useFleetFormat>;

function alertText(t: Messages, { when, count }: Format, terminal: Terminal, alert: Alert): string {
  const at = alert.at === null ? '' : when(alert.at);
  switch (alert.code) {
    case 'documents_refused':
      return t.fleet.alerts.documents_refused(count(terminal.health?.documentsRefused ?? 0));
    case 'fiscal_day_expiring':
      return t.fleet.alerts.fiscal_day_expiring(at);
    case 'offline_queue_stale':
      return t.fleet.alerts.offline_queue_stale(at);
    case 'fiscal_day_expired':
    case 'print_jobs_unconfirmed':
    case 'printer_paper_out':
    case 'printer_unavailable':
    case 'terminal_degraded':
    case 'terminal_silent':
      return t.fleet.alerts[alert.code];
  }
}

function Alerts({ terminals }: { terminals: Terminal[] }) {
  const t = useT();
  const format = useFleetFormat();
  const alerts = terminals
    .flatMap((terminal) => terminal.alerts.map((alert) => ({ terminal, alert })))
    .sort((a, b) => (a.alert.severity === b.alert.severity ? 0 : a.alert.severity === 'critical' ? -1 : 1));
  if (alerts.length === 0) return <p>{t.overview.allClear}</p>;
  return (
    <ul className="fleet-alerts">
      {alerts.map(({ terminal, alert }) => (
        <li key={`${terminal.id}-${alert.code}`} className={`fleet-alert fleet-alert--${alert.severity}`}>
          <span className="fleet-alert__severity">{t.fleet[alert.severity]}</span>
          <strong>{terminal.name}</strong>: {alertText(t, format, terminal, alert)}
        </li>
      ))}
    </ul>
  );
}

function TerminalTable({ terminals }: { terminals: Terminal[] }) {
  const t = useT();
  const { when, count } = useFleetFormat();
  if (terminals.length === 0) return <EmptyState>{t.overview.noTerminals}</EmptyState>;
  return (
    <div className="ui-table">
      <div className="ui-table__scroll" tabIndex={0} role="region" aria-label={t.overview.terminals}>
        <table>
          <caption className="ui-visually-hidden">{t.overview.terminals}</caption>
          <thead>
            <tr>
              <th scope="col">{t.overview.terminal}</th>
              <th scope="col">{t.overview.connection}</th>
              <th scope="col">{t.overview.fiscalDay}</th>
              <th scope="col" className="ui-numeric">
                {t.overview.offlineQueue}
              </th>
              <th scope="col" className="ui-numeric">
                {t.overview.documentsWaiting}
              </th>
              <th scope="col" className="ui-numeric">
                {t.overview.documentsRefused}
              </th>
              <th scope="col">{t.overview.printer}</th>
              <th scope="col">{t.overview.version}</th>
            </tr>
          </thead>
          <tbody>
            {terminals.map((terminal) => {
              const health = terminal.health;
              return (
                <tr key={terminal.id}>
                  <th scope="row">{terminal.name}</th>
                  <td>
                    <span className={`fleet-status${terminal.online ? ' fleet-status--online' : ''}`}>
                      {connectionText(t, when, terminal)}
                    </span>
                  </td>
                  <td>
                    {health === null
                      ? '—'
                      : health.fiscalDayExpiresAt === null
                        ? t.overview.noDayOpen
                        : t.overview.expiresAt(when(health.fiscalDayExpiresAt))}
                  </td>
                  <td className="ui-numeric">{health === null ? '—' : count(health.offlineQueueSize)}</td>
                  <td className="ui-numeric">{health === null ? '—' : count(health.documentsWaiting)}</td>
                  <td className="ui-numeric">
                    {health === null || health.documentsRefused === null
                      ? '—'
                      : count(health.documentsRefused)}
                  </td>
                  <td>{health === null ? '—' : t.fleet.printer[health.printer.state]}</td>
                  <td>{health?.version ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Sales({ overview }: { overview: Overview }) {
  const t = useT();
  const { mdl } = useFleetFormat();
  const names = new Map(overview.terminals.map((terminal) => [terminal.id, terminal.name]));
  const bars = (pick: 'today' | 'week') =>
    overview.sales.terminals.map((s) => ({
      key: s.terminalId,
      label: names.get(s.terminalId) ?? s.terminalId,
      value: s[pick].net,
      display: mdl(s[pick].net),
    }));
  if (overview.sales.terminals.length === 0) return null;
  return (
    <section className="ui-section" aria-labelledby="overview-sales">
      <h2 id="overview-sales">{t.overview.sales}</h2>
      <p className="ui-page-header__lead">{t.overview.salesLead}</p>
      <div className="fleet-charts">
        <BarChart title={t.overview.today} bars={bars('today')} valueHeader={t.overview.net} />
        <BarChart title={t.overview.thisWeek} bars={bars('week')} valueHeader={t.overview.net} />
      </div>
    </section>
  );
}

export default function OverviewPage() {
  const t = useT();
  const { merchant } = useSession();
  const query = useQuery({ queryKey: ['overview'], queryFn: fetchOverview, refetchInterval: REFRESH_MS });
  return (
    <>
      <PageHeader title={t.overview.title} lead={t.overview.lead(merchant.name)} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <dl className="fleet-summary">
            <div>
              <dt>{t.overview.terminals}</dt>
              <dd>{query.data.summary.terminals}</dd>
            </div>
            <div>
              <dt>{t.fleet.online}</dt>
              <dd>{query.data.summary.online}</dd>
            </div>
            <div>
              <dt>{t.fleet.critical}</dt>
              <dd>{query.data.summary.critical}</dd>
            </div>
            <div>
              <dt>{t.fleet.warning}</dt>
              <dd>{query.data.summary.warning}</dd>
            </div>
          </dl>
          <section className="ui-section" aria-labelledby="overview-attention">
            <h2 id="overview-attention">{t.overview.attention}</h2>
            <Alerts terminals={query.data.terminals} />
          </section>
          <section className="ui-section" aria-labelledby="overview-terminals">
            <h2 id="overview-terminals">{t.overview.terminals}</h2>
            <TerminalTable terminals={query.data.terminals} />
          </section>
          <Sales overview={query.data} />
        </>
      )}
    </>
  );
}
