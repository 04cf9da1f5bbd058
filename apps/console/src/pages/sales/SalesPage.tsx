import { PendingArea } from '../PendingArea.js';

export default function SalesPage() {
  return <PendingArea area="sales" />;
}
