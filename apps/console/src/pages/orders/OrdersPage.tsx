import { PendingArea } from '../PendingArea.js';

export default function OrdersPage() {
  return <PendingArea area="orders" />;
}
