// The first page after sign-in. The fleet's figures (terminals, sales, pending orders) join it
// from GET /api/console/v1/overview when that lands; until then it says who and where you are.
import { useSession } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { PageHeader } from '../../ui/PageHeader.js';

export default function OverviewPage() {
  const t = useT();
  const { user, merchant } = useSession();
  return (
    <>
      <PageHeader title={t.overview.title} lead={t.overview.lead(merchant.name)} />
      <dl className="ui-facts">
        <dt>{t.users.email}</dt>
        <dd>{user.email}</dd>
        <dt>{t.overview.yourRole}</dt>
        <dd>{t.roles[user.role]}</dd>
      </dl>
    </>
  );
}
