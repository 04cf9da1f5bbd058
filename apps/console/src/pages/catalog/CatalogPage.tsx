import { PendingArea } from '../PendingArea.js';

export default function CatalogPage() {
  return <PendingArea area="catalog" />;
}
