// Integration keys (what online shops and ERPs call the integration API with) and the module's
// switch. Everyone sees the keys (never the keys themselves: prefix and last four), their scopes,
// state and last use; an owner creates one (shown once, with a copy button), rotates one with a
// grace period, revokes one, and turns the integration API on or off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { SCOPES, type Scope } from '../../api/cloud-schemas.js';
import { useRoleAllows } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { TextField } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { useFleetFormat } from '../fleet/fleet-format.js';
import '../fleet/fleet.css';
import { FormActions } from '../../ui/FormActions.js';

const KEYS_KEY = ['integration-keys'] as const;
const MODULE_KEY = ['integration-keys', 'module'] as const;
/** The grace period a rotation gives the old key: a day, the cloud's default. */
const GRACE_SECONDS = 86_400;

const fetchKeys = (cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/integration-keys`, {
      params: { query: { limit: 50, ...(cursor ? { cursor } : {}) } },
    }),
  );
type Key = Awaited<ReturnType<typeof fetchKeys>>['data'][number];

function ModuleSwitch() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const isOwner = useRoleAllows('owner');
  const query = useQuery({
    queryKey: MODULE_KEY,
    queryFn: () => data(api.GET(`${CONSOLE_API}/integration-module`, {})),
  });
  const set = useMutation({
    mutationFn: (active: boolean) => data(api.PUT(`${CONSOLE_API}/integration-module`, { body: { active } })),
    onSuccess: async (answer) => {
      toast.success(answer.active ? t.integrationKeys.moduleOn : t.integrationKeys.moduleOff);
      await client.invalidateQueries({ queryKey: MODULE_KEY });
    },
    onError: (error) => toast.failure(error),
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const active = query.data.active;
  return (
    <section className="ui-section" aria-labelledby="module-title">
      <h2 id="module-title">{t.integrationKeys.module}</h2>
      <p>{active ? t.integrationKeys.moduleActive : t.integrationKeys.moduleInactive}</p>
      {isOwner && (
        <Button busy={set.isPending} onClick={() => set.mutate(!active)}>
          {active ? t.integrationKeys.turnOff : t.integrationKeys.turnOn}
        </Button>
      )}
    </section>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (key: string) => void; onCancel: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [scopeError, setScopeError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () =>
      data(
        api.POST(`${CONSOLE_API}/integration-keys`, {
          body: { scopes, ...(name.trim() ? { name: name.trim() } : {}) },
        }),
      ),
    onSuccess: async (answer) => {
      onCreated(answer.key);
      await client.invalidateQueries({ queryKey: KEYS_KEY });
    },
    onError: (error) => toast.failure(error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (scopes.length === 0) {
      setScopeError(t.integrationKeys.pickScope);
      document.querySelector<HTMLInputElement>('input[name="scope"]')?.focus();
      return;
    }
    create.mutate();
  };
  const toggle = (scope: Scope, on: boolean) => {
    setScopeError(undefined);
    setScopes((all) => (on ? [...all, scope] : all.filter((s) => s !== scope)));
  };
  return (
    <form className="ui-form ui-section" noValidate onSubmit={submit}>
      <h2>{t.integrationKeys.create}</h2>
      <TextField
        label={t.integrationKeys.name}
        hint={t.integrationKeys.nameHint}
        autoComplete="off"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="fleet-scopes" aria-describedby={scopeError ? 'scope-error' : undefined}>
        <legend>{t.integrationKeys.scopes}</legend>
        {SCOPES.map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              name="scope"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />{' '}
            <code>{scope}</code>
          </label>
        ))}
      </fieldset>
      {scopeError && (
        <p id="scope-error" className="ui-field__error" role="alert">
          {scopeError}
        </p>
      )}
      <FormActions submit={t.integrationKeys.createSubmit} busy={create.isPending} onCancel={onCancel} />
    </form>
  );
}

export default function IntegrationKeysPage() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const { when } = useFleetFormat();
  const isOwner = useRoleAllows('owner');
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ key: Key; action: 'rotate' | 'revoke' } | null>(null);
  const pages = useCursorPages(KEYS_KEY, fetchKeys);
  const act = useMutation({
    mutationFn: async ({ key, action }: { key: Key; action: 'rotate' | 'revoke' }) => {
      const params = { params: { path: { keyId: key.id } } };
      if (action === 'revoke') {
        await data(api.POST(`${CONSOLE_API}/integration-keys/{keyId}/revoke`, params));
        return null;
      }
      const rotated = await data(
        api.POST(`${CONSOLE_API}/integration-keys/{keyId}/rotate`, {
          ...params,
          body: { graceSeconds: GRACE_SECONDS },
        }),
      );
      return rotated.key;
    },
    onSuccess: async (newKey, { key, action }) => {
      setConfirm(null);
      if (newKey) setShown(newKey);
      toast.success(
        action === 'revoke' ? t.integrationKeys.revoked(key.name) : t.integrationKeys.rotated(key.name),
      );
      await client.invalidateQueries({ queryKey: KEYS_KEY });
    },
    onError: (error) => {
      setConfirm(null);
      toast.failure(error);
    },
  });
  const columns: Column<Key>[] = [
    { header: t.integrationKeys.name, cell: (key) => key.name },
    { header: t.integrationKeys.key, cell: (key) => <code>{`${key.displayPrefix}…${key.lastFour}`}</code> },
    { header: t.integrationKeys.scopes, cell: (key) => key.scopes.join(', ') },
    {
      header: t.integrationKeys.state,
      cell: (key) =>
        key.state === 'rotating' && key.expiresAt
          ? t.integrationKeys.rotatingUntil(when(key.expiresAt))
          : t.integrationKeys.states[key.state],
    },
    {
      header: t.integrationKeys.lastUsed,
      cell: (key) => (key.lastUsedAt ? when(key.lastUsedAt) : t.integrationKeys.neverUsed),
    },
    ...(isOwner
      ? [
          {
            header: t.common.actions,
            cell: (key: Key) =>
              key.state !== 'revoked' &&
              key.state !== 'expired' && (
                <span className="ui-page-header__actions">
                  {key.rotatedToId === null && (
                    <Button
                      onClick={() => setConfirm({ key, action: 'rotate' })}
                      aria-label={`${t.integrationKeys.rotate} ${key.name} …${key.lastFour}`}
                    >
                      {t.integrationKeys.rotate}
                    </Button>
                  )}
                  <Button
                    variant="danger"
                    onClick={() => setConfirm({ key, action: 'revoke' })}
                    aria-label={`${t.integrationKeys.revoke} ${key.name} …${key.lastFour}`}
                  >
                    {t.integrationKeys.revoke}
                  </Button>
                </span>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title={t.integrationKeys.title}
        lead={isOwner ? t.integrationKeys.lead : `${t.integrationKeys.lead} ${t.integrationKeys.ownerOnly}`}
        actions={
          isOwner &&
          !creating && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t.integrationKeys.create}
            </Button>
          )
        }
      />
      {shown && (
        <div className="ui-section">
          <SecretBox label={t.integrationKeys.newKey} value={shown} />
          <p>
            <Button onClick={() => setShown(null)}>{t.common.close}</Button>
          </p>
        </div>
      )}
      {creating && (
        <CreateForm
          onCreated={(key) => {
            setCreating(false);
            setShown(key);
            toast.success(t.integrationKeys.created);
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      <ModuleSwitch />
      <section className="ui-section" aria-labelledby="keys-title">
        <h2 id="keys-title">{t.integrationKeys.keys}</h2>
        <DataTable
          caption={t.integrationKeys.keys}
          columns={columns}
          rowKey={(key) => key.id}
          pages={pages}
          empty={t.integrationKeys.empty}
        />
      </section>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === null
            ? ''
            : confirm.action === 'revoke'
              ? t.integrationKeys.revokeTitle(confirm.key.name)
              : t.integrationKeys.rotateTitle(confirm.key.name)
        }
        confirmLabel={confirm?.action === 'revoke' ? t.integrationKeys.revoke : t.integrationKeys.rotate}
        danger={confirm?.action === 'revoke'}
        busy={act.isPending}
        onConfirm={() => confirm && act.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      >
        <p>{confirm?.action === 'revoke' ? t.integrationKeys.revokeBody : t.integrationKeys.rotateBody}</p>
      </ConfirmDialog>
    </>
  );
}
