import { PendingArea } from '../PendingArea.js';

export default function WebhooksPage() {
  return <PendingArea area="webhooks" />;
}
