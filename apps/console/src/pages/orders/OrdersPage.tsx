// Orders from the shop's integrations, newest first, by status; a manager or owner confirms,
// fulfils or cancels one (the cloud's order use case, the one the integration API calls).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useRoleAllows } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { Button } from '../../ui/Button.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { SelectField } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useToast } from '../../ui/Toasts.js';

const STATUSES = ['draft', 'confirmed', 'fulfilled', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
type Change = 'confirm' | 'fulfil' | 'cancel';
/** What each status may become, as the cloud's lifecycle table says (orders/order-lifecycle.ts). */
const CHANGES: Readonly<Record<Status, readonly Change[]>> = {
  draft: ['confirm', 'cancel'],
  confirmed: ['fulfil', 'cancel'],
  fulfilled: [],
  cancelled: [],
};

const fetchOrders = (status: Status | '') => (cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/orders`, {
      params: { query: { limit: 50, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } },
    }),
  );
type Order = Awaited<ReturnType<ReturnType<typeof fetchOrders>>>['data'][number];

export default function OrdersPage() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const mayChange = useRoleAllows('manager');
  const [status, setStatus] = useState<Status | ''>('');
  const pages = useCursorPages(['orders', status], fetchOrders(status));
  const change = useMutation({
    mutationFn: ({ order, to }: { order: Order; to: Change }) =>
      data(api.POST(`${CONSOLE_API}/orders/{id}/${to}`, { params: { path: { id: order.id } } })),
    onSuccess: async (order) => {
      toast.success(t.orders.changed(order.externalOrderId, t.orders.statuses[order.status]));
      await client.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => toast.failure(error),
  });
  const columns: Column<Order>[] = [
    { header: t.orders.order, cell: (o) => o.externalOrderId },
    {
      header: t.orders.created,
      cell: (o) => new Date(o.createdAt).toLocaleString('en-GB', { timeZone: 'Europe/Chisinau' }),
    },
    { header: t.orders.customer, cell: (o) => o.customer.name },
    { header: t.orders.status, cell: (o) => t.orders.statuses[o.status] },
    { header: t.orders.total, cell: (o) => o.total.toFixed(2), numeric: true },
    ...(mayChange
      ? [
          {
            header: t.common.actions,
            cell: (o: Order) => (
              <span className="ui-page-header__actions">
                {CHANGES[o.status].map((to) => (
                  <Button
                    key={to}
                    variant={to === 'cancel' ? 'danger' : 'secondary'}
                    busy={
                      change.isPending && change.variables.order.id === o.id && change.variables.to === to
                    }
                    onClick={() => change.mutate({ order: o, to })}
                    aria-label={`${t.orders.actions[to]} ${o.externalOrderId}`}
                  >
                    {t.orders.actions[to]}
                  </Button>
                ))}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title={t.orders.title} lead={t.orders.lead} />
      <form className="ui-filters ui-section" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t.orders.status}
          value={status}
          onChange={(event) => setStatus(event.target.value as Status | '')}
          options={[
            { value: '', label: t.orders.all },
            ...STATUSES.map((s) => ({ value: s, label: t.orders.statuses[s] })),
          ]}
        />
      </form>
      <DataTable
        caption={t.orders.title}
        columns={columns}
        rowKey={(o) => o.id}
        pages={pages}
        empty={t.orders.empty}
      />
    </>
  );
}
