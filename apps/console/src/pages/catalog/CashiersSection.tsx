// Cashiers who open shifts on the terminals: managers add one with a PIN, rename one, reset a
// PIN (a random one, shown once) and deactivate one. The cloud never shows a PIN again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { SelectField, TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { EmptyState, ErrorState, Loading } from '../../ui/States.js';
import { useToast } from '../../ui/Toasts.js';
import { useConfirmedAction } from '../../ui/confirmed-action.js';
import { CATALOG_KEY } from './catalog-api.js';
import { FormActions } from '../../ui/FormActions.js';

const CASHIERS_KEY = [...CATALOG_KEY, 'cashiers'] as const;
const fetchCashiers = () => data(api.GET(`${CONSOLE_API}/cashiers`));
type Cashier = Awaited<ReturnType<typeof fetchCashiers>>['data'][number];

const CashierForm = z.object({
  name: z.string().trim().min(1).max(60),
  role: z.enum(['cashier', 'administrator']),
  pin: z.string(),
});

function CashierEditor({ cashier, onDone }: { cashier: Cashier | null; onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const form = useSchemaForm(CashierForm, {
    name: cashier?.name ?? '',
    role: cashier?.role ?? 'cashier',
    pin: '',
  });
  const save = useMutation({
    mutationFn: (v: z.output<typeof CashierForm>) =>
      cashier
        ? data(
            api.PATCH(`${CONSOLE_API}/cashiers/{id}`, {
              params: { path: { id: cashier.id } },
              body: { name: v.name, role: v.role },
            }),
          )
        : data(api.POST(`${CONSOLE_API}/cashiers`, { body: v })),
    onSuccess: async (saved) => {
      toast.success(t.catalog.cashierSaved(saved.name));
      await client.invalidateQueries({ queryKey: CASHIERS_KEY });
      onDone();
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((v) => save.mutate(v))}>
      <h2>{cashier ? `${t.catalog.rename}: ${cashier.name}` : t.catalog.newCashier}</h2>
      <TextField label={t.catalog.cashierName} required {...form.field('name')} />
      <SelectField
        label={t.catalog.role}
        options={[
          { value: 'cashier', label: t.catalog.cashierRoles.cashier },
          { value: 'administrator', label: t.catalog.cashierRoles.administrator },
        ]}
        {...form.field('role')}
      />
      {!cashier && (
        <TextField
          label={t.catalog.pin}
          inputMode="numeric"
          autoComplete="off"
          required
          {...form.field('pin')}
        />
      )}
      <FormActions submit={t.common.save} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

export function CashiersSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const query = useQuery({ queryKey: CASHIERS_KEY, queryFn: fetchCashiers });
  const [editing, setEditing] = useState<Cashier | 'new' | null>(null);
  const [newPin, setNewPin] = useState<{ name: string; pin: string } | null>(null);
  const reset = useConfirmedAction(
    (c: Cashier) =>
      data(api.POST(`${CONSOLE_API}/cashiers/{id}/pin-reset`, { params: { path: { id: c.id } }, body: {} })),
    (answer) => setNewPin({ name: answer.cashier.name, pin: answer.pin }),
  );
  const remove = useConfirmedAction(
    (c: Cashier) => data(api.DELETE(`${CONSOLE_API}/cashiers/{id}`, { params: { path: { id: c.id } } })),
    async (_answer, c) => {
      toast.success(t.catalog.cashierDeactivated(c.name));
      await client.invalidateQueries({ queryKey: CASHIERS_KEY });
    },
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const cashiers = query.data.data;
  return (
    <section aria-label={t.catalog.cashiers}>
      {canWrite && editing === null && (
        <p>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t.catalog.newCashier}
          </Button>
        </p>
      )}
      {editing !== null && (
        <CashierEditor
          key={editing === 'new' ? 'new' : editing.id}
          cashier={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {newPin && (
        <div className="ui-section">
          <SecretBox label={t.catalog.newPin(newPin.name)} value={newPin.pin} />
          <p>
            <Button onClick={() => setNewPin(null)}>{t.common.close}</Button>
          </p>
        </div>
      )}
      {cashiers.length === 0 ? (
        <EmptyState>{t.catalog.noCashiers}</EmptyState>
      ) : (
        <div className="ui-table">
          <div className="ui-table__scroll" tabIndex={0} role="region" aria-label={t.catalog.cashiers}>
            <table>
              <caption className="ui-visually-hidden">{t.catalog.cashiers}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.catalog.cashierName}</th>
                  <th scope="col">{t.catalog.role}</th>
                  {canWrite && <th scope="col">{t.common.actions}</th>}
                </tr>
              </thead>
              <tbody>
                {cashiers.map((c) => (
                  <tr key={c.id}>
                    <td>{c.name}</td>
                    <td>{t.catalog.cashierRoles[c.role]}</td>
                    {canWrite && (
                      <td>
                        <Button
                          variant="ghost"
                          onClick={() => setEditing(c)}
                          aria-label={`${t.catalog.rename} ${c.name}`}
                        >
                          {t.catalog.rename}
                        </Button>
                        <Button
                          variant="ghost"
                          onClick={() => reset.ask(c)}
                          aria-label={`${t.catalog.pinReset} ${c.name}`}
                        >
                          {t.catalog.pinReset}
                        </Button>
                        <Button
                          variant="danger"
                          onClick={() => remove.ask(c)}
                          aria-label={`${t.catalog.deactivateCashier} ${c.name}`}
                        >
                          {t.catalog.deactivateCashier}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <ConfirmDialog
        {...reset.dialog}
        title={reset.subject ? t.catalog.pinResetTitle(reset.subject.name) : ''}
        confirmLabel={t.catalog.pinReset}
      >
        <p>{t.catalog.pinResetBody}</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...remove.dialog}
        title={remove.subject ? t.catalog.deactivateCashierTitle(remove.subject.name) : ''}
        confirmLabel={t.catalog.deactivateCashier}
        danger
      >
        <p>{t.catalog.deactivateCashierBody}</p>
      </ConfirmDialog>
    </section>
  );
}
