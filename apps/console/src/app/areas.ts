// The console's areas: one entry per item of the side navigation, in its order. Each area's page
// is its own module under pages/<area>/, loaded when first visited (its own chunk), and exports
// its page as default. To fill an area, replace its page module; to add one, add an entry here,
// its label under `nav` in every language, and its folder.
import type { ComponentType } from 'react';
import type { Messages } from '../i18n/messages.js';
import type { Role } from './session.js';

export interface Area {
  /** Under /console/; '' is the overview. */
  path: string;
  label: keyof Messages['nav'];
  load: () => Promise<{ default: ComponentType }>;
  /** The least role whose navigation lists it (the cloud refuses the others); none: every role. */
  least?: Role;
}

export const AREAS: readonly Area[] = [
  { path: '', label: 'overview', load: () => import('../pages/overview/OverviewPage.js') },
  { path: 'terminals', label: 'terminals', load: () => import('../pages/terminals/TerminalsPage.js') },
  {
    path: 'integration-keys',
    label: 'integrationKeys',
    load: () => import('../pages/integration-keys/IntegrationKeysPage.js'),
  },
  { path: 'catalog', label: 'catalog', load: () => import('../pages/catalog/CatalogPage.js') },
  { path: 'orders', label: 'orders', load: () => import('../pages/orders/OrdersPage.js') },
  { path: 'webhooks', label: 'webhooks', load: () => import('../pages/webhooks/WebhooksPage.js') },
  { path: 'sales', label: 'sales', load: () => import('../pages/sales/SalesPage.js') },
  { path: 'users', label: 'users', load: () => import('../pages/users/UsersPage.js') },
  {
    path: 'activity',
    label: 'activity',
    load: () => import('../pages/activity/ActivityPage.js'),
    least: 'manager',
  },
  { path: 'settings', label: 'settings', load: () => import('../pages/settings/SettingsPage.js') },
];
