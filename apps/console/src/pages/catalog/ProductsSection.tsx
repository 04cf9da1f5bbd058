// Products: the list (search, active or not, a page at a time), a product's form (new or edit),
// stop or resume selling, delete (after a confirmation), and its stock. The form checks only that what is required is there;
// every other rule is the cloud's product schema, whose refusals show inline under their fields.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useI18n, useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { SelectField, TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { useToast } from '../../ui/Toasts.js';
import {
  CATALOG_KEY,
  categoryPaths,
  fetchCategories,
  fetchProducts,
  formatNumber,
  type Product,
} from './catalog-api.js';
import { StockPanel } from './StockPanel.js';
import { FormActions } from '../../ui/FormActions.js';

const VAT_CODES = ['A', 'B', 'C', 'D', 'E', '_'] as const;

/** The form's fields, named as the cloud names them in its errors (`name.ro`, `vatCode`). */
const ProductForm = z.object({
  code: z.string().trim().min(1),
  'name.ro': z.string().trim().min(1),
  'name.ru': z.string(),
  'name.en': z.string(),
  price: z.string().trim().min(1),
  vatCode: z.enum(VAT_CODES),
  unit: z.string().trim().min(1),
  sku: z.string(),
  barcodes: z.string(),
  categoryId: z.string(),
});
type ProductFormValues = z.input<typeof ProductForm>;

const formOf = (p: Product | null): ProductFormValues => ({
  code: p?.code ?? '',
  'name.ro': p?.name.ro ?? '',
  'name.ru': p?.name.ru ?? '',
  'name.en': p?.name.en ?? '',
  price: p ? String(p.price) : '',
  vatCode: p?.vatCode ?? 'B',
  unit: p?.unit ?? 'buc',
  sku: p?.sku ?? '',
  barcodes: p?.barcodes.join(' ') ?? '',
  categoryId: p?.categoryId ?? '',
});

/** The API's body from the form: a decimal comma is read as a point; the cloud checks the rest. */
const bodyOf = (v: z.output<typeof ProductForm>) => ({
  code: v.code,
  name: {
    ro: v['name.ro'],
    ...(v['name.ru'].trim() ? { ru: v['name.ru'].trim() } : {}),
    ...(v['name.en'].trim() ? { en: v['name.en'].trim() } : {}),
  },
  price: Number(v.price.replace(',', '.')),
  vatCode: v.vatCode,
  unit: v.unit,
  sku: v.sku.trim() || null,
  barcodes: v.barcodes.split(/[\s,;|]+/).filter(Boolean),
  categoryId: v.categoryId || null,
});

function ProductEditor({ product, onDone }: { product: Product | null; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const categories = useQuery({ queryKey: [...CATALOG_KEY, 'categories'], queryFn: fetchCategories });
  const form = useSchemaForm(ProductForm, formOf(product));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) =>
      product
        ? data(api.PATCH(`${CONSOLE_API}/products/{id}`, { params: { path: { id: product.id } }, body }))
        : data(api.POST(`${CONSOLE_API}/products`, { body })),
    onSuccess: async (saved) => {
      toast.success(product ? t.catalog.saved(saved.code) : t.catalog.created(saved.code));
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
      onDone();
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  const paths = categoryPaths(categories.data?.data ?? []);
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((v) => save.mutate(bodyOf(v)))}>
      <h2>{product ? t.catalog.editTitle(product.code) : t.catalog.newProduct}</h2>
      <TextField label={t.catalog.code} required {...form.field('code')} />
      <TextField label={t.catalog.nameRo} required {...form.field('name.ro')} />
      <TextField label={t.catalog.nameRu} lang="ru" {...form.field('name.ru')} />
      <TextField label={t.catalog.nameEn} lang="en" {...form.field('name.en')} />
      <TextField label={t.catalog.price} inputMode="decimal" required {...form.field('price')} />
      <SelectField
        label={t.catalog.vatCode}
        options={VAT_CODES.map((code) => ({ value: code, label: code }))}
        {...form.field('vatCode')}
      />
      <TextField label={t.catalog.unit} required {...form.field('unit')} />
      <TextField label={t.catalog.sku} {...form.field('sku')} />
      <TextField label={t.catalog.barcodes} hint={t.catalog.barcodesHint} {...form.field('barcodes')} />
      <SelectField
        label={t.catalog.category}
        options={[
          { value: '', label: t.catalog.noCategory },
          ...[...paths]
            .map(([id, path]) => ({ value: id, label: path }))
            .sort((a, b) => a.label.localeCompare(b.label)),
        ]}
        {...form.field('categoryId')}
      />
      <FormActions submit={t.common.save} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

function ActiveToggle({ product }: { product: Product }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => {
      const params = { path: { id: product.id } };
      return data(
        product.active
          ? api.POST(`${CONSOLE_API}/products/{id}/deactivate`, { params })
          : api.POST(`${CONSOLE_API}/products/{id}/activate`, { params }),
      );
    },
    onSuccess: async () => {
      toast.success(product.active ? t.catalog.deactivated(product.code) : t.catalog.activated(product.code));
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
    },
    onError: (error) => toast.failure(error),
  });
  const label = product.active ? t.catalog.deactivate : t.catalog.activate;
  return (
    <Button
      variant="ghost"
      busy={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${label} ${product.code}`}
    >
      {label}
    </Button>
  );
}

/** The delete's confirmation; deleting goes through the integration API's DELETE use case. */
function DeleteProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (p: Product) =>
      data(api.DELETE(`${CONSOLE_API}/products/{id}`, { params: { path: { id: p.id } } })),
    onSuccess: async (_answer, p) => {
      toast.success(t.catalog.productDeleted(p.code));
      onClose();
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
    },
    onError: (error) => {
      onClose();
      toast.failure(error);
    },
  });
  return (
    <ConfirmDialog
      open={product !== null}
      title={product ? t.catalog.deleteProductTitle(product.code) : ''}
      confirmLabel={t.catalog.deleteProduct}
      danger
      busy={remove.isPending}
      onConfirm={() => product && remove.mutate(product)}
      onCancel={onClose}
    >
      <p>{t.catalog.deleteProductBody}</p>
    </ConfirmDialog>
  );
}

export function ProductsSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const { locale } = useI18n();
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [stockOf, setStockOf] = useState<Product | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const categories = useQuery({ queryKey: [...CATALOG_KEY, 'categories'], queryFn: fetchCategories });
  const paths = categoryPaths(categories.data?.data ?? []);
  const filters = { q, active, categoryId };
  const pages = useCursorPages([...CATALOG_KEY, 'products', filters], (cursor) =>
    fetchProducts(filters, cursor),
  );

  const columns: Column<Product>[] = [
    { header: t.catalog.code, cell: (p) => p.code },
    { header: t.catalog.name, cell: (p) => p.name.ro },
    { header: t.catalog.price, numeric: true, cell: (p) => formatNumber(p.price, 2, locale) },
    { header: t.catalog.vatCode, cell: (p) => p.vatCode },
    {
      header: t.catalog.onHand,
      numeric: true,
      cell: (p) => `${formatNumber(p.onHand, 3, locale)} ${p.unit}`,
    },
    {
      header: t.catalog.status,
      cell: (p) => <span className="ui-badge">{p.active ? t.catalog.active : t.catalog.inactive}</span>,
    },
    {
      header: t.common.actions,
      cell: (p) => (
        <>
          {canWrite && (
            <Button variant="ghost" onClick={() => setEditing(p)} aria-label={`${t.catalog.edit} ${p.code}`}>
              {t.catalog.edit}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setStockOf(p)} aria-label={`${t.catalog.stock} ${p.code}`}>
            {t.catalog.stock}
          </Button>
          {canWrite && <ActiveToggle product={p} />}
          {canWrite && (
            <Button
              variant="ghost"
              onClick={() => setDeleting(p)}
              aria-label={`${t.catalog.deleteProduct} ${p.code}`}
            >
              {t.catalog.deleteProduct}
            </Button>
          )}
        </>
      ),
    },
  ];

  return (
    <section aria-label={t.catalog.products}>
      <div className="ui-filters">
        <TextField
          label={t.catalog.search}
          hint={t.catalog.searchHint}
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <SelectField
          label={t.catalog.show}
          value={active}
          onChange={(event) => setActive(event.target.value)}
          options={[
            { value: '', label: t.catalog.all },
            { value: 'true', label: t.catalog.activeOnly },
            { value: 'false', label: t.catalog.inactiveOnly },
          ]}
        />
        <SelectField
          label={t.catalog.category}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
          options={[
            { value: '', label: t.catalog.all },
            ...[...paths]
              .map(([id, path]) => ({ value: id, label: path }))
              .sort((a, b) => a.label.localeCompare(b.label)),
          ]}
        />
        {canWrite && editing === null && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t.catalog.newProduct}
          </Button>
        )}
      </div>
      {editing !== null && (
        <ProductEditor
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {stockOf && <StockPanel product={stockOf} canWrite={canWrite} onClose={() => setStockOf(null)} />}
      <DataTable
        caption={t.catalog.products}
        columns={columns}
        rowKey={(p) => p.id}
        pages={pages}
        empty={t.catalog.empty}
      />
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
