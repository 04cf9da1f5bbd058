// A product's stock: on hand, the ledger newest first, and (managers) an adjustment with a
// reason. Each adjustment sends its own Idempotency-Key, so a retried click moves stock once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { KEY_OF_THIS_SUBMISSION } from '../../api/idempotency-keys.js';
import { useI18n, useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { CATALOG_KEY, formatNumber, type Product } from './catalog-api.js';
import { FormActions } from '../../ui/FormActions.js';

const fetchStock = (id: string, cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/products/{id}/stock`, {
      params: { path: { id }, query: { limit: 20, ...(cursor ? { cursor } : {}) } },
    }),
  );
type Movement = Awaited<ReturnType<typeof fetchStock>>['movements']['data'][number];

const AdjustForm = z.object({ delta: z.string().trim().min(1), reason: z.string().trim().min(1).max(200) });

function AdjustStock({ product }: { product: Product }) {
  const t = useT();
  const { locale } = useI18n();
  const toast = useToast();
  const client = useQueryClient();
  const form = useSchemaForm(AdjustForm, { delta: '', reason: '' });
  const adjust = useMutation({
    mutationFn: (body: { delta: number; reason: string }) =>
      data(
        api.POST(`${CONSOLE_API}/products/{id}/stock/adjustments`, {
          params: { path: { id: product.id }, header: KEY_OF_THIS_SUBMISSION },
          body,
        }),
      ),
    onSuccess: async (answer) => {
      toast.success(t.catalog.adjusted(formatNumber(answer.inventory.onHand, 3, locale)));
      form.setValues({ delta: '', reason: '' });
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  return (
    <form
      className="ui-form"
      noValidate
      onSubmit={form.submit((v) =>
        adjust.mutate({ delta: Number(v.delta.replace(',', '.')), reason: v.reason }),
      )}
    >
      <h3>{t.catalog.adjust}</h3>
      <TextField label={t.catalog.delta} inputMode="decimal" required {...form.field('delta')} />
      <TextField label={t.catalog.reason} required {...form.field('reason')} />
      <FormActions submit={t.catalog.adjust} busy={adjust.isPending} />
    </form>
  );
}

export function StockPanel({
  product,
  canWrite,
  onClose,
}: {
  product: Product;
  canWrite: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { locale } = useI18n();
  const current = useQuery({
    queryKey: [...CATALOG_KEY, 'stock', product.id],
    queryFn: () => fetchStock(product.id, undefined),
  });
  const pages = useCursorPages(
    [...CATALOG_KEY, 'ledger', product.id],
    async (cursor) => (await fetchStock(product.id, cursor)).movements,
  );
  const [when] = useState(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const columns: Column<Movement>[] = [
    { header: t.catalog.when, cell: (m) => when.format(new Date(m.createdAt)) },
    { header: t.catalog.change, numeric: true, cell: (m) => formatNumber(m.delta, 3, locale) },
    { header: t.catalog.reason, cell: (m) => m.reason },
    { header: t.catalog.source, cell: (m) => t.catalog.sources[m.sourceKind] },
  ];
  return (
    <section className="ui-section" aria-label={t.catalog.stockTitle(product.code)}>
      <h2>{t.catalog.stockTitle(product.code)}</h2>
      {current.isPending ? (
        <Loading />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <p className="ui-stock__on-hand">
          {t.catalog.onHand}:{' '}
          <strong>
            {formatNumber(current.data.inventory.onHand, 3, locale)} {current.data.inventory.unit}
          </strong>
        </p>
      )}
      {canWrite && <AdjustStock product={product} />}
      <h3>{t.catalog.ledger}</h3>
      <DataTable
        caption={t.catalog.ledger}
        columns={columns}
        rowKey={(m) => m.id}
        pages={pages}
        empty={t.catalog.noMovements}
      />
      <p>
        <Button onClick={onClose}>{t.common.close}</Button>
      </p>
    </section>
  );
}
