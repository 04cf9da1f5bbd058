// Users of the merchant's console: everyone sees the list, pending invitations first; an owner
// invites (the link is e-mailed, or shown once when the cloud sends no mail), changes roles,
// removes users and withdraws invitations.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { InviteUserBody } from '../../api/schemas.js';
import { useRoleAllows, useSession, type Role } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import type { Messages } from '../../i18n/messages.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { SelectField, TextField } from '../../ui/Field.js';
import { useSchemaForm } from '../../ui/form.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SecretBox } from '../../ui/SecretBox.js';
import { useToast } from '../../ui/Toasts.js';
import { useConfirmedAction } from '../../ui/confirmed-action.js';
import { FormActions } from '../../ui/FormActions.js';

const USERS_KEY = ['users'] as const;
const ROLES: readonly Role[] = ['viewer', 'manager', 'owner'];
const roleOptions = (t: Messages) => ROLES.map((role) => ({ value: role, label: t.roles[role] }));

/** A user, or an invitation not accepted yet (listed on the first page, before the users). */
interface User {
  id: string;
  email: string;
  role: Role;
  status: 'active' | 'invited';
}

async function fetchUsers(cursor: string | undefined) {
  const page = await data(
    api.GET(`${CONSOLE_API}/users`, { params: { query: { limit: 50, ...(cursor ? { cursor } : {}) } } }),
  );
  const invitations = cursor ? [] : (await data(api.GET(`${CONSOLE_API}/users/invitations`))).data;
  const rows: User[] = [
    ...invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, status: 'invited' as const })),
    ...page.data.map((u) => ({ id: u.id, email: u.email, role: u.role, status: 'active' as const })),
  ];
  return { ...page, data: rows };
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const form = useSchemaForm(InviteUserBody, { email: '', role: 'viewer' });
  const [link, setLink] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (body: typeof InviteUserBody._output) =>
      data(api.POST(`${CONSOLE_API}/users/invitations`, { body })),
    onSuccess: async (answer, body) => {
      toast.success(t.users.inviteSent(body.email));
      // Shown only when the cloud sent no mail; otherwise the mail is the only copy.
      if (answer.link) setLink(answer.link);
      else onDone();
      await client.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => {
      if (!form.showServerErrors(error)) toast.failure(error);
    },
  });
  if (link)
    return (
      <div className="ui-section">
        <SecretBox label={t.users.invitationLink} value={link} />
        <p>
          <Button onClick={onDone}>{t.common.close}</Button>
        </p>
      </div>
    );
  return (
    <form className="ui-form ui-section" noValidate onSubmit={form.submit((body) => invite.mutate(body))}>
      <h2>{t.users.invite}</h2>
      <TextField label={t.users.email} type="email" autoComplete="off" required {...form.field('email')} />
      <SelectField label={t.users.role} options={roleOptions(t)} {...form.field('role')} />
      <FormActions submit={t.users.inviteSend} busy={invite.isPending} onCancel={onDone} />
    </form>
  );
}

function RoleSelect({ user }: { user: User }) {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (role: Role) =>
      data(
        api.PATCH(`${CONSOLE_API}/users/{userId}`, { params: { path: { userId: user.id } }, body: { role } }),
      ),
    onSuccess: async (_answer, role) => {
      toast.success(t.users.roleChanged(user.email, t.roles[role]));
      await client.invalidateQueries({ queryKey: USERS_KEY });
    },
    onError: (error) => toast.failure(error),
  });
  return (
    <>
      <label className="ui-visually-hidden" htmlFor={`role-${user.id}`}>
        {t.users.changeRole(user.email)}
      </label>
      <select
        id={`role-${user.id}`}
        className="ui-input ui-input--compact"
        value={user.role}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value as Role)}
      >
        {roleOptions(t).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

export default function UsersPage() {
  const t = useT();
  const toast = useToast();
  const client = useQueryClient();
  const me = useSession().user;
  const isOwner = useRoleAllows('owner');
  const [inviting, setInviting] = useState(false);
  const pages = useCursorPages(USERS_KEY, fetchUsers);
  const remove = useConfirmedAction(
    (user: User) =>
      user.status === 'invited'
        ? data(
            api.DELETE(`${CONSOLE_API}/users/invitations/{invitationId}`, {
              params: { path: { invitationId: user.id } },
            }),
          )
        : data(api.DELETE(`${CONSOLE_API}/users/{userId}`, { params: { path: { userId: user.id } } })),
    async (_answer, user) => {
      toast.success(t.users.removed(user.email));
      await client.invalidateQueries({ queryKey: USERS_KEY });
    },
  );

  const columns: Column<User>[] = [
    {
      header: t.users.email,
      cell: (user) => (
        <>
          {user.email} {user.id === me.id && <span className="ui-badge">{t.users.you}</span>}
        </>
      ),
    },
    {
      header: t.users.role,
      cell: (user) =>
        isOwner && user.id !== me.id && user.status === 'active' ? (
          <RoleSelect user={user} />
        ) : (
          t.roles[user.role]
        ),
    },
    {
      header: t.users.status,
      cell: (user) => (user.status === 'invited' ? t.users.invited : t.users.active),
    },
    ...(isOwner
      ? [
          {
            header: t.common.actions,
            cell: (user: User) =>
              user.id !== me.id && (
                <Button
                  variant="danger"
                  onClick={() => remove.ask(user)}
                  aria-label={`${t.users.remove} ${user.email}`}
                >
                  {t.users.remove}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t.users.title}
        lead={isOwner ? t.users.lead : `${t.users.lead} ${t.users.ownerOnly}`}
        actions={
          isOwner &&
          !inviting && (
            <Button variant="primary" onClick={() => setInviting(true)}>
              {t.users.invite}
            </Button>
          )
        }
      />
      {inviting && <InviteForm onDone={() => setInviting(false)} />}
      <DataTable
        caption={t.users.title}
        columns={columns}
        rowKey={(user) => user.id}
        pages={pages}
        empty={t.users.empty}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={remove.subject ? t.users.removeTitle(remove.subject.email) : ''}
        confirmLabel={t.users.remove}
        danger
      >
        <p>{t.users.removeBody}</p>
      </ConfirmDialog>
    </>
  );
}
