// Who changed what in the shop, newest first (the cloud's audit log: docs/console.md, Activity),
// by person and by part of the console, a page at a time. Managers and owners see it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, CONSOLE_API, data } from '../../api/client.js';
import { useI18n, useT } from '../../i18n/i18n.js';
import type { Messages } from '../../i18n/messages.js';
import { DataTable, useCursorPages, type Column } from '../../ui/DataTable.js';
import { SelectField } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';

type Resource = keyof Messages['activity']['resources'];
type Action = keyof Messages['activity']['actions'];
type RefusedAction = keyof Messages['activity']['refusedActions'];

/** The filter's parts of the console, in the order of the side navigation. */
const RESOURCES: readonly Resource[] = [
  'terminals',
  'integration-keys',
  'integration-module',
  'categories',
  'products',
  'content-blocks',
  'cashiers',
  'orders',
  'webhooks',
  'users',
  'auth',
];

const fetchActivity = (actor: string, resource: Resource | '') => (cursor: string | undefined) =>
  data(
    api.GET(`${CONSOLE_API}/activity`, {
      params: {
        query: {
          limit: 50,
          ...(actor ? { actor } : {}),
          ...(resource ? { resource } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  );

type Entry = Awaited<ReturnType<ReturnType<typeof fetchActivity>>>['data'][number];

/** The team for the person filter (a person who left still shows in the rows, by address). */
const fetchPeople = () => data(api.GET(`${CONSOLE_API}/users`, { params: { query: { limit: 200 } } }));

const isAction = (t: Messages, operation: string): operation is Action => operation in t.activity.actions;
const isRefusedAction = (t: Messages, operation: string): operation is RefusedAction =>
  operation in t.activity.refusedActions;

/**
 * What was done, in words: every operation the cloud audits has its label (a test walks the
 * cloud's routes); one it stopped auditing since reads as another change, its id in the title.
 */
function actionOf(t: Messages, entry: Entry) {
  if (entry.status >= 400 && isRefusedAction(t, entry.operation))
    return t.activity.refusedActions[entry.operation];
  if (isAction(t, entry.operation)) return t.activity.actions[entry.operation];
  return <span title={entry.operation}>{t.activity.otherAction}</span>;
}

/** Ids longer than this are cut: the start tells them apart, the title holds the whole. */
const SHORT_ID = 10;

/**
 * What was changed: by the name it had then; a change from before names were kept, by its kind
 * and short id.
 */
function subjectOf(t: Messages, { subject }: Entry) {
  if (subject?.name) return subject.name;
  if (!subject?.id) return t.activity.nothing;
  const short = subject.id.length > SHORT_ID ? `${subject.id.slice(0, SHORT_ID)}…` : subject.id;
  return <span title={subject.id}>{t.activity.thing(t.activity.subjects[subject.kind], short)}</span>;
}

function outcome(t: Messages, entry: Entry): string {
  if (entry.status >= 400) return t.activity.refused(entry.status);
  return entry.replayed ? t.activity.replayed : t.activity.done;
}

export default function ActivityPage() {
  const t = useT();
  const { locale } = useI18n();
  const [actor, setActor] = useState('');
  const [resource, setResource] = useState<Resource | ''>('');
  const pages = useCursorPages(['activity', actor, resource], fetchActivity(actor, resource));
  const people = useQuery({ queryKey: ['users', 'all'], queryFn: fetchPeople });
  const [when] = useState(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
  );
  const columns: Column<Entry>[] = [
    { header: t.activity.when, cell: (e) => <time dateTime={e.at}>{when.format(new Date(e.at))}</time> },
    {
      header: t.activity.who,
      cell: (e) => (e.actor.kind === 'operator' ? t.activity.operator : e.actor.email),
    },
    {
      header: t.activity.what,
      cell: (e) => actionOf(t, e),
    },
    { header: t.activity.object, cell: (e) => subjectOf(t, e) },
    { header: t.activity.result, cell: (e) => outcome(t, e) },
  ];
  return (
    <>
      <PageHeader title={t.activity.title} lead={t.activity.lead} />
      <form className="ui-filters ui-section" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t.activity.person}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          options={[
            { value: '', label: t.activity.everyone },
            ...(people.data?.data ?? []).map((user) => ({ value: user.id, label: user.email })),
            { value: 'operator', label: t.activity.operator },
          ]}
        />
        <SelectField
          label={t.activity.resource}
          value={resource}
          onChange={(event) => setResource(event.target.value as Resource | '')}
          options={[
            { value: '', label: t.activity.everything },
            ...RESOURCES.map((r) => ({ value: r, label: t.activity.resources[r] })),
          ]}
        />
      </form>
      <DataTable
        caption={t.activity.title}
        columns={columns}
        rowKey={(e) => e.id}
        pages={pages}
        empty={t.activity.empty}
      />
    </>
  );
}
