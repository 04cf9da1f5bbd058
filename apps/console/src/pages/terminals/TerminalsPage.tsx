// The merchant's terminals: everyone sees them; a manager renames and tests one (its health
// through the relay); an owner adds one (its activation code and QR code shown once), issues a
// new code, rotates its API key and deactivates it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { TerminalNameBody } from '../../api/cloud-schemas.js';
import { useRoleAllows } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QrCode } from '../../ui/QrCode.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { connectionText, useFleetFormat } from '../fleet/fleet-format.js';
import '../fleet/fleet.css';
import { FormActions } from '../../ui/FormActions.js';

const TERMINALS_KEY = ['terminals'] as const;
/** How long ERPs may keep using a terminal's rotated key: a day, the cloud's default. */
const GRACE_SECONDS = 86_400;

const fetchTerminals = (cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/terminals`, { params: { query: { limit: 50, ...(cursor ? { cursor } : {}) } } }),
  );
type Terminal = Awaited<ReturnType<typeof fetchTerminals>>['data'][number];
type VatRates = NonNullable<NonNullable<Terminal['health']>['vatRates']>;
type VatRate = VatRates['inUse'][number];
type Health = NonNullable<Terminal['health']>;
type Activation = Awaited<ReturnType<typeof createTerminal>>;

const createTerminal = (name: string) => data(api.POST(`${CONSOLE_API}/terminals`, { body: { name } }));
const path = (terminalId: string) => ({ params: { path: { terminalId } } });

/** The activation code, once, with the QR code a device scans (the cloud's address and the code). */
function ActivationBox({ activation, onDone }: { activation: Activation['activation']; onDone: () => void }) {
  const t = useT();
  const { when } = useFleetFormat();
  return (
    <section className="ui-section" aria-labelledby="activation-title">
      <h2 id="activation-title">{t.terminals.activationTitle}</h2>
      <div className="fleet-qr">
        <QrCode text={activation.qrPayload} alt={t.terminals.qrAlt} />
        <div>
          <SecretBox label={t.terminals.activationCode} value={activation.code} />
          <p>{t.terminals.activationExpires(when(activation.expiresAt))}</p>
          <p>{t.terminals.activationHow}</p>
        </div>
      </div>
      <Button onClick={onDone}>{t.common.close}</Button>
    </section>
  );
}

/**
 * The terminal's VAT rates as its last health report gave them: the fiscal day's, and the rates
 * its next fiscal day takes (a change the merchant made waits for the day's Z report), each with
 * the rate it replaces.
 */
function VatRateFacts({ rates }: { rates: VatRates }) {
  const t = useT();
  const rate = (r: VatRate | undefined) =>
    r === undefined ? '—' : r.rate === null ? t.sales.exempt : `${r.rate}%`;
  const inUse = new Map(rates.inUse.map((r) => [r.code, r]));
  const changed = (rates.pending ?? []).filter((r) => inUse.get(r.code)?.rate !== r.rate);
  return (
    <>
      <dt>{t.terminals.vatRates}</dt>
      <dd>{rates.inUse.map((r) => `${r.code} ${rate(r)}`).join(', ')}</dd>
      {changed.length > 0 && (
        <>
          <dt>{t.terminals.pendingVatRates}</dt>
          <dd>
            {changed
              .map((r) => `${r.code} ${rate(r)} (${t.terminals.rateNow(rate(inUse.get(r.code)))})`)
              .join(', ')}
          </dd>
        </>
      )}
    </>
  );
}

/**
 * The receipts the cloud refused (set aside on the terminal, missing from sales, stock and the
 * ERP), and the latest refusal's reason: what whoever mends it needs.
 */
function RefusalFacts({ health }: { health: Health }) {
  const t = useT();
  const { when, count } = useFleetFormat();
  const refusal = health.lastRefusal;
  return (
    <>
      <dt>{t.terminals.documentsRefused}</dt>
      <dd>{health.documentsRefused === null ? t.terminals.notReported : count(health.documentsRefused)}</dd>
      {refusal && (
        <>
          <dt>{t.terminals.lastRefusal}</dt>
          <dd>
            {t.terminals.refusal(when(refusal.at), refusal.operationId)} <code>{refusal.reason}</code>
          </dd>
        </>
      )}
    </>
  );
}

/** A terminal's name: for a new terminal and for renaming one. `save` calls the cloud. */
function NameForm({
  title,
  submitLabel,
  initial,
  save,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  initial: string;
  save: (name: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const form = useSchemaForm(TerminalNameBody, { name: initial });
  const send = useMutation({
    mutationFn: save,
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((body) => send.mutate(body.name))}>
      <h2>{title}</h2>
      <TextField label={t.terminals.name} required autoComplete="off" {...form.field('name')} />
      <FormActions submit={submitLabel} busy={send.isPending} onCancel={onCancel} />
    </form>
  );
}

/** One terminal's facts and what the person's role may do with it. */
function TerminalPanel({ terminalId, onClose }: { terminalId: string; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const { when } = useFleetFormat();
  const isManager = useRoleAllows('manager');
  const isOwner = useRoleAllows('owner');
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState<'deactivate' | 'rotate' | null>(null);
  const [activation, setActivation] = useState<Activation['activation'] | null>(null);
  const query = useQuery({
    queryKey: [...TERMINALS_KEY, terminalId],
    queryFn: () => data(api.GET(`${CONSOLE_API}/terminals/{terminalId}`, path(terminalId))),
  });
  const refresh = () => client.invalidateQueries({ queryKey: TERMINALS_KEY });
  const rename = async (name: string) => {
    const terminal = await data(
      api.PATCH(`${CONSOLE_API}/terminals/{terminalId}`, { ...path(terminalId), body: { name } }),
    );
    toast.success(t.terminals.renamed(terminal.name));
    setRenaming(false);
    await refresh();
  };
  const test = useMutation({
    mutationFn: () => data(api.POST(`${CONSOLE_API}/terminals/{terminalId}/test`, path(terminalId))),
    onError: (error) => toast.failure(error),
  });
  const newCode = useMutation({
    mutationFn: () =>
      data(api.POST(`${CONSOLE_API}/terminals/{terminalId}/activation-code`, path(terminalId))),
    onSuccess: async (answer) => {
      setActivation(answer.activation);
      await refresh();
    },
    onError: (error) => toast.failure(error),
  });
  const rotate = useMutation({
    mutationFn: () =>
      data(
        api.POST(`${CONSOLE_API}/terminals/{terminalId}/api-key/rotate`, {
          ...path(terminalId),
          body: { graceSeconds: GRACE_SECONDS },
        }),
      ),
    onSuccess: async (answer) => {
      setConfirm(null);
      toast.success(t.terminals.keyRotated(answer.apiKey.lastFour));
      await refresh();
    },
    onError: (error) => {
      setConfirm(null);
      toast.failure(error);
    },
  });
  const deactivate = useMutation({
    mutationFn: () => data(api.POST(`${CONSOLE_API}/terminals/{terminalId}/deactivate`, path(terminalId))),
    onSuccess: async (terminal) => {
      setConfirm(null);
      toast.success(t.terminals.deactivated(terminal.name));
      await refresh();
    },
    onError: (error) => {
      setConfirm(null);
      toast.failure(error);
    },
  });

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const terminal = query.data;
  const active = terminal.status === 'active';
  const result = test.data;
  return (
    <section className="ui-section" aria-labelledby="terminal-title">
      <h2 id="terminal-title">{terminal.name}</h2>
      <dl className="fleet-facts">
        <dt>{t.terminals.state}</dt>
        <dd>{connectionText(t, when, terminal)}</dd>
        <dt>{t.terminals.relayAddress}</dt>
        <dd>{terminal.relayAddress ? <code>{terminal.relayAddress}</code> : t.terminals.noRelay}</dd>
        <dt>{t.terminals.apiKey}</dt>
        <dd>
          {terminal.apiKeyLastFour ? `…${terminal.apiKeyLastFour}` : '—'}
          {terminal.apiKeyRotationPending && ` (${t.terminals.rotationPending})`}
        </dd>
        <dt>{t.terminals.version}</dt>
        <dd>{terminal.health?.version ?? '—'}</dd>
        {terminal.health && <RefusalFacts health={terminal.health} />}
        {terminal.health?.vatRates && <VatRateFacts rates={terminal.health.vatRates} />}
      </dl>
      {activation && <ActivationBox activation={activation} onDone={() => setActivation(null)} />}
      {renaming && (
        <NameForm
          title={t.terminals.rename}
          submitLabel={t.common.save}
          initial={terminal.name}
          save={rename}
          onCancel={() => setRenaming(false)}
        />
      )}
      <div className="ui-page-header__actions">
        {isManager && active && (
          <Button variant="primary" busy={test.isPending} onClick={() => test.mutate()}>
            {t.terminals.test}
          </Button>
        )}
        {isManager && !renaming && <Button onClick={() => setRenaming(true)}>{t.terminals.rename}</Button>}
        {isOwner && terminal.status !== 'deactivated' && (
          <Button busy={newCode.isPending} onClick={() => newCode.mutate()}>
            {t.terminals.newCode}
          </Button>
        )}
        {isOwner && active && <Button onClick={() => setConfirm('rotate')}>{t.terminals.rotateKey}</Button>}
        {isOwner && terminal.status !== 'deactivated' && (
          <Button variant="danger" onClick={() => setConfirm('deactivate')}>
            {t.terminals.deactivate}
          </Button>
        )}
        <Button variant="ghost" onClick={onClose}>
          {t.common.close}
        </Button>
      </div>
      {result && (
        <p role="status" className={`ui-notice${result.outcome === 'ok' ? '' : ' ui-notice--error'}`}>
          {result.outcome === 'ok' && result.terminal
            ? t.terminals.testOk(result.latencyMs ?? 0, result.terminal.version)
            : t.terminals.testFailed[result.outcome === 'ok' ? 'relay_error' : result.outcome]}
        </p>
      )}
      <ConfirmDialog
        open={confirm === 'deactivate'}
        title={t.terminals.deactivateTitle(terminal.name)}
        confirmLabel={t.terminals.deactivate}
        danger
        busy={deactivate.isPending}
        onConfirm={() => deactivate.mutate()}
        onCancel={() => setConfirm(null)}
      >
        <p>{t.terminals.deactivateBody}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'rotate'}
        title={t.terminals.rotateTitle(terminal.name)}
        confirmLabel={t.terminals.rotateKey}
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirm(null)}
      >
        <p>{t.terminals.rotateBody}</p>
      </ConfirmDialog>
    </section>
  );
}

export default function TerminalsPage() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const { when } = useFleetFormat();
  const isOwner = useRoleAllows('owner');
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [activation, setActivation] = useState<Activation['activation'] | null>(null);
  const pages = useCursorPages(TERMINALS_KEY, fetchTerminals);
  const add = async (name: string) => {
    const answer = await createTerminal(name);
    toast.success(t.terminals.added(answer.terminal.name));
    setAdding(false);
    setActivation(answer.activation);
    await client.invalidateQueries({ queryKey: TERMINALS_KEY });
  };
  const columns: Column<Terminal>[] = [
    {
      header: t.terminals.name,
      cell: (terminal) => (
        <Button
          variant="ghost"
          onClick={() => setSelected(terminal.id)}
          aria-label={t.terminals.open(terminal.name)}
        >
          {terminal.name}
        </Button>
      ),
    },
    {
      header: t.terminals.state,
      cell: (terminal) => (
        <span className={`fleet-status${terminal.online ? ' fleet-status--online' : ''}`}>
          {connectionText(t, when, terminal)}
        </span>
      ),
    },
    {
      header: t.terminals.apiKey,
      cell: (terminal) => (terminal.apiKeyLastFour ? `…${terminal.apiKeyLastFour}` : '—'),
    },
    { header: t.terminals.alerts, cell: (terminal) => terminal.alerts.length, numeric: true },
  ];
  return (
    <>
      <PageHeader
        title={t.terminals.title}
        lead={t.terminals.lead}
        actions={
          isOwner &&
          !adding && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t.terminals.add}
            </Button>
          )
        }
      />
      {adding && (
        <NameForm
          title={t.terminals.add}
          submitLabel={t.terminals.create}
          initial=""
          save={add}
          onCancel={() => setAdding(false)}
        />
      )}
      {activation && <ActivationBox activation={activation} onDone={() => setActivation(null)} />}
      {selected && <TerminalPanel key={selected} terminalId={selected} onClose={() => setSelected(null)} />}
      <DataTable
        caption={t.terminals.title}
        columns={columns}
        rowKey={(terminal) => terminal.id}
        pages={pages}
        empty={t.terminals.empty}
      />
    </>
  );
}
