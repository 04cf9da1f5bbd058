// The category tree: shown nested; managers add a category (at the top or below another),
// rename it, move it under another (the cloud refuses a move below itself) or delete an empty one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { SelectField, TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { EmptyState, ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { useConfirmedAction } from '../../ui/confirmed-action.js';
import { CATALOG_KEY, categoryPaths, fetchCategories, type Category } from './catalog-api.js';
import { FormActions } from '../../ui/FormActions.js';

const CategoryForm = z.object({ name: z.string().trim().min(1).max(100), parentId: z.string() });

function CategoryEditor({
  category,
  categories,
  onDone,
}: {
  category: Category | null;
  categories: readonly Category[];
  onDone: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const form = useSchemaForm(CategoryForm, {
    name: category?.name ?? '',
    parentId: category?.parentId ?? '',
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof CategoryForm>) => {
      const body = { name: v.name, parentId: v.parentId || null };
      return category
        ? data(api.PATCH(`${CONSOLE_API}/categories/{id}`, { params: { path: { id: category.id } }, body }))
        : data(api.POST(`${CONSOLE_API}/categories`, { body: { ...body, position: 0 } }));
    },
    onSuccess: async (saved) => {
      toast.success(t.catalog.categorySaved(saved.name));
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
      onDone();
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  const paths = categoryPaths(categories);
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((v) => save.mutate(v))}>
      <h2>{category ? `${t.catalog.rename}: ${category.name}` : t.catalog.newCategory}</h2>
      <TextField label={t.catalog.name} required {...form.field('name')} />
      <SelectField
        label={category ? t.catalog.move : t.catalog.parent}
        options={[
          { value: '', label: t.catalog.topLevel },
          ...categories
            .filter((c) => c.id !== category?.id)
            .map((c) => ({ value: c.id, label: paths.get(c.id) ?? c.name }))
            .sort((a, b) => a.label.localeCompare(b.label)),
        ]}
        {...form.field('parentId')}
      />
      <FormActions submit={t.common.save} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

export function CategoriesSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const query = useQuery({ queryKey: [...CATALOG_KEY, 'categories'], queryFn: fetchCategories });
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const remove = useConfirmedAction(
    (c: Category) => data(api.DELETE(`${CONSOLE_API}/categories/{id}`, { params: { path: { id: c.id } } })),
    async (_answer, c) => {
      toast.success(t.catalog.categoryDeleted(c.name));
      await client.invalidateQueries({ queryKey: CATALOG_KEY });
    },
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const categories = query.data.data;
  const children = (parentId: string | null) => categories.filter((c) => c.parentId === parentId);
  const tree = (parentId: string | null) => (
    <ul className="ui-tree">
      {children(parentId).map((c) => (
        <li key={c.id}>
          <span className="ui-tree__name">{c.name}</span>
          {canWrite && (
            <>
              <Button
                variant="ghost"
                onClick={() => setEditing(c)}
                aria-label={`${t.catalog.rename} ${c.name}`}
              >
                {t.catalog.rename}
              </Button>
              <Button
                variant="ghost"
                onClick={() => remove.ask(c)}
                aria-label={`${t.catalog.deleteCategory} ${c.name}`}
              >
                {t.catalog.deleteCategory}
              </Button>
            </>
          )}
          {children(c.id).length > 0 && tree(c.id)}
        </li>
      ))}
    </ul>
  );
  return (
    <section aria-label={t.catalog.categories}>
      {canWrite && editing === null && (
        <p>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t.catalog.newCategory}
          </Button>
        </p>
      )}
      {editing !== null && (
        <CategoryEditor
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          categories={categories}
          onDone={() => setEditing(null)}
        />
      )}
      {categories.length === 0 ? <EmptyState>{t.catalog.noCategories}</EmptyState> : tree(null)}
      <ConfirmDialog
        {...remove.dialog}
        title={remove.subject ? t.catalog.deleteCategoryTitle(remove.subject.name) : ''}
        confirmLabel={t.catalog.deleteCategory}
        danger
      >
        <p>{t.catalog.deleteCategoryBody}</p>
      </ConfirmDialog>
    </section>
  );
}
