// The Catalog area: products (with their stock), the category tree, the products CSV and the
// cashiers, one section at a time; the section is in the address (?section=), so a link or a
// reload keeps it. Viewers read everything; managers and owners change it (the cloud decides).
import { useSearchParams } from 'react-router';
import { useRoleAllows } from '../../app/session.js';
import { useT } from '../../i18n/i18n.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { CashiersSection } from './CashiersSection.js';
import { CategoriesSection } from './CategoriesSection.js';
import { ImportExportSection } from './ImportExportSection.js';
import { ProductsSection } from './ProductsSection.js';

const SECTIONS = ['products', 'categories', 'importExport', 'cashiers'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.some((s) => s === value);

export default function CatalogPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = isSection(requested) ? requested : 'products';
  const canWrite = useRoleAllows('manager');
  return (
    <>
      <PageHeader
        title={t.catalog.title}
        lead={canWrite ? t.catalog.lead : `${t.catalog.lead} ${t.catalog.viewerNote}`}
      />
      <nav className="ui-tabs" aria-label={t.catalog.sections}>
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            className={`ui-tabs__tab${s === section ? ' ui-tabs__tab--current' : ''}`}
            aria-current={s === section ? 'page' : undefined}
            onClick={() => setParams({ section: s })}
          >
            {t.catalog[s]}
          </button>
        ))}
      </nav>
      {section === 'products' && <ProductsSection canWrite={canWrite} />}
      {section === 'categories' && <CategoriesSection canWrite={canWrite} />}
      {section === 'importExport' && <ImportExportSection canWrite={canWrite} />}
      {section === 'cashiers' && <CashiersSection canWrite={canWrite} />}
    </>
  );
}
