// Webhook endpoints: an owner registers one (its signing secret shown once), disables and
// enables it, rotates its secret (shown once) and deletes it; a manager sends a test event and
// redelivers; everyone reads the delivery log, each delivery with its attempts and the answers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { CreateWebhookBody } from '../../../../cloud/src/webhooks/webhook-schemas.js';
import { useRoleAllows } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { EmptyState, ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { FormActions } from '../../ui/FormActions.js';

const KEY = ['webhooks'] as const;
/** A new endpoint hears every event; the merchant narrows it through the integration API if needed. */
const ALL_EVENTS = CreateWebhookBody.shape.events.element.options;
const UrlBody = CreateWebhookBody.pick({ url: true });

const fetchEndpoints = () => data(api.GET(`${CONSOLE_API}/webhooks`));
type Endpoint = Awaited<ReturnType<typeof fetchEndpoints>>['data'][number];
const fetchDeliveries = (id: string) => (cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/webhooks/{id}/deliveries`, {
      params: { path: { id }, query: { limit: 20, ...(cursor ? { cursor } : {}) } },
    }),
  );
type Delivery = Awaited<ReturnType<ReturnType<typeof fetchDeliveries>>>['data'][number];

function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const mayRedeliver = useRoleAllows('manager');
  const pages = useCursorPages([...KEY, 'deliveries', endpoint.id], fetchDeliveries(endpoint.id));
  const redeliver = useMutation({
    mutationFn: (delivery: Delivery) =>
      data(
        api.POST(`${CONSOLE_API}/webhooks/{id}/deliveries/{deliveryId}/redeliver`, {
          params: { path: { id: endpoint.id, deliveryId: delivery.id } },
        }),
      ),
    onSuccess: async () => {
      toast.success(t.webhooks.redelivered);
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => toast.failure(error),
  });
  const columns: Column<Delivery>[] = [
    { header: t.webhooks.event, cell: (d) => d.eventType },
    { header: t.webhooks.status, cell: (d) => d.status },
    {
      header: t.webhooks.attempts,
      cell: (d) => (
        <ul className="fp-attempts">
          {d.attemptLog.map((a) => (
            <li key={a.attemptedAt}>
              {new Date(a.attemptedAt).toLocaleString('en-GB', { timeZone: 'Europe/Chisinau' })}:{' '}
              {a.statusCode ?? a.error} ({a.latencyMs} ms)
              {a.responseExcerpt ? ` “${a.responseExcerpt.slice(0, 80)}”` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    ...(mayRedeliver
      ? [
          {
            header: t.common.actions,
            cell: (d: Delivery) =>
              d.status !== 'pending' &&
              endpoint.status === 'enabled' && (
                <Button
                  onClick={() => redeliver.mutate(d)}
                  aria-label={`${t.webhooks.redeliver} ${d.eventType}`}
                >
                  {t.webhooks.redeliver}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <section className="ui-section">
      <h2>{t.webhooks.log(endpoint.url)}</h2>
      <DataTable
        caption={t.webhooks.log(endpoint.url)}
        columns={columns}
        rowKey={(d) => d.id}
        pages={pages}
        empty={t.webhooks.noDeliveries}
      />
    </section>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const form = useSchemaForm(UrlBody, { url: '' });
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: ({ url }: { url: string }) =>
      data(api.POST(`${CONSOLE_API}/webhooks`, { body: { url, events: [...ALL_EVENTS] } })),
    onSuccess: async (created) => {
      setSecret(created.secret);
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  if (secret)
    return (
      <div className="ui-section">
        <SecretBox label={t.webhooks.secret} value={secret} />
        <p>
          <Button onClick={onDone}>{t.common.close}</Button>
        </p>
      </div>
    );
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((body) => create.mutate(body))}>
      <h2>{t.webhooks.add}</h2>
      <TextField label={t.webhooks.url} type="url" required {...form.field('url')} />
      <FormActions submit={t.webhooks.add} busy={create.isPending} onCancel={onDone} />
    </form>
  );
}

export default function WebhooksPage() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const isOwner = useRoleAllows('owner');
  const isManager = useRoleAllows('manager');
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const endpoints = useQuery({ queryKey: KEY, queryFn: fetchEndpoints });
  const act = useMutation({
    mutationFn: async ({
      endpoint,
      action,
    }: {
      endpoint: Endpoint;
      action: 'enable' | 'disable' | 'test' | 'rotate-secret' | 'delete';
    }) => {
      const path = { params: { path: { id: endpoint.id } } };
      if (action === 'delete') return data(api.DELETE(`${CONSOLE_API}/webhooks/{id}`, path));
      if (action === 'rotate-secret') {
        const answer = await data(api.POST(`${CONSOLE_API}/webhooks/{id}/rotate-secret`, path));
        setRotated(answer.secret);
        return;
      }
      return data(api.POST(`${CONSOLE_API}/webhooks/{id}/${action}`, path));
    },
    onSuccess: async (_answer, { action }) => {
      toast.success(t.webhooks.done[action]);
      setDeleting(null);
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      setDeleting(null);
      toast.failure(error);
    },
  });
  const selectedEndpoint = endpoints.data?.data.find((e) => e.id === selected);
  return (
    <>
      <PageHeader
        title={t.webhooks.title}
        lead={t.webhooks.lead}
        actions={
          isOwner &&
          !adding && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t.webhooks.add}
            </Button>
          )
        }
      />
      {adding && <CreateForm onDone={() => setAdding(false)} />}
      {rotated && (
        <div className="ui-section">
          <SecretBox label={t.webhooks.newSecret} value={rotated} />
          <p>
            <Button onClick={() => setRotated(null)}>{t.common.close}</Button>
          </p>
        </div>
      )}
      {endpoints.isPending ? (
        <Loading />
      ) : endpoints.isError ? (
        <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.data.length === 0 ? (
        <EmptyState>{t.webhooks.empty}</EmptyState>
      ) : (
        <ul className="fp-endpoints ui-section">
          {endpoints.data.data.map((e) => (
            <li key={e.id} className="fp-endpoint">
              <p>
                <strong>{e.url}</strong>{' '}
                <span className="ui-badge">
                  {e.status === 'enabled' ? t.webhooks.enabled : t.webhooks.disabled(e.disabledReason ?? '')}
                </span>
              </p>
              <div className="ui-page-header__actions">
                <Button onClick={() => setSelected(e.id)}>{t.webhooks.showLog}</Button>
                {isManager && e.status === 'enabled' && (
                  <Button onClick={() => act.mutate({ endpoint: e, action: 'test' })}>
                    {t.webhooks.test}
                  </Button>
                )}
                {isOwner && (
                  <>
                    <Button
                      onClick={() =>
                        act.mutate({ endpoint: e, action: e.status === 'enabled' ? 'disable' : 'enable' })
                      }
                    >
                      {e.status === 'enabled' ? t.webhooks.disable : t.webhooks.enable}
                    </Button>
                    <Button onClick={() => act.mutate({ endpoint: e, action: 'rotate-secret' })}>
                      {t.webhooks.rotate}
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(e)}>
                      {t.webhooks.delete}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {selectedEndpoint && <Deliveries endpoint={selectedEndpoint} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t.webhooks.deleteTitle}
        confirmLabel={t.webhooks.delete}
        danger
        busy={act.isPending}
        onConfirm={() => deleting && act.mutate({ endpoint: deleting, action: 'delete' })}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? t.webhooks.deleteText(deleting.url) : ''}
      </ConfirmDialog>
    </>
  );
}
