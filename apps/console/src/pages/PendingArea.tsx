// What an area of the navigation shows until its page is built (issue 26 builds them in
// parallel); each area's engineer replaces their page module, and the last one deletes this file.
import { useT } from '../i18n/i18n.js';
import type { Messages } from '../i18n/messages.js';
import { PageHeader } from '../ui/PageHeader.js';
import { EmptyState } from '../ui/States.js';

export function PendingArea({ area }: { area: keyof Messages['nav'] }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t.nav[area]} />
      <EmptyState>{t.common.pendingArea}</EmptyState>
    </>
  );
}
