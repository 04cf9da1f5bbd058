import type { ReactNode } from 'react';

/** The top of every page: its one h1 (focused after navigation, see AppShell), a lead and actions. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <header className="ui-page-header">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        {lead && <p className="ui-page-header__lead">{lead}</p>}
      </div>
      {actions && <div className="ui-page-header__actions">{actions}</div>}
    </header>
  );
}
